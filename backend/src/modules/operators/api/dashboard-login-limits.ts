import { Inject, Injectable } from '@nestjs/common';
import type { ServiceEnv } from '@shelf/contracts';
import { RateLimits } from '../../../platform/http/rate-limits';
import { RedisClient } from '../../../platform/redis-client';
import { SERVICE_ENV } from '../../../platform/service-env.token';

/** Wrong dashboard credentials allowed per client address: past them, the address is refused for the rest of the window. */
const LIMITS = { 'dashboard-login:ip': { points: 10, duration: 900 } } as const;

export const DASHBOARD_LOCKED_MESSAGE = 'Too many wrong log-ins to the queue dashboard. Please wait 15 minutes and try again.';

@Injectable()
export class DashboardLoginLimits extends RateLimits<keyof typeof LIMITS> {
  constructor(@Inject(SERVICE_ENV) env: ServiceEnv, redis: RedisClient) {
    super(env, redis, LIMITS, DASHBOARD_LOCKED_MESSAGE);
  }

  locked(ip: string): Promise<boolean> {
    return this.exhausted('dashboard-login:ip', ip);
  }

  /** Counts a wrong log-in; the one that uses up the limit is not refused yet, the next one is. */
  async failed(ip: string): Promise<void> {
    await this.consume([['dashboard-login:ip', ip]]).catch(() => undefined);
  }
}
