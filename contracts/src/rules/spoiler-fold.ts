/**
 * The chapter a reader is on, when a comment on `commentChapterId` is to be folded for them as a spoiler: it is on a
 * chapter later than the one they are on. Null when it shows as it is: a comment on the story (no chapter), on the
 * chapter they are on or an earlier one, a reader with no place in the book, or one who turned folding off.
 */
export function spoilerFoldFor(commentChapterId: number | null | undefined, readerChapterId: number | null | undefined, fold: boolean): number | null {
  if (!fold || commentChapterId === null || commentChapterId === undefined || readerChapterId === null || readerChapterId === undefined) return null;
  return commentChapterId > readerChapterId ? readerChapterId : null;
}

/** What a folded comment says in place of its text. */
export const spoilerFoldLine = (commentChapterId: number, readerChapterId: number): string =>
  `Comment on chapter ${commentChapterId} — you are on chapter ${readerChapterId}`;
