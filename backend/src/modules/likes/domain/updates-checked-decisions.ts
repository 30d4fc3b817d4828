import { SocialEventType } from '@shelf/contracts';
import { decideMark, type ReaderMarkDecision } from '../../../domain/reader-mark';

/** Marks every liked story's updates so far as checked, given the reader's unchecked count (from their liked stories). */
export const decideUpdatesChecked = (unchecked: number, userId: string): ReaderMarkDecision => decideMark(unchecked, SocialEventType.LikedUpdatesChecked, userId);
