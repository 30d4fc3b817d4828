import type { ReaderEvent } from '@shelf/contracts';
import type { Decision } from './decision';

/** A reader's mark's decision: how many replies or updates it marks, and the mark (none when there is nothing to mark). */
export type ReaderMarkDecision = Decision<number, ReaderEvent>;

/** Marks `count` things of the reader's with one event of `type`, or decides nothing when there are none. */
export const decideMark = (count: number, type: ReaderEvent['type'], userId: string): ReaderMarkDecision =>
  count === 0 ? { outcome: 0, events: [] } : { outcome: count, events: [{ type, data: { user_id: userId } }] };
