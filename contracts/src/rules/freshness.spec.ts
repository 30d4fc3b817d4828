import { freshnessBadges, isBookFresh, isChapterNew } from './freshness';

const now = new Date('2026-05-20T12:00:00.000Z');
const before = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe('book freshness', () => {
  it('is fresh for under 2 days (172800000 ms)', () => {
    expect(isBookFresh(before(172_799_999), now)).toBe(true);
    expect(isBookFresh(before(172_800_000), now)).toBe(false);
  });

  it("gives 'NEW!' with 'COMPLETE!' for a completed book or 'UPDATES!' otherwise, and nothing after 2 days", () => {
    expect(freshnessBadges({ last_updated: before(3_600_000), completion_statuses: 'Completed' }, now)).toEqual(['NEW!', 'COMPLETE!']);
    expect(freshnessBadges({ last_updated: before(3_600_000), completion_statuses: 'Ongoing' }, now)).toEqual(['NEW!', 'UPDATES!']);
    expect(freshnessBadges({ last_updated: before(172_800_000), completion_statuses: 'Completed' }, now)).toEqual([]);
  });
});

describe('chapter New badge', () => {
  it('shows for under 20 days (1728e6 ms)', () => {
    expect(isChapterNew(before(1_727_999_999), now)).toBe(true);
    expect(isChapterNew(before(1_728_000_000), now)).toBe(false);
  });
});
