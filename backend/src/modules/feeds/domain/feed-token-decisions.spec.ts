import { type AnyDomainEvent, LibraryEventType } from '@shelf/contracts';
import { DomainError } from '../../../domain/domain-error';
import { decideCreateFeedToken, decideRevokeFeedToken, foldFeedToken, NO_FEED_ADDRESS } from './feed-token-decisions';

const meta = { actor: 'u1', correlationId: 'k', causationId: null };
const event = (version: number, type: AnyDomainEvent['type'], token_id: string): AnyDomainEvent =>
  ({ id: `e${version}`, streamId: 'library-u1-feed-token', version, type, data: { user_id: 'u1', token_id }, metadata: meta, occurredAt: `2026-11-27T10:00:0${version}.000Z` }) as AnyDomainEvent;
const now = '2026-11-27T11:00:00.000Z';

describe('Reading-shelf feed addresses', () => {
  it('makes an address, and a new one turns the old one off first', () => {
    const first = decideCreateFeedToken([], { userId: 'u1', tokenId: 'a', now });
    expect(first).toEqual({ outcome: { token_id: 'a', created_at: now }, events: [{ type: LibraryEventType.FeedTokenCreated, data: { user_id: 'u1', token_id: 'a' } }] });
    const second = decideCreateFeedToken([event(1, LibraryEventType.FeedTokenCreated, 'a')], { userId: 'u1', tokenId: 'b', now });
    expect(second.events).toEqual([
      { type: LibraryEventType.FeedTokenRevoked, data: { user_id: 'u1', token_id: 'a' } },
      { type: LibraryEventType.FeedTokenCreated, data: { user_id: 'u1', token_id: 'b' } },
    ]);
  });

  it('turns the address off, and refuses when none is on', () => {
    const history = [event(1, LibraryEventType.FeedTokenCreated, 'a')];
    expect(decideRevokeFeedToken(history, { userId: 'u1' }).events).toEqual([{ type: LibraryEventType.FeedTokenRevoked, data: { user_id: 'u1', token_id: 'a' } }]);
    const off = [...history, event(2, LibraryEventType.FeedTokenRevoked, 'a')];
    expect(foldFeedToken(off)).toBeNull();
    expect(() => decideRevokeFeedToken(off, { userId: 'u1' })).toThrow(new DomainError('not-found', NO_FEED_ADDRESS));
    expect(() => decideRevokeFeedToken([], { userId: 'u1' })).toThrow(NO_FEED_ADDRESS);
  });

  it('folds the stream to the latest address', () => {
    expect(foldFeedToken([event(1, LibraryEventType.FeedTokenCreated, 'a'), event(2, LibraryEventType.FeedTokenRevoked, 'a'), event(3, LibraryEventType.FeedTokenCreated, 'b')])).toEqual({
      token_id: 'b',
      created_at: '2026-11-27T10:00:03.000Z',
    });
  });
});
