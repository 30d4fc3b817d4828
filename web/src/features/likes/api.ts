import type { LikeStatusResponse } from '@shelf/contracts';
import { getJson, postJson } from '../../shared/api/api-client';

/** The like status of a book: the reader's own (logged in) or the visitor's view (count only). */
export const fetchLikeStatus = (bookId: number, loggedIn: boolean, signal?: AbortSignal): Promise<LikeStatusResponse> =>
  getJson<LikeStatusResponse>(`/like/${loggedIn ? 'show-user-like-count' : 'show-visitor-like-count'}?book_id=${bookId}`, { signal });

/** POST /api/like/like-book or /remove-like-book. */
export const setBookLiked = (bookId: number, liked: boolean): Promise<unknown> =>
  postJson(`/like/${liked ? 'like-book' : 'remove-like-book'}`, { book_id: bookId });
