import type { RepliesResponse } from '@shelf/contracts';
import { getJson } from '../../shared/api/api-client';

export const fetchReplies = (page: number, signal?: AbortSignal) => getJson<RepliesResponse>(`/user/replies?pageNum=${page}`, { signal });
