import { createHmac } from 'node:crypto';
import { accountLinkToken } from './account-link-token';

describe('accountLinkToken', () => {
  it('is the same for one event and secret, and differs by event and by secret', () => {
    const token = accountLinkToken('secret-a', 'event-1');
    expect(accountLinkToken('secret-a', 'event-1')).toBe(token);
    expect(accountLinkToken('secret-a', 'event-2')).not.toBe(token);
    expect(accountLinkToken('secret-b', 'event-1')).not.toBe(token);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('is the token links already sent hold (the HMAC of the event id under the e-mail-token key)', () => {
    const key = createHmac('sha256', 'secret-a').update('e-mail-token').digest();
    expect(accountLinkToken('secret-a', 'event-1')).toBe(createHmac('sha256', key).update('event-1').digest('base64url'));
  });
});
