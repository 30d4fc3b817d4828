import { type AnyDomainEvent, type BookMetadata, CatalogEventType, type ChapterData } from '@shelf/contracts';
import { decideBook, decideChapter } from './catalog-decisions';

const book = {
  book_id: 7, english_book_name: 'A Book', original_book_name: '一本书', associated_names: [], author: 'Someone', cover_image: '', raw_source: '',
  description: 'About it.', book_tl_note: '', genres: [], settings: [], tags: [], part_of_series: [], shared_universe: [], similar_theme: [],
} as unknown as BookMetadata;
const chapter: ChapterData = {
  book_id: 7, chapter_id: 1, title: 'One', content: 'Text.', footnote: '', chapter_author_note: '', chapter_tl_note: '', uploaded_time: '2026-11-23T10:00:00.000Z',
};

/** Given the book's or chapter's stream, when an editor saves it, then this event (or none). */
const given = (...events: [string, object][]): AnyDomainEvent[] =>
  events.map(([type, data], i) => ({ id: `e${i}`, streamId: 's', version: i + 1, type, data, metadata: { actor: 'x', correlationId: 'k', causationId: null }, occurredAt: '2026-11-23T10:00:00.000Z' }) as AnyDomainEvent);

describe('saving the catalog', () => {
  it('publishes a new book, updates a changed one, and leaves an unchanged one', () => {
    expect(decideBook(given(), book)).toEqual({ outcome: 'published', events: [{ type: CatalogEventType.BookPublished, data: book }] });
    const changed = { ...book, description: 'About it, better.' };
    expect(decideBook(given([CatalogEventType.BookPublished, book]), changed)).toEqual({ outcome: 'updated', events: [{ type: CatalogEventType.BookUpdated, data: changed }] });
    expect(decideBook(given([CatalogEventType.BookPublished, book], [CatalogEventType.BookUpdated, changed]), { ...changed })).toEqual({ outcome: 'unchanged', events: [] });
    expect(decideBook(given([CatalogEventType.BookPublished, book], [CatalogEventType.BookUpdated, changed]), book).outcome).toBe('updated');
  });

  it('publishes a new chapter, updates a changed one, and leaves an unchanged one', () => {
    expect(decideChapter(given(), chapter)).toEqual({ outcome: 'published', events: [{ type: CatalogEventType.ChapterPublished, data: chapter }] });
    const changed = { ...chapter, content: 'Better text.' };
    expect(decideChapter(given([CatalogEventType.ChapterPublished, chapter]), changed)).toEqual({ outcome: 'updated', events: [{ type: CatalogEventType.ChapterUpdated, data: changed }] });
    expect(decideChapter(given([CatalogEventType.ChapterPublished, chapter]), { ...chapter })).toEqual({ outcome: 'unchanged', events: [] });
  });
});
