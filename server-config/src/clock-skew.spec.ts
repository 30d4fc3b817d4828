import { skewClock } from './clock-skew';

describe('a skewed clock', () => {
  const RealDate = Date;
  afterEach(() => {
    globalThis.Date = RealDate;
  });

  it('reads the offset on Date.now() and new Date(), and keeps dates given', () => {
    const before = RealDate.now();
    expect(skewClock({ CLOCK_SKEW_MS: '-20000' })).toBe(-20_000);
    expect(Date.now() - before).toBeLessThan(-19_000);
    expect(new Date().getTime() - before).toBeLessThan(-19_000);
    expect(new Date(5).getTime()).toBe(5);
    expect(new Date('2026-11-28T00:00:00Z').toISOString()).toBe('2026-11-28T00:00:00.000Z');
    expect(new Date() instanceof RealDate).toBe(true);
  });

  it('is off unless set to a whole number', () => {
    expect(skewClock({})).toBe(0);
    expect(skewClock({ CLOCK_SKEW_MS: 'soon' })).toBe(0);
    expect(Date).toBe(RealDate);
  });
});
