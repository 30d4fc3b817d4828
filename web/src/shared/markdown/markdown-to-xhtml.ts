import type { Element, ElementContent, Root, RootContent } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { markdownToHast } from './markdown-to-hast';

/**
 * Markdown as the site renders it (markdownToHast: the same parsing and sanitizing), written as XHTML for documents
 * the server makes (the EPUB download): empty elements closed, every attribute quoted, characters escaped as XML
 * reads them. An e-book may not load images from the web (EPUB 3), so an image becomes a link to it, named by its
 * description. What means nothing inside the book is left out: the site's classes, ids and lazy loading, and the
 * addresses of links that are not absolute (a relative one would point at a file the book does not have).
 */
export function markdownToXhtml(markdown: string): string {
  const tree = markdownToHast(markdown);
  tree.children = tree.children.map(forEbook) as RootContent[];
  return toHtml(tree as Root, { space: 'html', closeSelfClosing: true, closeEmptyElements: false, allowDangerousCharacters: false, characterReferences: { useNamedReferences: false } });
}

function forEbook<T extends RootContent | ElementContent>(node: T): T | Element | ElementContent {
  if (node.type !== 'element') return node;
  if (node.tagName === 'img') return imageLink(node);
  // rehypeImageLinks wrapped each image in a link to itself: that link stands for the image now.
  const only = node.children.length === 1 ? node.children[0] : undefined;
  if (node.tagName === 'a' && only?.type === 'element' && only.tagName === 'img') return imageLink(only);
  const { href } = node.properties;
  const properties = node.tagName === 'a' ? { href: absolute(href) } : { ...node.properties, className: undefined, id: undefined, name: undefined };
  return { ...node, properties, children: node.children.map(forEbook) as ElementContent[] };
}

const absolute = (href: unknown): string | undefined => (typeof href === 'string' && /^[a-z][a-z\d+.-]*:/i.test(href) ? href : undefined);

function imageLink(image: Element): Element {
  const alt = typeof image.properties.alt === 'string' && image.properties.alt.trim() !== '' ? image.properties.alt.trim() : 'image';
  return { type: 'element', tagName: 'a', properties: { href: absolute(image.properties.src) }, children: [{ type: 'text', value: `[${alt}]` }] };
}
