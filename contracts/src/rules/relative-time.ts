const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'} ago`;

/**
 * How long ago `time` was: seconds under 1 minute, minutes under 1 hour, hours under 1 day, else
 * days. A time in the future (clock skew) reads as 0 seconds ago.
 */
export function relativeTime(time: string | Date, now: Date = new Date()): string {
  const elapsed = Math.max(0, now.getTime() - new Date(time).getTime());
  if (elapsed < MINUTE) return plural(Math.floor(elapsed / SECOND), 'second');
  if (elapsed < HOUR) return plural(Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return plural(Math.floor(elapsed / HOUR), 'hour');
  return plural(Math.floor(elapsed / DAY), 'day');
}
