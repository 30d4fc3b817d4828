import type { Element, ElementContent, Root, RootContent } from 'hast';

/** What a link to somebody else's content carries: no access to this page, no referrer, no endorsement. */
export const NEW_TAB_REL = ['noopener', 'noreferrer', 'nofollow', 'ugc'];

/**
 * A rehype plugin for after sanitizing: every image with an address loads lazily and, unless it is already inside a
 * link, becomes a link to the full image in a new tab. It adds only these fixed attributes and the image's own
 * (sanitized) address, so what the sanitizer let through stays all there is.
 */
export function rehypeImageLinks() {
  return (tree: Root) => {
    tree.children = tree.children.map((child) => wrapImages(child, false)) as RootContent[];
  };
}

function wrapImages<T extends RootContent | ElementContent>(node: T, inLink: boolean): T | Element {
  if (node.type !== 'element') return node;
  if (node.tagName === 'img') {
    const src = node.properties.src;
    if (typeof src !== 'string' || src === '') return node;
    const image: Element = { ...node, properties: { ...node.properties, loading: 'lazy', decoding: 'async' } };
    if (inLink) return image;
    return {
      type: 'element',
      tagName: 'a',
      properties: { href: src, target: '_blank', rel: NEW_TAB_REL, className: ['markdown__image-link'] },
      children: [image],
    };
  }
  const linked = inLink || node.tagName === 'a';
  return { ...node, children: node.children.map((child) => wrapImages(child, linked)) };
}
