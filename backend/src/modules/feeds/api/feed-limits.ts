import { minutes } from '@nestjs/throttler';
import type { FrontDoorLimit } from '../../../platform/http/front-door';

/**
 * Feed requests per client address, whichever feed: far more than a feed reader polling every feed it follows needs,
 * few enough that nobody walks the stories' feeds or guesses addresses.
 */
export const FEED_RATE_LIMIT: FrontDoorLimit = {
  name: 'feed',
  limit: 60,
  ttl: minutes(1),
  message: 'You are fetching feeds too often. Please wait a minute and try again.',
};
