import type { BookMetadata, ChapterReadModel } from '@shelf/contracts';
import { strFromU8, unzipSync } from 'fflate';
import { coverSvg } from '../../catalog';
import { type EbookStory, xml } from './epub-documents';
import { epubPackage } from './epub-package';

const hostile = 'Tom & <Jerry> "quoted"';
const metadata = {
  book_id: 7,
  english_book_name: hostile,
  original_book_name: '二哈和他的白猫师尊',
  associated_names: ['Erha'],
  author: 'Rou Bao Bu Chi Rou',
  description: 'A *story*.',
  book_tl_note: '',
  genres: ['Romance'],
} as unknown as BookMetadata;
const chapter = (chapterId: number, notes: Partial<ChapterReadModel> = {}): ChapterReadModel =>
  ({ chapter_id: chapterId, book_id: 7, title: `Chapter ${chapterId} & more`, content: `Text of ${chapterId}`, footnote: '', chapter_author_note: '', chapter_tl_note: '', ...notes }) as ChapterReadModel;
const story: EbookStory = {
  metadata,
  chapters: [chapter(1, { chapter_tl_note: 'Shixiong: senior brother.' }), chapter(2), chapter(10)],
  identifier: 'tag:novels.example.com,2026:book/7',
  storyUrl: 'https://novels.example.com/7-tom-jerry-quoted',
  siteName: 'Novel Shelf',
  modified: '2026-11-27T10:00:00.123Z',
};
// A stand-in for the web app's writer: what the book does with the XHTML it gets, not how Markdown is parsed.
const toXhtml = (markdown: string) => `<p>${xml(markdown)}</p>`;

describe('the EPUB package', () => {
  const bytes = epubPackage(story, coverSvg(7, hostile, metadata.author), toXhtml);
  const files = unzipSync(bytes);
  const text = (name: string) => strFromU8(files[name]);

  it('starts with the mimetype entry, stored uncompressed with no extra field, as the format requires', () => {
    // Local file header: signature, version, flags, method (0 = stored) … name length at 26, extra length at 28.
    const header = Buffer.from(bytes.slice(0, 30 + 8 + 20));
    expect(header.readUInt32LE(0)).toBe(0x04034b50);
    expect(header.readUInt16LE(8)).toBe(0);
    expect(header.readUInt16LE(26)).toBe('mimetype'.length);
    expect(header.readUInt16LE(28)).toBe(0);
    expect(header.subarray(30, 38).toString()).toBe('mimetype');
    expect(header.subarray(38, 58).toString()).toBe('application/epub+zip');
  });

  it('lists every chapter in reading order in the package and the table of contents', () => {
    const opf = text('OEBPS/content.opf');
    const spine = [...opf.matchAll(/<itemref idref="([^"]+)"/g)].map((match) => match[1]);
    expect(spine).toEqual(['cover', 'title-page', 'nav', 'chapter-1', 'chapter-2', 'chapter-10']);
    const toc = [...text('OEBPS/nav.xhtml').matchAll(/<li><a href="([^"]+)">/g)].map((match) => match[1]);
    expect(toc).toEqual(['title.xhtml', 'chapter-1.xhtml', 'chapter-2.xhtml', 'chapter-10.xhtml']);
    expect(opf).toContain('<meta property="dcterms:modified">2026-11-27T10:00:00Z</meta>');
    expect(opf).toContain('<dc:identifier id="book-id">tag:novels.example.com,2026:book/7</dc:identifier>');
    expect(opf).toContain('properties="cover-image"');
  });

  it('escapes titles wherever they appear', () => {
    for (const name of ['OEBPS/content.opf', 'OEBPS/title.xhtml', 'OEBPS/cover.xhtml', 'OEBPS/cover.svg']) {
      expect(text(name)).not.toContain('<Jerry>');
      expect(text(name)).toContain('Tom &amp; &lt;Jerry&gt;');
    }
    expect(text('OEBPS/chapter-1.xhtml')).toContain('<h1>Chapter 1 &amp; more</h1>');
  });

  it("puts a chapter's notes after its text, only those it has", () => {
    const first = text('OEBPS/chapter-1.xhtml');
    expect(first.indexOf('<p>Text of 1</p>')).toBeLessThan(first.indexOf('<h2>TL Note</h2>'));
    expect(first).toContain('<p>Shixiong: senior brother.</p>');
    expect(first).not.toContain('Author Note');
    expect(text('OEBPS/chapter-2.xhtml')).not.toContain('<aside');
  });

  it('gives the same bytes for the same story', () => {
    expect(Buffer.from(epubPackage(story, coverSvg(7, hostile, metadata.author), toXhtml)).equals(Buffer.from(bytes))).toBe(true);
  });
});
