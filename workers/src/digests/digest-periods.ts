import type { DigestFrequency } from '@shelf/contracts';

/** Digests go out from this local hour on (a reader's morning)… */
export const DIGEST_HOUR = 8;
/** …until this many hours later: a worker away the whole window sends that period's digest with the next one. */
export const DIGEST_WINDOW_HOURS = 4;
/** Weekly digests go out on the local Monday. */
const MONDAY = 'Mon';
/** A first digest covers one period back; one after a long gap, at most a week. */
export const PERIOD_MS: Record<Exclude<DigestFrequency, 'none'>, number> = { daily: 24 * 3600_000, weekly: 7 * 24 * 3600_000 };

const formats = new Map<string, Intl.DateTimeFormat>();
const formatOf = (timeZone: string) => {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23', weekday: 'short' });
    formats.set(timeZone, format);
  }
  return format;
};

/** The local date (YYYY-MM-DD), weekday (Mon…Sun) and hour (0–23) at `now` in `timeZone`. */
export function localMoment(now: Date, timeZone: string): { date: string; weekday: string; hour: number } {
  const parts = Object.fromEntries(formatOf(timeZone).formatToParts(now).map((part) => [part.type, part.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, weekday: parts.weekday, hour: Number(parts.hour) };
}

/**
 * The digest periods due at `now` in `timeZone`, by frequency: a daily one each local morning, a weekly one on Monday
 * mornings (DIGEST_HOUR to DIGEST_HOUR + DIGEST_WINDOW_HOURS), named by frequency and local date (`daily-2026-11-28`).
 * The name is part of each digest's outbox key, so a period's digest is one message whoever sends it, however often.
 */
export function duePeriods(now: Date, timeZone: string): Partial<Record<'daily' | 'weekly', string>> {
  const { date, weekday, hour } = localMoment(now, timeZone);
  if (hour < DIGEST_HOUR || hour >= DIGEST_HOUR + DIGEST_WINDOW_HOURS) return {};
  return weekday === MONDAY ? { daily: `daily-${date}`, weekly: `weekly-${date}` } : { daily: `daily-${date}` };
}
