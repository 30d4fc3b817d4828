import type { LikedStoriesResponse, LikedStorySort } from '@shelf/contracts';
import { getJson } from '../../shared/api/api-client';

export const fetchLikedStories = (page: number, sort: LikedStorySort, signal?: AbortSignal) =>
  getJson<LikedStoriesResponse>(`/user/liked-story?pageNum=${page}&sort_by=${sort}`, { signal });
