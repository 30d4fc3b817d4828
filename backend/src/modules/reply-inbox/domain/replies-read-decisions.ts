import { SocialEventType } from '@shelf/contracts';
import { decideMark, type ReaderMarkDecision } from '../../../domain/reader-mark';

/** Marks every reply so far as read, given the reader's unread count (from their reply inbox). */
export const decideRepliesRead = (unread: number, userId: string): ReaderMarkDecision => decideMark(unread, SocialEventType.RepliesMarkedRead, userId);
