import type { ReadingFeedResponse } from '@shelf/contracts';
import { deleteJson, getJson, putJson } from '../../shared/api/api-client';

export const fetchReadingFeed = (signal?: AbortSignal): Promise<ReadingFeedResponse> => getJson<ReadingFeedResponse>('/user/feeds/reading', { signal });

/** A new private address (the old one, if any, stops working). */
export const makeReadingFeed = (): Promise<ReadingFeedResponse> => putJson<ReadingFeedResponse>('/user/feeds/reading');

export const turnOffReadingFeed = (): Promise<ReadingFeedResponse> => deleteJson<ReadingFeedResponse>('/user/feeds/reading');
