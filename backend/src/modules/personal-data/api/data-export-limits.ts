import { hours } from '@nestjs/throttler';
import type { RateLimit } from '../../../platform/rate-limits/rate-limit';

/** Exports (the JSON file and the readable summary alike) per signed-in account per hour. */
export const DataExportLimit = { name: 'data-export:account', limit: 5, ttl: hours(1) } as const satisfies RateLimit;

export const DataExportMessage = {
  tooMany: 'You can download your data 5 times an hour. Please try again later.',
} as const;
