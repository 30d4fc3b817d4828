import {
  type BookDetail,
  type BookListItem,
  type BookMetadata,
  bookProgress,
  type BookReadModel,
  type ChapterListEntry,
  type ChapterSummary,
  type RelatedBookRef,
} from '@shelf/contracts';
import type { SearchBookDocument } from '@shelf/search-index';

/** A search document as a book card shows it. Public lists flag no updates: that flag is per reader. */
export function toBookListItem(doc: SearchBookDocument): BookListItem {
  return {
    book_id: doc.book_id,
    cover_image: doc.cover_image,
    english_book_name: doc.english_book_name,
    author: doc.author,
    book_word_count: doc.book_word_count,
    diversities: doc.diversities,
    completion_statuses: doc.completion_statuses,
    description: doc.description,
    last_updated: doc.last_updated,
    original_book_name: doc.original_book_name,
    latest_chapter: doc.latest_chapter,
    latest_chapter_title: doc.latest_chapter_title,
    like_count: doc.like_count,
    has_new_updates: false,
  };
}

const refs = (list: RelatedBookRef[]) => list.map((ref) => `${ref.book_id}-${ref.name}`).join(';');

export function toBookDetail(book: BookReadModel & { metadata: BookMetadata }): BookDetail {
  const { metadata } = book;
  const progress = bookProgress(book);
  return {
    book_id: book.book_id,
    english_book_name: metadata.english_book_name,
    author: metadata.author,
    cover_image: metadata.cover_image,
    book_word_count: progress.wordCount,
    raw_source: metadata.raw_source,
    description: metadata.description,
    book_tl_note: metadata.book_tl_note,
    last_updated: progress.lastUpdated,
    original_book_name: metadata.original_book_name,
    associated_names: metadata.associated_names.join(', '),
    completion_statuses: metadata.completion_statuses,
    diversities: metadata.diversities,
    endings: metadata.endings,
    genres: metadata.genres.join(', '),
    original_languages: metadata.original_languages,
    settings: metadata.settings.join(', '),
    tags: metadata.tags.join(', '),
    part_of_series: refs(metadata.part_of_series),
    shared_universe: refs(metadata.shared_universe),
    similar_theme: refs(metadata.similar_theme),
  };
}

export const toChapterListEntry = (chapter: ChapterSummary): ChapterListEntry => ({
  chapter_id: chapter.chapter_id,
  title: chapter.title,
  uploaded_time: chapter.uploaded_time,
});
