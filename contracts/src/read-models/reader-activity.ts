import { partitionPartId, partitionPartIds } from '../events/event-log';
import type { ReportReason } from '../comments/report-reasons';

/**
 * What a reader did to comments, findable by the reader: the comments they posted, the comments they like now and the
 * comments they reported. Those events live in each comment's stream (its thread's partition), so without this a
 * reader's own comments could be found only by scanning the log. Kept as ordered pages (read-model-formats), one part per
 * reader and partition of the log (`_id` = readerActivityPartId(...)), written by the workers' reader-activity
 * projector; "Download my data" reads a reader's 16 heads by `_id`, and their pages when a part outgrows its head.
 */
export const ReaderActivityReadModelCollection = {
  /** Heads and directories of the parts. */
  Heads: 'rm_reader_activity_heads',
  Pages: 'rm_reader_activity_pages',
} as const;

/** The workers' projector that writes it: the erasure waits for its checkpoints (ProjectionProgress.caughtUp). */
export const READER_ACTIVITY_PROJECTOR = 'reader-activity';

export type ReaderActivityKind = 'comment' | 'comment-like' | 'report';

/** One thing a reader did to a comment: what, which comment and where, when, and a report's reason. */
export type ReaderActivityTuple = [kind: ReaderActivityKind, comment_id: string, book_id: number, chapter_id: number | null, at: string, reason: ReportReason | null];

/** Entries per page of a part, and how many of its first a paged head keeps a copy of. */
export const READER_ACTIVITY_PAGE_ENTRIES = 200;
export const READER_ACTIVITY_HEAD_ENTRIES = 16;

const KIND_PREFIX: Record<ReaderActivityKind, string> = { comment: 'c', 'comment-like': 'l', report: 'r' };

/** One entry per kind and comment: a like taken back deletes its entry, a like made again replaces it. */
export const readerActivityKey = (kind: ReaderActivityKind, commentId: string): string => `${KIND_PREFIX[kind]}${commentId}`;

export const readerActivityPartId = (userId: string, partition: number): string => partitionPartId(userId, partition);
export const readerActivityPartIds = (userId: string): string[] => partitionPartIds(userId);
