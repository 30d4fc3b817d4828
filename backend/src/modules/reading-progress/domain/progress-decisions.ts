import { type AnyDomainEvent, type ChapterTextReadV1, LibraryEventType, type ProgressRecordedV1 } from '@shelf/contracts';
import type { Decision } from '../../../domain/decision';

/** Positions closer than this to the one recorded last are the same place: the reader has not moved. */
export const SAME_PLACE = 0.01;

export interface ProgressInput {
  userId: string;
  bookId: number;
  chapterId: number;
  /** 0 = the chapter's top, 1 = its end. */
  position: number;
  /** The chapter's text as the chapter list has it now (`text_hash`); null when the list keeps none. */
  textHash: string | null;
  /** The reader's place in the book as last projected (its chapter, and when it was recorded); null when none is known. */
  bookPlace: { chapterId: number; readAt: string } | null;
}

export interface ProgressOutcome {
  /** The place was recorded (not when the reader is where they were recorded last). */
  recorded: boolean;
  /** The reader opens the chapter for the first time since its text was revised: said once, then known as read. */
  revised: boolean;
}

/**
 * Given the reader's progress stream for one chapter, records the new position unless it is where the reader already
 * was in the chapter and the book's place is this chapter (a reader back on a chapter, where they were in it, moves the
 * book's place back to it); and the chapter's text, when the reader has not read it as it is now (a first reading, or a
 * revision since).
 */
export function decideProgress(
  history: AnyDomainEvent[],
  { userId, bookId, chapterId, position, textHash, bookPlace }: ProgressInput,
): Decision<ProgressOutcome, ProgressRecordedV1 | ChapterTextReadV1> {
  const place = history.findLast((event): event is ProgressRecordedV1 => event.type === LibraryEventType.ProgressRecorded);
  const textRead = history.findLast((event): event is ChapterTextReadV1 => event.type === LibraryEventType.ChapterTextRead)?.data.text_hash;
  // The book's place went to another chapter after this one's last record (a place projected late is not a move).
  const elsewhere = !!place && !!bookPlace && bookPlace.chapterId !== chapterId && Date.parse(bookPlace.readAt) > Date.parse(place.occurredAt);
  const moved = !place || Math.abs(place.data.position - position) >= SAME_PLACE || elsewhere;
  const newText = textHash !== null && textRead !== textHash;
  const ref = { user_id: userId, book_id: bookId, chapter_id: chapterId };
  return {
    outcome: { recorded: moved, revised: newText && textRead !== undefined },
    events: [
      ...(newText ? [{ type: LibraryEventType.ChapterTextRead, data: { ...ref, text_hash: textHash } }] : []),
      ...(moved ? [{ type: LibraryEventType.ProgressRecorded, data: { ...ref, position } }] : []),
    ],
  };
}
