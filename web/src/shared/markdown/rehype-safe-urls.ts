import type { Root } from 'hast';
import { visit } from 'unist-util-visit';
import { safeUrl } from './safe-url';

const URL_PROPERTIES = ['href', 'src'] as const;

/** A rehype plugin emptying every link and image address that `safeUrl` refuses. */
export function rehypeSafeUrls() {
  return (tree: Root) => {
    visit(tree, 'element', (element) => {
      for (const property of URL_PROPERTIES) {
        const value = element.properties[property];
        if (typeof value === 'string') element.properties[property] = safeUrl(value);
      }
    });
  };
}
