import type { EmbeddedPageData, RenderedPage } from '@shelf/contracts';
import { PageDocument, type ViteManifest } from './page-document';

const template = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="The site." />
    <title>Novel Shelf</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
  </head>
  <body>
    <div id="root"></div>
    <script src="/ads.js"></script>
  </body>
</html>`;

const manifest: ViteManifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, css: ['assets/index-1.css'], imports: ['_shared-1.js'] },
  '_shared-1.js': { file: 'assets/shared-1.js' },
  'src/ChapterPage.tsx': { file: 'assets/ChapterPage-1.js', css: ['assets/ChapterPage-1.css'], imports: ['index.html', '_shared-1.js', '_notice-1.js'] },
  '_notice-1.js': { file: 'assets/notice-1.js', css: ['assets/notice-1.css'] },
  'src/dyslexic-font.css': { file: 'assets/dyslexic-font-1.css' },
};

/** A book whose title and text try to end the data's script element and run their own. */
const hostile = '</script><script>alert(1)</script><!-- & \u2028';

const page: RenderedPage = {
  html: '<main><h1>Chapter 1</h1></main>',
  title: `${hostile} | Novel Shelf`,
  description: `"${hostile}"`,
  modules: ['src/ChapterPage.tsx'],
  readerFont: 'src/dyslexic-font.css',
  feeds: [
    { href: '/api/feeds/stories/7.rss', type: 'application/rss+xml', title: `${hostile} on Novel Shelf (RSS)` },
    { href: '/api/feeds/stories/7.atom', type: 'application/atom+xml', title: 'A & B on Novel Shelf (Atom)' },
  ],
};
const data: EmbeddedPageData = {
  renderedAt: 1,
  data: { page: 'story', bookId: 7, answer: { error: { status: 404, message: `Book ${hostile} not found.` } } },
};

/** The built style sheets: each names its file. */
const read = (file: string) => `/* ${file} */`;

describe('PageDocument', () => {
  const html = new PageDocument(template, manifest, read).html(page, data);

  it('embeds the data so that no string in it can end its script element, and reads back as it was', () => {
    const scripts = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)];
    // The entry, the data and ads.js: the hostile text opened no script of its own.
    expect(scripts.map(([tag]) => tag.slice(0, tag.indexOf('>') + 1))).toEqual([
      '<script type="module" crossorigin src="/assets/index-1.js">',
      '<script type="application/json" id="page-data">',
      '<script src="/ads.js">',
    ]);
    const embedded = scripts[1][1];
    expect(embedded).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(embedded)).toEqual(data);
  });

  it('puts the rendered page in the root element, and its title and description as text', () => {
    expect(html).toContain('<div id="root"><main><h1>Chapter 1</h1></main></div>');
    expect(html).toContain('<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!-- &amp; \u2028 | Novel Shelf</title>');
    expect(html).toContain('<meta name="description" content="&quot;&lt;/script&gt;');
    expect(html).not.toContain('<script>alert(1)');
  });

  it("puts the entry's and the page's style sheets in the page, leaves its own scripts to the entry, and offers the reader's font to the early script", () => {
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head.match(/<style>[^<]*<\/style>/g)).toEqual([
      '<style>/* assets/index-1.css */</style>',
      '<style>/* assets/ChapterPage-1.css */</style>',
      '<style>/* assets/notice-1.css */</style>',
    ]);
    // The page's own style sheets are also linked, disabled (never fetched), so that the code's loader sees them there.
    expect(head.match(/<link rel="stylesheet"[^>]*>/g)).toEqual([
      '<link rel="stylesheet" crossorigin href="/assets/ChapterPage-1.css" disabled>',
      '<link rel="stylesheet" crossorigin href="/assets/notice-1.css" disabled>',
    ]);
    // Preloaded, they would compete with the page's text for a slow connection (the entry loads them to hydrate).
    expect(html).not.toContain('ChapterPage-1.js');
    expect(head).toContain('<meta charset="UTF-8" /><meta name="reader-font-stylesheet" content="/assets/dyslexic-font-1.css">');
  });

  it('links a style sheet that could end its <style> element instead', () => {
    const odd = new PageDocument(template, manifest, (file) => (file.includes('notice') ? 'a::after { content: "</style>" }' : '')).html(page, data);
    expect(odd).toContain('<link rel="stylesheet" crossorigin href="/assets/notice-1.css">');
  });

  it("offers the page's feeds in its head, escaped, for the app to take over", () => {
    const head = html.slice(0, html.indexOf('</head>'));
    const links = [...head.matchAll(/<link rel="alternate"[^>]*>/g)].map(([link]) => link);
    expect(links).toEqual([
      '<link rel="alternate" type="application/rss+xml" title="&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!-- &amp; \u2028 on Novel Shelf (RSS)" href="/api/feeds/stories/7.rss" data-feed>',
      '<link rel="alternate" type="application/atom+xml" title="A &amp; B on Novel Shelf (Atom)" href="/api/feeds/stories/7.atom" data-feed>',
    ]);
  });
});
