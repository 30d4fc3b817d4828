import { seconds } from '@nestjs/throttler';
import type { FrontDoorLimit } from '../../../platform/http/front-door';

/**
 * Searches per client address in a 10-second window (SEARCH_RATE_LIMIT), counted by the front door before the response
 * cache answers, so remembered searches count too. The client shows the message under the search box.
 */
export const searchRateLimit = (perTenSeconds: number): FrontDoorLimit => ({
  name: 'search',
  limit: perTenSeconds,
  ttl: seconds(10),
  message: 'You are searching too fast. Please wait a few seconds and try again.',
});
