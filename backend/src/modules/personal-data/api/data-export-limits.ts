import { hours, minutes } from '@nestjs/throttler';
import type { RateLimit } from '../../../platform/rate-limits/rate-limit';

/** Exports (the JSON file and the readable summary alike) per signed-in account per hour. */
export const DataExportLimit = { name: 'data-export:account', limit: 5, ttl: hours(1) } as const satisfies RateLimit;

export const DataExportMessage = {
  tooMany: 'You can download your data 5 times an hour. Please try again later.',
} as const;

/** Confirmations of "Delete my account" per client address per ten minutes (each tries a link). */
export const AccountDeletionLimit = { name: 'delete-account:ip', limit: 30, ttl: minutes(10) } as const satisfies RateLimit;

export const AccountDeletionMessage = {
  tooMany: 'Too many attempts. Please wait a while and try again.',
} as const;
