import type { ChapterPublishedPush } from '@shelf/contracts';

/** A title that already says which chapter it is ("Chapter 12", "Chapter 12 - The Gate"). */
const NUMBERED = /^chapter\s+\d/i;

/** How the notice names a new chapter: "Chapter 12 – The Gate", or its title when that already holds the number. */
export const chapterLabel = ({ chapter_id, title }: Pick<ChapterPublishedPush, 'chapter_id' | 'title'>): string => {
  const trimmed = title.trim();
  if (trimmed === '') return `Chapter ${chapter_id}`;
  return NUMBERED.test(trimmed) ? trimmed : `Chapter ${chapter_id} – ${trimmed}`;
};
