import { type AnyDomainEvent, LibraryEventType, type ProgressRecordedV1 } from '@shelf/contracts';
import type { Decision } from '../../../domain/decision';

/** Positions closer than this to the one recorded last are the same place: the reader has not moved. */
export const SAME_PLACE = 0.01;

export interface ProgressInput {
  userId: string;
  bookId: number;
  chapterId: number;
  /** 0 = the chapter's top, 1 = its end. */
  position: number;
}

/**
 * Given the reader's progress stream for one chapter, records the new position unless it is where the reader already
 * was; the outcome says whether it was recorded.
 */
export function decideProgress(history: AnyDomainEvent[], { userId, bookId, chapterId, position }: ProgressInput): Decision<boolean, ProgressRecordedV1> {
  const last = history.at(-1) as ProgressRecordedV1 | undefined;
  if (last && Math.abs(last.data.position - position) < SAME_PLACE) return { outcome: false, events: [] };
  return {
    outcome: true,
    events: [{ type: LibraryEventType.ProgressRecorded, data: { user_id: userId, book_id: bookId, chapter_id: chapterId, position } }],
  };
}
