import { bookKey, type ReaderLikesReadModel, SocialEventType, type StoryLikeEvent } from '@shelf/contracts';
import { versionStep } from '../documents';

/**
 * A reader's liked stories as pure functions of (document, event). Each reader's likes of one book form one stream;
 * the document remembers the version of it applied, so a retried event changes nothing.
 */
export function emptyReaderLikes(id: string): ReaderLikesReadModel {
  return { _id: id, books: {}, checked_up_to: null };
}

const isLike = (event: StoryLikeEvent) => event.type === SocialEventType.StoryLiked;

/** null when the reader's document reflects the event already. */
export function likeStep(doc: ReaderLikesReadModel | null, event: StoryLikeEvent): { wasLiked: boolean; first: boolean } | null {
  const current = doc?.books[bookKey(event.data.book_id)];
  if (versionStep(event.streamId, current?.version ?? 0, event.version) === 'skip') return null;
  return { wasLiked: current?.liked ?? false, first: current === undefined };
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
