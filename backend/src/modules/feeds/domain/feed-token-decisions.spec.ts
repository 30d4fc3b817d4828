import { LibraryEventType } from '@shelf/contracts';
import { deciderSpec, storedEvent, stream } from '@test/decider-spec';
import { decideCreateFeedToken, decideRevokeFeedToken, foldFeedToken, NO_FEED_ADDRESS } from './feed-token-decisions';

const created = (token_id: string, at = '2026-11-27T10:00:01.000Z') => storedEvent('library-u1-feed-token', LibraryEventType.FeedTokenCreated, { user_id: 'u1', token_id }, at);
const revoked = (token_id: string, at = '2026-11-27T10:00:02.000Z') => storedEvent('library-u1-feed-token', LibraryEventType.FeedTokenRevoked, { user_id: 'u1', token_id }, at);
const now = '2026-11-27T11:00:00.000Z';

const create = deciderSpec(stream, (history, tokenId: string) => decideCreateFeedToken(history, { userId: 'u1', tokenId, now }));
const revoke = deciderSpec(stream, (history) => decideRevokeFeedToken(history, { userId: 'u1' }));

describe('Reading-shelf feed addresses', () => {
  it('makes an address', () =>
    create.given().when('a').then([{ type: LibraryEventType.FeedTokenCreated, data: { user_id: 'u1', token_id: 'a' } }], { token_id: 'a', created_at: now }));

  it('turns the old address off before making a new one', () =>
    create
      .given(created('a'))
      .when('b')
      .then([
        { type: LibraryEventType.FeedTokenRevoked, data: { user_id: 'u1', token_id: 'a' } },
        { type: LibraryEventType.FeedTokenCreated, data: { user_id: 'u1', token_id: 'b' } },
      ]));

  it('turns the address off', () => revoke.given(created('a')).when().then([{ type: LibraryEventType.FeedTokenRevoked, data: { user_id: 'u1', token_id: 'a' } }]));

  it('refuses when the address is off already', () => revoke.given(created('a'), revoked('a')).when().thenRefuses('not-found', NO_FEED_ADDRESS));

  it('refuses when there never was an address', () => revoke.given().when().thenRefuses('not-found', NO_FEED_ADDRESS));

  it('folds a stream whose address was turned off to none', () => expect(foldFeedToken(stream(created('a'), revoked('a')))).toBeNull());

  it('folds the stream to the latest address', () =>
    expect(foldFeedToken(stream(created('a'), revoked('a'), created('b', '2026-11-27T10:00:03.000Z')))).toEqual({ token_id: 'b', created_at: '2026-11-27T10:00:03.000Z' }));
});
