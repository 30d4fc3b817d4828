import { type BookMetadata, CatalogEventType, type ChapterData } from '@shelf/contracts';
import { deciderSpec, storedEvent, stream } from '@test/decider-spec';
import { decideBook, decideChapter } from './catalog-decisions';

const book = {
  book_id: 7, english_book_name: 'A Book', original_book_name: '一本书', associated_names: [], author: 'Someone', cover_image: '', raw_source: '',
  description: 'About it.', book_tl_note: '', genres: [], settings: [], tags: [], part_of_series: [], shared_universe: [], similar_theme: [],
} as unknown as BookMetadata;
const changedBook = { ...book, description: 'About it, better.' };
const chapter: ChapterData = {
  book_id: 7, chapter_id: 1, title: 'One', content: 'Text.', footnote: '', chapter_author_note: '', chapter_tl_note: '', uploaded_time: '2026-11-23T10:00:00.000Z',
};
const changedChapter = { ...chapter, content: 'Better text.' };

/** Given the book's or chapter's stream, when an editor saves it. */
const saveBook = deciderSpec(stream, decideBook);
const saveChapter = deciderSpec(stream, decideChapter);
const bookPublished = () => storedEvent('book-7', CatalogEventType.BookPublished, book);
const bookUpdated = () => storedEvent('book-7', CatalogEventType.BookUpdated, changedBook);
const chapterPublished = () => storedEvent('chapter-7-1', CatalogEventType.ChapterPublished, chapter);

describe('saving a book', () => {
  it('publishes a new book', () => saveBook.given().when(book).then([{ type: CatalogEventType.BookPublished, data: book }], 'published'));

  it('updates a changed book', () => saveBook.given(bookPublished()).when(changedBook).then([{ type: CatalogEventType.BookUpdated, data: changedBook }], 'updated'));

  it('leaves a book as its last update left it', () => saveBook.given(bookPublished(), bookUpdated()).when({ ...changedBook }).then([], 'unchanged'));

  it('updates a book changed back to how it was first published', () => saveBook.given(bookPublished(), bookUpdated()).when(book).thenAnswers('updated'));
});

describe('saving a chapter', () => {
  it('publishes a new chapter', () => saveChapter.given().when(chapter).then([{ type: CatalogEventType.ChapterPublished, data: chapter }], 'published'));

  it('updates a changed chapter', () =>
    saveChapter.given(chapterPublished()).when(changedChapter).then([{ type: CatalogEventType.ChapterUpdated, data: changedChapter }], 'updated'));

  it('leaves an unchanged chapter', () => saveChapter.given(chapterPublished()).when({ ...chapter }).then([], 'unchanged'));
});
