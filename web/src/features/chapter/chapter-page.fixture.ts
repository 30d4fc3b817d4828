import type { ChapterContent, ChapterPageResponse } from '@shelf/contracts';

/** Test data: book 12, "The Moon's Reply!", with chapters 101, 102 and 103, and book 13 after it. */
export const BOOK_SLUG = '12-the-moons-reply';
export const CHAPTER_IDS = [101, 102, 103];

export function chapterPageResponse(chapterId: number, overrides: Partial<ChapterContent> = {}): ChapterPageResponse {
  const index = CHAPTER_IDS.indexOf(chapterId);
  return {
    chapterContent: {
      chapter_id: chapterId,
      book_id: 12,
      title: `Chapter ${index + 1}: Night Rain`,
      chapter_word_count: 1234,
      content: 'The rain had not stopped for three days.\n\nHe opened the **window** anyway.',
      previous_chapter_id: index > 0 ? CHAPTER_IDS[index - 1] : null,
      next_chapter_id: index < CHAPTER_IDS.length - 1 ? CHAPTER_IDS[index + 1] : null,
      footnote: '',
      chapter_author_note: '',
      chapter_tl_note: '',
      uploaded_time: '2026-11-01T00:00:00.000Z',
      last_updated_time: '2026-11-01T00:00:00.000Z',
      ...overrides,
    },
    chapterList: CHAPTER_IDS.map((id, i) => ({ chapter_id: id, title: `Chapter ${i + 1}: Night Rain`, uploaded_time: '2026-11-01T00:00:00.000Z' })),
    bookDetails: { book_id: 12, english_book_name: "The Moon's Reply!", description: 'A story.' },
    nextBook: { book_id: 13, english_book_name: 'Snow & Ashes: Part II' },
    randomBooks: [],
    glossary: [],
  };
}
