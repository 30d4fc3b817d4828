import { createContext, useContext } from 'react';

/**
 * What a chapter page offers its comment thread about the chapter's paragraphs (issue 47, paragraph comments): the
 * chapter's thread marks each comment on a paragraph by it. Absent outside a chapter page (a story's thread has none).
 */
export interface ParagraphThreads {
  /** Whether the chapter's text, as shown, has the paragraph `key`. */
  shows: (key: string) => boolean;
  /** Brings paragraph `key` into view and opens its thread. */
  open: (key: string) => void;
}

export const ParagraphThreadsContext = createContext<ParagraphThreads | null>(null);

export const useParagraphThreads = (): ParagraphThreads | null => useContext(ParagraphThreadsContext);
