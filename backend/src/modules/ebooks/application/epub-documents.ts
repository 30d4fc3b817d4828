import type { BookMetadata, ChapterReadModel } from '@shelf/contracts';

// The documents inside a story's EPUB 3 (epub-package.ts zips them): the package document, the navigation document,
// the cover, title and chapter pages, and the style sheet. Markdown arrives already written as XHTML (`Xhtml`).

/** Markdown written as XHTML by the web app's own pipeline (markdownToXhtml). */
export type Xhtml = (markdown: string) => string;

/** Everything the book holds about its story, read when it is built. */
export interface EbookStory {
  metadata: BookMetadata;
  /** Published chapters, by number. */
  chapters: ChapterReadModel[];
  /** The book's lasting identifier: a `tag:` URI of the site and the book id (the title may change, this does not). */
  identifier: string;
  /** The story's page on the site. */
  storyUrl: string;
  siteName: string;
  /** ISO time of the story's last change (publication or a chapter's upload or revision). */
  modified: string;
}

/** Escapes text for XML content and attribute values. */
export const xml = (text: string): string =>
  text.replace(/[<>&'"]/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char]!);

/** A chapter's file inside the book. */
export const chapterFile = (chapterId: number): string => `chapter-${chapterId}.xhtml`;

const CHAPTER_NOTES = [
  { field: 'footnote', title: 'Footnote' },
  { field: 'chapter_author_note', title: 'Author Note' },
  { field: 'chapter_tl_note', title: 'TL Note' },
] as const;

const page = (title: string, body: string, type: string): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE html>\n` +
  `<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="en" lang="en">\n` +
  `<head><meta charset="UTF-8" /><title>${xml(title)}</title><link rel="stylesheet" type="text/css" href="style.css" /></head>\n` +
  `<body epub:type="${type}">\n${body}\n</body>\n</html>\n`;

/** The EPUB 3 package document: what the book is, what it holds, and the reading order. */
export function packageDocument(story: EbookStory): string {
  const { metadata, chapters } = story;
  const modified = new Date(story.modified).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const items = [
    '<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>',
    '<item id="style" href="style.css" media-type="text/css"/>',
    '<item id="cover-image" href="cover.svg" media-type="image/svg+xml" properties="cover-image"/>',
    '<item id="cover" href="cover.xhtml" media-type="application/xhtml+xml"/>',
    '<item id="title-page" href="title.xhtml" media-type="application/xhtml+xml"/>',
    ...chapters.map((chapter) => `<item id="chapter-${chapter.chapter_id}" href="${chapterFile(chapter.chapter_id)}" media-type="application/xhtml+xml"/>`),
  ];
  const spine = ['<itemref idref="cover" linear="no"/>', '<itemref idref="title-page"/>', '<itemref idref="nav" linear="no"/>', ...chapters.map((chapter) => `<itemref idref="chapter-${chapter.chapter_id}"/>`)];
  const creators = metadata.author.trim() === '' ? [] : [`<dc:creator id="author">${xml(metadata.author)}</dc:creator>`, '<meta refines="#author" property="role" scheme="marc:relators">aut</meta>'];
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="en">\n` +
    `<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">\n` +
    [
      `<dc:identifier id="book-id">${xml(story.identifier)}</dc:identifier>`,
      `<dc:title>${xml(metadata.english_book_name)}</dc:title>`,
      '<dc:language>en</dc:language>',
      ...creators,
      `<dc:publisher>${xml(story.siteName)}</dc:publisher>`,
      `<dc:source>${xml(story.storyUrl)}</dc:source>`,
      ...metadata.genres.map((genre) => `<dc:subject>${xml(genre)}</dc:subject>`),
      `<meta property="dcterms:modified">${modified}</meta>`,
    ].join('\n') +
    `\n</metadata>\n<manifest>\n${items.join('\n')}\n</manifest>\n<spine>\n${spine.join('\n')}\n</spine>\n</package>\n`
  );
}

/** The navigation document: the table of contents (title page and every chapter) and the landmarks. */
export function navDocument(story: EbookStory): string {
  const entries = [`<li><a href="title.xhtml">${xml(story.metadata.english_book_name)}</a></li>`, ...story.chapters.map((chapter) => `<li><a href="${chapterFile(chapter.chapter_id)}">${xml(chapterHeading(chapter))}</a></li>`)];
  const firstChapter = story.chapters[0];
  const landmarks = [
    '<li><a epub:type="cover" href="cover.xhtml">Cover</a></li>',
    '<li><a epub:type="titlepage" href="title.xhtml">Title page</a></li>',
    ...(firstChapter ? [`<li><a epub:type="bodymatter" href="${chapterFile(firstChapter.chapter_id)}">Start reading</a></li>`] : []),
  ];
  return page(
    'Contents',
    `<nav epub:type="toc" id="toc"><h1>Contents</h1>\n<ol>\n${entries.join('\n')}\n</ol></nav>\n` +
      `<nav epub:type="landmarks" id="landmarks" hidden="hidden"><h2>Landmarks</h2>\n<ol>\n${landmarks.join('\n')}\n</ol></nav>`,
    'frontmatter',
  );
}

export function coverDocument(story: EbookStory): string {
  return page('Cover', `<div class="cover"><img src="cover.svg" alt="${xml(`Cover of ${story.metadata.english_book_name}`)}" /></div>`, 'cover');
}

/** The title page: the story's names, author, description and translator's note, and where it is read online. */
export function titleDocument(story: EbookStory, toXhtml: Xhtml): string {
  const { metadata } = story;
  const names = [metadata.original_book_name, ...metadata.associated_names].filter((name) => name.trim() !== '');
  const parts = [
    `<h1>${xml(metadata.english_book_name)}</h1>`,
    ...(names.length > 0 ? [`<p class="names">${names.map(xml).join(' · ')}</p>`] : []),
    ...(metadata.author.trim() !== '' ? [`<p class="author">by ${xml(metadata.author)}</p>`] : []),
    `<section class="description"><h2>Description</h2>\n${toXhtml(metadata.description)}</section>`,
    ...(metadata.book_tl_note.trim() !== '' ? [`<section class="note"><h2>Translator Note</h2>\n${toXhtml(metadata.book_tl_note)}</section>`] : []),
    `<p class="source">Read online, with comments, at ${xml(story.siteName)}: <a href="${xml(story.storyUrl)}">${xml(story.storyUrl)}</a></p>`,
  ];
  return page(metadata.english_book_name, `<section epub:type="titlepage">\n${parts.join('\n')}\n</section>`, 'frontmatter');
}

/** A chapter's heading as the table of contents and its page show it. */
export const chapterHeading = (chapter: Pick<ChapterReadModel, 'chapter_id' | 'title'>): string => chapter.title.trim() || `Chapter ${chapter.chapter_id}`;

/** A chapter: its title, its text, then its Footnote, Author Note and TL Note, each only when it has text. */
export function chapterDocument(chapter: ChapterReadModel, toXhtml: Xhtml): string {
  const notes = CHAPTER_NOTES.filter(({ field }) => chapter[field].trim() !== '').map(
    ({ field, title }) => `<aside class="note"><h2>${title}</h2>\n${toXhtml(chapter[field])}</aside>`,
  );
  const heading = chapterHeading(chapter);
  return page(heading, `<section epub:type="chapter">\n<h1>${xml(heading)}</h1>\n${toXhtml(chapter.content)}\n${notes.join('\n')}\n</section>`, 'bodymatter');
}

/** Plain, e-reader-friendly styles: the reader's own font and margins win everywhere else. */
export const STYLE_SHEET = `h1 { font-size: 1.5em; margin: 1em 0; }
h2 { font-size: 1.15em; margin: 1.5em 0 0.5em; }
p { margin: 0 0 0.8em; }
.cover { text-align: center; }
.cover img { max-width: 100%; max-height: 100%; }
.names, .author { font-style: italic; }
.note { margin-top: 2em; padding-top: 0.5em; border-top: 1px solid #999; font-size: 0.95em; }
.source { margin-top: 2em; font-size: 0.9em; }
`;
