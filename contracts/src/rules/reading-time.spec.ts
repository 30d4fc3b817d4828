import { formatReadingTime, readingMinutes } from './reading-time';

describe('reading time at 266 words per minute', () => {
  it('rounds up to whole minutes', () => {
    expect(readingMinutes(0)).toBe(0);
    expect(readingMinutes(266)).toBe(1);
    expect(readingMinutes(267)).toBe(2);
  });

  it('shows minutes under an hour, else hours and minutes', () => {
    expect(formatReadingTime(266 * 45)).toBe('45 min');
    expect(formatReadingTime(266 * 59)).toBe('59 min');
    expect(formatReadingTime(266 * 60)).toBe('1 hr 0 min');
    expect(formatReadingTime(266 * 125)).toBe('2 hr 5 min');
  });
});
