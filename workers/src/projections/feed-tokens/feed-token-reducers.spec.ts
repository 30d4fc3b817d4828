import { LibraryEventType } from '@shelf/contracts';
import { type FeedTokenEvent, reduceFeedToken } from './feed-token-reducers';

const meta = { actor: 'u1', correlationId: 'k', causationId: null };
const base = (version: number) => ({ id: `e${version}`, streamId: 'library-u1-feed-token', version, metadata: meta, occurredAt: `2026-11-27T10:00:0${version}.000Z` });
const created = (version: number, token_id: string): FeedTokenEvent => ({ ...base(version), type: LibraryEventType.FeedTokenCreated, data: { user_id: 'u1', token_id } });
const revoked = (version: number, token_id: string): FeedTokenEvent => ({ ...base(version), type: LibraryEventType.FeedTokenRevoked, data: { user_id: 'u1', token_id } });

describe('feed tokens', () => {
  it('makes an address, turns it off and makes a new one', () => {
    const made = reduceFeedToken(null, null, created(1, 'a'))!;
    expect(made).toEqual({
      token: { _id: 'a', user_id: 'u1', created_at: '2026-11-27T10:00:01.000Z', revoked_at: null },
      reader: { _id: 'u1', token_id: 'a', created_at: '2026-11-27T10:00:01.000Z', version: 1 },
    });
    const off = reduceFeedToken(made.reader, made.token, revoked(2, 'a'))!;
    expect(off).toEqual({
      token: { _id: 'a', user_id: 'u1', created_at: '2026-11-27T10:00:01.000Z', revoked_at: '2026-11-27T10:00:02.000Z' },
      reader: { _id: 'u1', token_id: null, created_at: null, version: 2 },
    });
    const again = reduceFeedToken(off.reader, null, created(3, 'b'))!;
    expect(again.reader).toEqual({ _id: 'u1', token_id: 'b', created_at: '2026-11-27T10:00:03.000Z', version: 3 });
  });

  it('changes nothing for an event applied again, and writes the same address document when retried after a crash', () => {
    const made = reduceFeedToken(null, null, created(1, 'a'))!;
    expect(reduceFeedToken(made.reader, made.token, created(1, 'a'))).toBeNull();
    const off = reduceFeedToken(made.reader, made.token, revoked(2, 'a'))!;
    // The address's document stored, the reader's not: the retry finds the first and writes it unchanged.
    expect(reduceFeedToken(made.reader, off.token, revoked(2, 'a'))).toEqual(off);
  });
});
