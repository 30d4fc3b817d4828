import { relativeTime } from './relative-time';

const now = new Date('2026-05-20T12:00:00.000Z');
const before = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe('relativeTime', () => {
  it('counts seconds under a minute, minutes under an hour, hours under a day, else days', () => {
    expect(relativeTime(before(0), now)).toBe('0 seconds ago');
    expect(relativeTime(before(1_000), now)).toBe('1 second ago');
    expect(relativeTime(before(59_999), now)).toBe('59 seconds ago');
    expect(relativeTime(before(60_000), now)).toBe('1 minute ago');
    expect(relativeTime(before(3_599_999), now)).toBe('59 minutes ago');
    expect(relativeTime(before(3_600_000), now)).toBe('1 hour ago');
    expect(relativeTime(before(86_399_999), now)).toBe('23 hours ago');
    expect(relativeTime(before(86_400_000), now)).toBe('1 day ago');
    expect(relativeTime(before(40 * 86_400_000), now)).toBe('40 days ago');
  });

  it('reads a time in the future as just now', () => {
    expect(relativeTime(before(-5_000), now)).toBe('0 seconds ago');
  });
});
