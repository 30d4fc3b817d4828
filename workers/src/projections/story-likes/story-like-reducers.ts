import {
  bookKey,
  bookReadModelId,
  type ReaderLikesReadModel,
  SocialEventType,
  type StoryLikeEvent,
  type StoryLikesReadModel,
  userKey,
} from '@shelf/contracts';
import { versionStep } from '../documents';

/**
 * Likes as pure functions of (document, event). Each reader's likes of one book form one stream; both documents
 * remember the version of it they reflect, so a retried event changes nothing.
 */
export function emptyStoryLikes(bookId: number): StoryLikesReadModel {
  return { _id: bookReadModelId(bookId), book_id: bookId, likers: {}, like_count: 0 };
}

export function emptyReaderLikes(userId: string): ReaderLikesReadModel {
  return { _id: userId, books: {}, checked_up_to: null };
}

const isLike = (event: StoryLikeEvent) => event.type === SocialEventType.StoryLiked;

export function reduceStoryLikes(doc: StoryLikesReadModel, event: StoryLikeEvent): StoryLikesReadModel {
  const key = userKey(event.data.user_id);
  const current = doc.likers[key];
  if (versionStep(event.streamId, current?.version ?? 0, event.version) === 'skip') return doc;
  const liker = {
    user_id: event.data.user_id,
    version: event.version,
    liked: isLike(event),
    liked_time: isLike(event) ? event.occurredAt : (current?.liked_time ?? event.occurredAt),
  };
  const likers = { ...doc.likers, [key]: liker };
  return { ...doc, likers, like_count: Object.values(likers).filter((entry) => entry.liked).length };
}

export function reduceReaderLikes(doc: ReaderLikesReadModel, event: StoryLikeEvent): ReaderLikesReadModel {
  const key = bookKey(event.data.book_id);
  const current = doc.books[key];
  if (versionStep(event.streamId, current?.version ?? 0, event.version) === 'skip') return doc;
  const story = isLike(event)
    ? { book_id: event.data.book_id, liked: true, version: event.version, liked_time: event.occurredAt, last_update_at: null }
    : { ...current!, liked: false, version: event.version };
  return { ...doc, books: { ...doc.books, [key]: story } };
}

/** A chapter published at `at` is an update for a reader who liked the book before it. */
export function recordUpdate(doc: ReaderLikesReadModel, bookId: number, at: string): ReaderLikesReadModel {
  const key = bookKey(bookId);
  const story = doc.books[key];
  if (!story?.liked || story.liked_time >= at || (story.last_update_at !== null && story.last_update_at >= at)) return doc;
  return { ...doc, books: { ...doc.books, [key]: { ...story, last_update_at: at } } };
}

export function recordChecked(doc: ReaderLikesReadModel, at: string): ReaderLikesReadModel {
  if (doc.checked_up_to !== null && doc.checked_up_to >= at) return doc;
  return { ...doc, checked_up_to: at };
}
