import { hours, minutes } from '@nestjs/throttler';
import type { RateLimit } from '../../../platform/rate-limits/rate-limit';

/**
 * Account attempts allowed per window, per client address and per account (its e-mail address; for a password reset,
 * the token, which stands for one account). The user controller counts them once a request's body is valid.
 */
export const AccountLimits = {
  loginPerAddress: { name: 'login:ip', limit: 30, ttl: minutes(10) },
  loginPerAccount: { name: 'login:account', limit: 10, ttl: minutes(10) },
  registerPerAddress: { name: 'register:ip', limit: 10, ttl: hours(1) },
  registerPerAccount: { name: 'register:account', limit: 5, ttl: hours(1) },
  forgotPerAddress: { name: 'forgot:ip', limit: 10, ttl: hours(1) },
  forgotPerAccount: { name: 'forgot:account', limit: 3, ttl: hours(1) },
  /** New verification e-mails: per signed-in account, and per address. */
  resendPerAccount: { name: 'resend:account', limit: 3, ttl: hours(1) },
  resendPerAddress: { name: 'resend:ip', limit: 10, ttl: hours(1) },
  resetPerAddress: { name: 'reset:ip', limit: 30, ttl: minutes(10) },
  resetPerToken: { name: 'reset:account', limit: 10, ttl: minutes(10) },
  /** "Delete my account" (a password tried, an e-mail sent): per signed-in account; the link's confirmation per address. */
  erasurePerAccount: { name: 'erasure:account', limit: 5, ttl: hours(1) },
  erasurePerAddress: { name: 'erasure:ip', limit: 30, ttl: minutes(10) },
} as const satisfies Record<string, RateLimit>;
