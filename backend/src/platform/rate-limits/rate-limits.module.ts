import { ThrottlerModule } from '@nestjs/throttler';
import { RedisClient } from '../redis-client';
import { SERVICE_ENV, type ServiceEnv } from '../config/service-env';
import { RateLimitStorage } from './rate-limit-storage';
import { WRITE_LIMIT_MESSAGE, WriteLimits } from './write-limits';

/**
 * The throttler (global): its guard counts the write limits (WriteLimitGuard), and its storage, injected with
 * `@InjectThrottlerStorage()`, counts the limits a guard cannot (see overLimit). The 429 answers carry no rate-limit
 * headers, as before.
 */
export const RateLimitsModule = ThrottlerModule.forRootAsync({
  inject: [SERVICE_ENV, RedisClient],
  useFactory: (env: ServiceEnv, redis: RedisClient) => ({
    storage: new RateLimitStorage(redis, `${env.queuePrefix}:rl:`, env.authSecret),
    throttlers: Object.values(WriteLimits),
    errorMessage: WRITE_LIMIT_MESSAGE,
    setHeaders: false,
  }),
});
