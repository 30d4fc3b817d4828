import { type AnyDomainEvent, SocialEventType, type StoryLikeEvent } from '@shelf/contracts';
import type { Decision } from '../../../domain/decision';

/** Whether the reader's like stream for a book ends liked. */
export const foldStoryLike = (history: AnyDomainEvent[]): boolean => history.at(-1)?.type === SocialEventType.StoryLiked;

/** Liking twice is one like, unliking twice one unlike: only a change appends. */
export function decideStoryLike(history: AnyDomainEvent[], like: boolean, bookId: number, userId: string): Decision<boolean, StoryLikeEvent> {
  if (foldStoryLike(history) === like) return { outcome: like, events: [] };
  const type = like ? SocialEventType.StoryLiked : SocialEventType.StoryUnliked;
  return { outcome: like, events: [{ type, data: { book_id: bookId, user_id: userId } }] };
}
