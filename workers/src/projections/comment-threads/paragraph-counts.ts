import type { CommentEntry } from '@shelf/contracts';

/** A change of one paragraph's count of shown comments (CommentThreadReadModel.paragraphs). */
export interface ParagraphStep {
  paragraph: string;
  by: number;
}

/** Whether readers are shown the comment (a deleted or removed one is not counted on its paragraph). */
export const isShown = (entry: CommentEntry): boolean => !entry.deleted && !entry.removed;

/** The step `by` of the entry's paragraph, or null for a comment on no paragraph or no step. */
export const paragraphStep = (entry: CommentEntry, by: number): ParagraphStep | null => (entry.paragraph && by !== 0 ? { paragraph: entry.paragraph, by } : null);

/** The counts after a step; a paragraph whose count reaches 0 is left out. */
export function stepped(counts: Readonly<Record<string, number>>, { paragraph, by }: ParagraphStep): Record<string, number> {
  const { [paragraph]: count = 0, ...others } = counts;
  const next = count + by;
  return next > 0 ? { ...others, [paragraph]: next } : others;
}
