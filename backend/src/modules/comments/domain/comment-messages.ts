import { utcMinute } from '@shelf/contracts';

/** The comment answers the spec leaves to us; the spec's own texts are in contracts (CommentMessage). */
export const CommentAnswer = {
  posted: 'Your comment has been posted.',
  edited: 'Your comment has been edited.',
  deleted: 'Your comment has been deleted.',
  reported: 'Thank you. The comment has been reported.',
  liked: 'You like this comment.',
  unliked: 'You no longer like this comment.',
  notFound: 'Comment not found.',
  parentNotFound: 'The comment you are replying to was not found.',
  parentElsewhere: 'You can only reply to a comment on the same page.',
  notYourEdit: 'You can only edit your own comment.',
  notYourDelete: 'You can only delete your own comment.',
  isDeleted: 'This comment has been deleted.',
  isRemoved: 'This comment has been removed.',
  ownReport: 'You cannot report your own comment.',
  alreadyReported: 'You have already reported this comment.',
  logInToReport: 'Please log in and verify your email to report a comment.',
  botRefused: 'Your comment could not be posted.',
  badIdempotencyKey: 'The Idempotency-Key header must be 8 to 64 letters, digits, - or _.',
  unknownCursor: 'after is not a comment of this thread.',
  paragraphOfBook: 'Only the paragraphs of a chapter take comments.',
  paragraphGone: 'This paragraph is no longer in the chapter. Reload the chapter to comment on it.',
  paragraphOfParent: 'A reply goes with the paragraph of the comment it replies to.',
  paragraphsUnavailable: 'Paragraph comments cannot be posted right now. Please try again later.',
  badParagraph: 'paragraph is not a paragraph key.',
} as const;

/** What a reader an operator suspended from commenting is told when they post, edit or report. */
export function suspendedMessage(until: string | null): string {
  return until === null
    ? 'You can no longer post, edit or report comments: an operator suspended your commenting.'
    : `You cannot post, edit or report comments until ${utcMinute(until)}: an operator suspended your commenting.`;
}
