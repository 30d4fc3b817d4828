import { CatalogEventType, type ChapterData, type ChapterUpdatedV1 } from '@shelf/contracts';
import { chapterTextHash, emptyBook, reduceBook } from './catalog-reducers';

const chapter = (version: number, data: Partial<ChapterData>): ChapterUpdatedV1 => ({
  id: `e${version}`,
  streamId: 'chapter-7-1',
  version,
  type: version === 1 ? (CatalogEventType.ChapterPublished as never) : CatalogEventType.ChapterUpdated,
  data: { book_id: 7, chapter_id: 1, title: 'One', content: 'The first text.', footnote: '', chapter_author_note: '', chapter_tl_note: '', uploaded_time: '2026-11-01T00:00:00.000Z', ...data },
  metadata: { actor: 'editor', correlationId: 'k', causationId: null },
  occurredAt: '2026-11-01T00:00:00.000Z',
});

describe('the chapter list’s text hash', () => {
  it('changes when the text changes, and only then', () => {
    const published = reduceBook(emptyBook(7), chapter(1, {}));
    const first = published.chapters.c1.text_hash;
    expect(first).toBe(chapterTextHash('The first text.'));
    expect(first).toMatch(/^[0-9a-f]{16}$/);
    const retitled = reduceBook(published, chapter(2, { title: 'One, renamed', chapter_tl_note: 'A new note.' }));
    expect(retitled.chapters.c1).toMatchObject({ title: 'One, renamed', text_hash: first, version: 2 });
    const revised = reduceBook(retitled, chapter(3, { title: 'One, renamed', content: 'The first text, revised.' }));
    expect(revised.chapters.c1.text_hash).not.toBe(first);
    expect(revised.chapters.c1.text_hash).toBe(chapterTextHash('The first text, revised.'));
  });
});
