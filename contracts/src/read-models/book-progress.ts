import type { BookReadModel, ChapterSummary } from './catalog-read-models';

export interface BookProgress {
  /** Chapters by number. */
  chapters: ChapterSummary[];
  latest: ChapterSummary | null;
  wordCount: number;
  /** ISO time of the latest chapter upload, or of publication before the first chapter. */
  lastUpdated: string;
}

/** What a book's chapter list says about it: its latest chapter, total words and last update. */
export function bookProgress(book: Pick<BookReadModel, 'chapters' | 'published_at'>): BookProgress {
  const chapters = Object.values(book.chapters).sort((a, b) => a.chapter_id - b.chapter_id);
  const latest = chapters.at(-1) ?? null;
  const lastUpload = chapters.reduce<string | null>((max, c) => (max === null || c.uploaded_time > max ? c.uploaded_time : max), null);
  return {
    chapters,
    latest,
    wordCount: chapters.reduce((sum, chapter) => sum + chapter.word_count, 0),
    lastUpdated: lastUpload ?? book.published_at ?? new Date(0).toISOString(),
  };
}
