import { readDigestUnsubscribe, signDigestUnsubscribe } from './digest-unsubscribe-token';

const secret = 'x'.repeat(32);
const user = '0b6a8f3e-2c1d-4e5f-9a8b-7c6d5e4f3a2b';

describe('digest unsubscribe tokens', () => {
  it('name the reader and kind they were signed for', () => {
    expect(readDigestUnsubscribe(secret, signDigestUnsubscribe(secret, user, 'chapters'))).toEqual({ userId: user, kind: 'chapters' });
  });

  it('are refused under another AUTH_SECRET', () => {
    expect(readDigestUnsubscribe('y'.repeat(32), signDigestUnsubscribe(secret, user, 'replies'))).toBeNull();
  });

  it('are refused with the kind changed', () => {
    expect(readDigestUnsubscribe(secret, signDigestUnsubscribe(secret, user, 'replies').replace('.replies.', '.chapters.'))).toBeNull();
  });

  it('are refused when not tokens at all', () => {
    expect(readDigestUnsubscribe(secret, 'hello')).toBeNull();
  });
});
