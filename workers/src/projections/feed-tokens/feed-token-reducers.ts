import { type FeedTokenCreatedV1, type FeedTokenReadModel, type FeedTokenRevokedV1, LibraryEventType, type ReaderFeedsReadModel } from '@shelf/contracts';

export type FeedTokenEvent = FeedTokenCreatedV1 | FeedTokenRevokedV1;

/** The documents one event changes: the address's own (data), then the reader's (the mark: its stream version). */
export interface FeedTokenChange {
  token: FeedTokenReadModel;
  reader: ReaderFeedsReadModel;
}

/**
 * What `event` changes, or null when the reader's document shows it applied. `token` is the address's document as
 * stored (null before it is made). Made anew after a crash between the two writes, the address's document is the same.
 */
export function reduceFeedToken(reader: ReaderFeedsReadModel | null, token: FeedTokenReadModel | null, event: FeedTokenEvent): FeedTokenChange | null {
  if ((reader?.version ?? 0) >= event.version) return null;
  const { user_id, token_id } = event.data;
  if (event.type === LibraryEventType.FeedTokenCreated) {
    return {
      token: { _id: token_id, user_id, created_at: event.occurredAt, revoked_at: null },
      reader: { _id: user_id, token_id, created_at: event.occurredAt, version: event.version },
    };
  }
  const current = reader?.token_id === token_id ? { token_id: null, created_at: null } : { token_id: reader?.token_id ?? null, created_at: reader?.created_at ?? null };
  return {
    token: { _id: token_id, user_id, created_at: token?.created_at ?? event.occurredAt, revoked_at: token?.revoked_at ?? event.occurredAt },
    reader: { _id: user_id, ...current, version: event.version },
  };
}
