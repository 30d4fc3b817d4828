import type { UncheckedUpdatesResponse, UnreadCountResponse } from '@shelf/contracts';
import { getJson, putJson } from '../../shared/api/api-client';

export const fetchUnreadCount = (signal?: AbortSignal) => getJson<UnreadCountResponse>('/user/replies/unread-count', { signal });

export const fetchUncheckedCount = (signal?: AbortSignal) => getJson<UncheckedUpdatesResponse>('/user/liked-story/unchecked-updates-count', { signal });

export const markRepliesRead = () => putJson('/user/replies/mark-read');

export const markUpdatesChecked = () => putJson('/user/liked-story/mark-updates-checked');
