import { type ReaderEvent, SocialEventType } from '@shelf/contracts';
import type { Decision } from '../../../domain/decision';

/** A mark's decision: how many replies or updates it marks, and the mark (none when there is nothing to mark). */
export type ReaderMarkDecision = Decision<number, ReaderEvent>;

const mark = (count: number, type: ReaderEvent['type'], userId: string): ReaderMarkDecision =>
  count === 0 ? { outcome: 0, events: [] } : { outcome: count, events: [{ type, data: { user_id: userId } }] };

/** Marks every reply so far as read, given the reader's unread count (from their inbox). */
export const decideRepliesRead = (unread: number, userId: string): ReaderMarkDecision => mark(unread, SocialEventType.RepliesMarkedRead, userId);

/** Marks every liked story's updates so far as checked, given the reader's unchecked count (from their liked stories). */
export const decideUpdatesChecked = (unchecked: number, userId: string): ReaderMarkDecision => mark(unchecked, SocialEventType.LikedUpdatesChecked, userId);
