import { Inject, Injectable } from '@nestjs/common';
import type { ServiceEnv } from '@shelf/contracts';
import { RedisClient } from '../redis-client';
import { SERVICE_ENV } from '../service-env.token';
import { RateLimits } from './rate-limits';

/** Per-reader limits on likes, reports and comment changes (posting has its own 30-second cooldown). */
const LIMITS = {
  like: { points: 60, duration: 60 },
  report: { points: 20, duration: 3600 },
  'comment-change': { points: 30, duration: 60 },
} as const;

@Injectable()
export class WriteRateLimits extends RateLimits<keyof typeof LIMITS> {
  constructor(@Inject(SERVICE_ENV) env: ServiceEnv, redis: RedisClient) {
    super(env, redis, LIMITS, 'You are doing that too often. Please wait a moment and try again.');
  }
}
