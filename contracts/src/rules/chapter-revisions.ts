import type { ChapterSummary } from '../read-models/catalog-read-models';

/**
 * The chapters whose text changed since the reader last opened them, ascending: those whose text as the reader read it
 * (`textsRead`, keyed `c{chapter_id}`) differs from the chapter list's. A chapter read before texts were kept, or
 * listed before they were, is not known to be revised.
 */
export function revisedChapters(textsRead: Readonly<Record<string, string>>, chapters: Readonly<Record<string, ChapterSummary>>): number[] {
  return Object.entries(textsRead)
    .flatMap(([key, read]) => {
      const chapter = chapters[key];
      return chapter?.text_hash !== undefined && chapter.text_hash !== read ? [chapter.chapter_id] : [];
    })
    .sort((a, b) => a - b);
}
