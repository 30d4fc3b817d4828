import { type AnyDomainEvent, type FeedTokenCreatedV1, type FeedTokenRevokedV1, LibraryEventType } from '@shelf/contracts';
import type { Decision } from '../../../domain/decision';
import { DomainError } from '../../../domain/domain-error';

type FeedTokenEvent = FeedTokenCreatedV1 | FeedTokenRevokedV1;

/** The reader's Reading-shelf feed address now: its token id and when it was made, or null when none is on. */
export interface CurrentFeedToken {
  token_id: string;
  created_at: string;
}

/** The address at the end of the reader's feed-token stream. */
export function foldFeedToken(history: AnyDomainEvent[]): CurrentFeedToken | null {
  let current: CurrentFeedToken | null = null;
  for (const event of history as FeedTokenEvent[]) {
    if (event.type === LibraryEventType.FeedTokenCreated) current = { token_id: event.data.token_id, created_at: event.occurredAt };
    else if (current?.token_id === event.data.token_id) current = null;
  }
  return current;
}

/** Makes a new address (`tokenId`, random) at `now`; one already on is turned off first, so its old address stops answering. */
export function decideCreateFeedToken(history: AnyDomainEvent[], { userId, tokenId, now }: { userId: string; tokenId: string; now: string }): Decision<CurrentFeedToken, FeedTokenEvent> {
  const current = foldFeedToken(history);
  const events: Decision<CurrentFeedToken, FeedTokenEvent>['events'] = [];
  if (current) events.push({ type: LibraryEventType.FeedTokenRevoked, data: { user_id: userId, token_id: current.token_id } });
  events.push({ type: LibraryEventType.FeedTokenCreated, data: { user_id: userId, token_id: tokenId } });
  return { outcome: { token_id: tokenId, created_at: now }, events };
}

export const NO_FEED_ADDRESS = 'Your Reading shelf has no feed address to turn off.';

/** Turns the reader's address off; without one, refused as not found. */
export function decideRevokeFeedToken(history: AnyDomainEvent[], { userId }: { userId: string }): Decision<null, FeedTokenEvent> {
  const current = foldFeedToken(history);
  if (!current) throw new DomainError('not-found', NO_FEED_ADDRESS);
  return { outcome: null, events: [{ type: LibraryEventType.FeedTokenRevoked, data: { user_id: userId, token_id: current.token_id } }] };
}
