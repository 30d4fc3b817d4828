import { type CatalogEvent, CatalogEventType, type ChapterData, type ChapterReadModel } from '@shelf/contracts';
import { reduceChapter } from './catalog-reducers';
import { newChapterPush } from './new-chapter-push';

const data: ChapterData = {
  book_id: 4, chapter_id: 9, title: 'Chapter 9 - Snow on the Roof', content: 'one two three', footnote: '', chapter_author_note: '',
  chapter_tl_note: '', uploaded_time: '2026-03-01T12:00:00.000Z',
};
const event = (type: CatalogEvent['type'], version: number, changes: Partial<ChapterData> = {}): CatalogEvent =>
  ({
    id: `e${version}`, streamId: 'chapter-4-9', version, type, data: { ...data, ...changes },
    metadata: { actor: 't', correlationId: 'c', causationId: null }, occurredAt: '2026-03-01T12:00:00.000Z',
  }) as CatalogEvent;

describe('newChapterPush', () => {
  const published = event(CatalogEventType.ChapterPublished, 1);
  // The chapter document as the catalog projection leaves it after the first event.
  const projected = reduceChapter(null, published) as ChapterReadModel;

  it("announces a chapter published for the first time, with the book, the chapter's number and its title", () => {
    expect(newChapterPush(null, published)).toEqual({ book_id: 4, chapter_id: 9, title: 'Chapter 9 - Snow on the Roof' });
  });

  it('says nothing of an edit of the chapter', () => {
    expect(newChapterPush(projected, event(CatalogEventType.ChapterUpdated, 2, { title: 'Chapter 9 - Snow on the Palace Roof' }))).toBeNull();
    // Even an edit whose chapter the read model does not hold (its first event parked) is no new chapter.
    expect(newChapterPush(null, event(CatalogEventType.ChapterUpdated, 2))).toBeNull();
  });

  it('says nothing when the publication is applied again (a retried batch): it was announced the first time', () => {
    expect(newChapterPush(projected, published)).toBeNull();
  });

  it('says nothing of book events', () => {
    const book = { ...published, streamId: 'book-4', type: CatalogEventType.BookPublished, data: { book_id: 4 } } as unknown as CatalogEvent;
    expect(newChapterPush(null, book)).toBeNull();
  });
});
