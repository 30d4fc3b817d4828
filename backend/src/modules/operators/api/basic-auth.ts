import type { RequestHandler } from 'express';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { AdminCredentials } from '../../../platform/config/service-env';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
/** Equal-length digests compared in constant time, so neither content nor length leaks through timing. */
const same = (given: string, expected: string) => timingSafeEqual(digest(given), digest(expected));

/** Whether an Authorization header carries exactly these HTTP Basic credentials. */
export function hasCredentials(header: string | undefined, expected: AdminCredentials): boolean {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  const decoded = match ? Buffer.from(match[1], 'base64').toString('utf8') : '';
  const colon = decoded.indexOf(':');
  const [user, password] = colon < 0 ? ['', ''] : [decoded.slice(0, colon), decoded.slice(colon + 1)];
  // Both comparisons always run: a wrong user name takes as long as a wrong password.
  const userMatches = same(user, expected.user);
  const passwordMatches = same(password, expected.password);
  return colon >= 0 && userMatches && passwordMatches;
}

/** Wrong log-ins counted per client address. */
export interface LoginAttempts {
  locked(ip: string): Promise<boolean>;
  failed(ip: string): Promise<void>;
}

/**
 * Lets through only requests with the credentials; others get 401 and the browser's log-in prompt. An address that
 * sent too many wrong ones gets 429 for a while, right credentials or not, so the password cannot be guessed.
 */
export function basicAuth(expected: AdminCredentials, realm: string, attempts: LoginAttempts, lockedMessage: string): RequestHandler {
  return (req, res, next) => {
    const ip = req.ip ?? '';
    (async () => {
      if (await attempts.locked(ip)) {
        res.status(429).setHeader('Retry-After', '900').json({ statusCode: 429, message: lockedMessage });
        return;
      }
      if (hasCredentials(req.headers.authorization, expected)) return next();
      // The browser's first request carries no credentials: only a wrong answer to the prompt counts.
      if (req.headers.authorization) await attempts.failed(ip);
      res.setHeader('WWW-Authenticate', `Basic realm="${realm}", charset="UTF-8"`);
      res.status(401).json({ statusCode: 401, message: 'The queue dashboard needs the operator user name and password.' });
    })().catch(next);
  };
}
