import { type BookReadModel, bookProgress } from '@shelf/contracts';
import type { SearchBookDocument } from '@shelf/search-index';

/** The search document of a book with its like count, or null while the book has no metadata (a chapter arrived first). */
export function toSearchDocument(book: BookReadModel, likeCount: number): SearchBookDocument | null {
  const { metadata } = book;
  if (!metadata) return null;
  const progress = bookProgress(book);
  return {
    book_id: book.book_id,
    english_book_name: metadata.english_book_name,
    original_book_name: metadata.original_book_name,
    associated_names: metadata.associated_names,
    author: metadata.author,
    cover_image: metadata.cover_image,
    description: metadata.description,
    book_word_count: progress.wordCount,
    diversities: metadata.diversities,
    original_languages: metadata.original_languages,
    completion_statuses: metadata.completion_statuses,
    endings: metadata.endings,
    genres: metadata.genres,
    settings: metadata.settings,
    tags: metadata.tags,
    last_updated: progress.lastUpdated,
    last_updated_ms: Date.parse(progress.lastUpdated),
    latest_chapter: progress.latest?.chapter_id ?? null,
    latest_chapter_title: progress.latest?.title ?? null,
    like_count: likeCount,
  };
}
