import { createHmac } from 'node:crypto';

const keyOf = (authSecret: string) => createHmac('sha256', authSecret).update('e-mail-token').digest();

/**
 * The single-use token of the link an account e-mail holds (verify, reset, delete): an HMAC of the event that asked for
 * the e-mail, under a key derived from AUTH_SECRET. The API stores its hash as it appends the event (it owns
 * `account_tokens`); the workers make the same token from the event to write the link, storing nothing. Nobody without
 * the secret can predict one.
 */
export function accountLinkToken(authSecret: string, eventId: string): string {
  return createHmac('sha256', keyOf(authSecret)).update(eventId).digest('base64url');
}
