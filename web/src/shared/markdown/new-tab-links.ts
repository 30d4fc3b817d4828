import type { Root } from 'hast';
import { visit } from 'unist-util-visit';
import { NEW_TAB_REL } from './rehype-image-links';

/** Makes every link of a sanitized tree open in a new tab, without access to this page (reply cards' Markdown). */
export function openLinksInNewTab(tree: Root): Root {
  visit(tree, 'element', (element) => {
    if (element.tagName !== 'a' || typeof element.properties.href !== 'string' || element.properties.href === '') return;
    element.properties.target = '_blank';
    element.properties.rel = NEW_TAB_REL;
  });
  return tree;
}
