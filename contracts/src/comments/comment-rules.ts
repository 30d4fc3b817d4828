/** The rules of comment text, cooldown and removal, shared by the web client (checked before sending) and the server. */

import { countWords } from '../catalog/word-count';

export const COMMENT_RULES = {
  minWords: 5,
  minLength: 20,
  /** Not in the spec: a bound so one comment cannot fill a thread. */
  maxLength: 10_000,
  maxWordLength: 50,
  /** A character repeated this many times in a row is rejected. */
  repeatedCharacters: 11,
  /** A word repeated this many times in a row is rejected. */
  repeatedWords: 4,
  cooldownMs: 30_000,
  /** Reports that remove a comment. */
  removalReports: 10,
} as const;

export const CommentMessage = {
  tooFewWords: 'Your comment must have at least 5 words.',
  tooShort: 'Your comment must be at least 20 characters long.',
  tooLong: `Your comment must be at most ${COMMENT_RULES.maxLength} characters long.`,
  longWord: 'Words in your comment should not exceed 50 characters.',
  repeatedCharacters: 'Please do not use excessive repeated characters.',
  spammy: 'Your comment appears to be spammy. Please revise.',
  logInToComment: 'Please log in and verify your email to comment.',
  logInToReply: 'Please log in and verify your email to reply.',
  logInToLikeStory: 'You must log in to like a story.',
  logInToLikeComment: 'You must log in to like a comment.',
  confirmReport: 'Are you sure you want to report this comment?',
  confirmDelete: 'Are you sure you want to delete this comment?',
  deletedText: '[deleted]',
  removedAuthor: '[removed]',
  removedText: 'This comment has been removed due to numerous reports.',
} as const;

/** 'Please wait for N seconds before commenting again.', N rounded up. */
export const cooldownMessage = (remainingMs: number): string =>
  `Please wait for ${Math.ceil(remainingMs / 1000)} seconds before commenting again.`;

/** Milliseconds left of the cooldown after a comment at `lastCommentAt` (0 when none). */
export const cooldownRemaining = (lastCommentAt: number | null, now: number): number =>
  lastCommentAt === null ? 0 : Math.max(0, lastCommentAt + COMMENT_RULES.cooldownMs - now);

/** The whitespace-separated runs the long-word and repeated-word rules look at; the minimum is counted with countWords. */
const tokens = (text: string): string[] => text.split(/\s+/u).filter(Boolean);

/** The first rule a comment text breaks, as the reader's message, or null when it may be posted. */
export function commentTextProblem(text: string): string | null {
  const trimmed = text.trim();
  const all = tokens(trimmed);
  if (countWords(trimmed) < COMMENT_RULES.minWords) return CommentMessage.tooFewWords;
  if ([...trimmed].length < COMMENT_RULES.minLength) return CommentMessage.tooShort;
  if ([...trimmed].length > COMMENT_RULES.maxLength) return CommentMessage.tooLong;
  if (all.some((word) => [...word].length > COMMENT_RULES.maxWordLength)) return CommentMessage.longWord;
  if (new RegExp(`(.)\\1{${COMMENT_RULES.repeatedCharacters - 1},}`, 'su').test(trimmed)) return CommentMessage.repeatedCharacters;
  let run = 1;
  for (let i = 1; i < all.length; i++) {
    run = all[i].toLowerCase() === all[i - 1].toLowerCase() ? run + 1 : 1;
    if (run >= COMMENT_RULES.repeatedWords) return CommentMessage.spammy;
  }
  return null;
}
