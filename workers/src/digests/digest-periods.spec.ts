import { duePeriods, localMoment } from './digest-periods';

describe('digest periods', () => {
  it('read the local date and hour of the time zone', () => {
    expect(localMoment(new Date('2026-11-30T07:30:00Z'), 'Europe/Berlin')).toEqual({ date: '2026-11-30', weekday: 'Mon', hour: 8 });
    expect(localMoment(new Date('2026-11-29T23:30:00Z'), 'Asia/Tokyo')).toEqual({ date: '2026-11-30', weekday: 'Mon', hour: 8 });
  });

  it('are due from 08:00 local, daily and on Mondays weekly', () => {
    expect(duePeriods(new Date('2026-11-30T07:00:00Z'), 'Europe/Berlin')).toEqual({ daily: 'daily-2026-11-30', weekly: 'weekly-2026-11-30' });
    expect(duePeriods(new Date('2026-11-28T07:00:00Z'), 'Europe/Berlin')).toEqual({ daily: 'daily-2026-11-28' });
  });

  it('follow daylight saving: 08:00 in New York is 13:00 UTC in winter and 12:00 in summer', () => {
    expect(duePeriods(new Date('2026-12-01T13:10:00Z'), 'America/New_York')).toEqual({ daily: 'daily-2026-12-01' });
    expect(duePeriods(new Date('2026-07-01T12:10:00Z'), 'America/New_York')).toEqual({ daily: 'daily-2026-07-01' });
  });

  it('are not due before 08:00 or after the morning window', () => {
    expect(duePeriods(new Date('2026-11-28T06:59:00Z'), 'Europe/Berlin')).toEqual({});
    expect(duePeriods(new Date('2026-11-28T11:00:00Z'), 'Europe/Berlin')).toEqual({});
  });
});
