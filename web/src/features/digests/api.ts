import type { DigestChoicesResponse, DigestFrequency, DigestKind, DigestUnsubscribeResponse } from '@shelf/contracts';
import { getJson, postJson, putJson } from '../../shared/api/api-client';

export const fetchDigestChoices = (signal?: AbortSignal): Promise<DigestChoicesResponse> => getJson<DigestChoicesResponse>('/user/digests', { signal });

/** Sets how often the digest of `kind` is sent, at the morning of the browser's time zone. */
export const chooseDigest = (kind: DigestKind, frequency: DigestFrequency, timeZone: string): Promise<DigestChoicesResponse> =>
  putJson<DigestChoicesResponse>('/user/digests', { kind, frequency, time_zone: timeZone });

/** Turns off the digest an e-mail's signed link names; no sign-in needed. */
export const unsubscribeDigest = (token: string): Promise<DigestUnsubscribeResponse> =>
  postJson<DigestUnsubscribeResponse>(`/digests/unsubscribe?${new URLSearchParams({ token })}`, {});
