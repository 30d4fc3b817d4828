import { hours, minutes } from '@nestjs/throttler';
import type { RateLimit } from './rate-limit';

/** Per-reader limits on likes (of stories and comments together), reports, comment changes (posting has its own 30-second cooldown), reading progress, shelves, saved searches, feed addresses, reader settings and e-mail digests. */
export const WriteLimits = {
  like: { name: 'like', limit: 60, ttl: minutes(1) },
  report: { name: 'report', limit: 20, ttl: hours(1) },
  commentChange: { name: 'comment-change', limit: 30, ttl: minutes(1) },
  /** The chapter page sends the reader's place every few seconds of scrolling, and on leaving. */
  progress: { name: 'progress', limit: 120, ttl: minutes(1) },
  progressMerge: { name: 'progress-merge', limit: 10, ttl: hours(1) },
  shelf: { name: 'shelf', limit: 60, ttl: minutes(1) },
  searchPreset: { name: 'search-preset', limit: 30, ttl: minutes(1) },
  /** Making a Reading-shelf feed address anew, or turning it off. */
  feedToken: { name: 'feed-token', limit: 10, ttl: minutes(1) },
  /** Muting, blocking and undoing either. */
  mute: { name: 'mute', limit: 60, ttl: minutes(1) },
  readerSettings: { name: 'reader-settings', limit: 30, ttl: minutes(1) },
  /** Choosing how often an e-mail digest is sent. */
  digest: { name: 'digest', limit: 30, ttl: minutes(1) },
} as const satisfies Record<string, RateLimit>;

export const WRITE_LIMIT_MESSAGE = 'You are doing that too often. Please wait a moment and try again.';
