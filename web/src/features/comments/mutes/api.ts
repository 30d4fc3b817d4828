import type { MuteRelation, MutesResponse } from '@shelf/contracts';
import { deleteJson, getJson, putJson } from '../../../shared/api/api-client';

export const fetchMutes = (signal?: AbortSignal): Promise<MutesResponse> => getJson<MutesResponse>('/user/mutes', { signal });

/** Mutes or blocks a reader; the answer is the reader's lists after it. */
export const muteReader = (userId: string, relation: MuteRelation): Promise<MutesResponse> => putJson<MutesResponse>('/user/mutes', { user_id: userId, relation });

/** Unmutes or unblocks a reader; the answer is the reader's lists after it. */
export const unmuteReader = (userId: string, relation: MuteRelation): Promise<MutesResponse> =>
  deleteJson<MutesResponse>(`/user/mutes?user_id=${encodeURIComponent(userId)}&relation=${relation}`);
