import { Injectable } from '@nestjs/common';
import { InjectThrottlerStorage, minutes, ThrottlerStorage } from '@nestjs/throttler';
import { overLimit, type RateLimit } from '../../../platform/rate-limits/rate-limit';
import type { LoginAttempts } from './basic-auth';

/** Wrong log-ins per client address in 15 minutes: nine are let by, the tenth locks the address. */
const WRONG_LOGINS: RateLimit = { name: 'dashboard-login:ip', limit: 9, ttl: minutes(15) };
/** The lock: an allowance of nothing, used up by the tenth wrong log-in, which then refuses for 15 minutes. */
const LOCK: RateLimit = { name: 'dashboard-lock:ip', limit: 0, ttl: minutes(15) };
/** Asking whether the lock holds: a look counted against an allowance no one reaches, so it changes nothing. */
const LOOK: RateLimit = { ...LOCK, limit: Number.MAX_SAFE_INTEGER };

export const DASHBOARD_LOCKED_MESSAGE = 'Too many wrong log-ins to the queue dashboard. Please wait 15 minutes and try again.';

/** The queue dashboard's wrong Basic log-ins per client address, counted in the throttler's storage. */
@Injectable()
export class DashboardLoginLimits implements LoginAttempts {
  constructor(@InjectThrottlerStorage() private readonly storage: ThrottlerStorage) {}

  locked(ip: string): Promise<boolean> {
    return overLimit(this.storage, LOOK, ip);
  }

  /** Counts a wrong log-in; the one that locks the address is not refused yet, the next request is. */
  async failed(ip: string): Promise<void> {
    if (await overLimit(this.storage, WRONG_LOGINS, ip)) await overLimit(this.storage, LOCK, ip);
  }
}
