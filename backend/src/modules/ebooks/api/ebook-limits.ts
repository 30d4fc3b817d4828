import { hours } from '@nestjs/throttler';
import type { RateLimit } from '../../../platform/rate-limits/rate-limit';

/** E-book downloads per client address per hour, signed in or not: plenty for a reader, few for a crawler. */
export const EbookDownloadLimit = { name: 'ebook:ip', limit: 30, ttl: hours(1) } as const satisfies RateLimit;

export const EbookMessage = {
  tooMany: 'You can download 30 e-books an hour. Please try again later.',
  notFound: 'Book not found.',
} as const;
