import { Inject, Injectable } from '@nestjs/common';
import type { ServiceEnv } from '@shelf/contracts';
import { RateLimits } from '../../../platform/http/rate-limits';
import { RedisClient } from '../../../platform/redis-client';
import { SERVICE_ENV } from '../../../platform/service-env.token';
import { AccountMessage } from '../domain/account-messages';

/** Attempts allowed per window, per client address and per account (e-mail address). */
const LIMITS = {
  'login:ip': { points: 30, duration: 600 },
  'login:account': { points: 10, duration: 600 },
  'register:ip': { points: 10, duration: 3600 },
  'register:account': { points: 5, duration: 3600 },
  'forgot:ip': { points: 10, duration: 3600 },
  'forgot:account': { points: 3, duration: 3600 },
  'reset:ip': { points: 30, duration: 600 },
  /** Keyed by the token, which stands for one account. */
  'reset:account': { points: 10, duration: 600 },
} as const;

export type AccountLimit = keyof typeof LIMITS;

/** Counts account attempts per client address and per account. */
@Injectable()
export class AccountRateLimits extends RateLimits<AccountLimit> {
  constructor(@Inject(SERVICE_ENV) env: ServiceEnv, redis: RedisClient) {
    super(env, redis, LIMITS, AccountMessage.tooManyAttempts);
  }
}
