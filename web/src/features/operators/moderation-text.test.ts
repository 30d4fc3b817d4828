import { describe, expect, it } from 'vitest';
import { moderationItem } from '../../test/moderation';
import { availableDecisions, commentPath, reasonTexts, statusText, suspensionText, viewCount } from './moderation-text';

describe('moderation texts', () => {
  it('says where a reported comment stands', () => {
    expect(statusText({ status: 'removed', removed_by: 'reports' })).toBe('Removed by reports');
    expect(statusText({ status: 'removed', removed_by: 'operator' })).toBe('Removed by an operator');
    expect(statusText({ status: 'deleted', removed_by: null })).toBe('Deleted by its author');
  });

  it('lists the reasons most reported first, with the reports without one', () => {
    expect(reasonTexts({ spam: 1, spoilers: 4, none: 2, other: 0 })).toEqual(['Unmarked spoilers (4)', 'No reason given (2)', 'Spam or advertising (1)']);
    expect(reasonTexts({})).toEqual([]);
  });

  it('offers only the decisions that apply', () => {
    expect(availableDecisions(moderationItem('a'))).toEqual({ dismiss: true, remove: true, restore: false });
    expect(availableDecisions(moderationItem('a', { status: 'dismissed', open_reports: 0 }))).toEqual({ dismiss: false, remove: true, restore: false });
    expect(availableDecisions(moderationItem('a', { status: 'removed', removed_by: 'operator' }))).toEqual({ dismiss: false, remove: false, restore: true });
    expect(availableDecisions(moderationItem('a', { status: 'deleted' }))).toEqual({ dismiss: false, remove: false, restore: false });
  });

  it('links a comment with the anchor the comment section scrolls to', () => {
    expect(commentPath({ book_id: 3, chapter_id: 9, comment_id: 'a b' }, 'Golden Stage!')).toBe('/3-golden-stage/9#a%20b');
    expect(commentPath({ book_id: 3, chapter_id: null, comment_id: 'c1' })).toBe('/3#c1');
  });

  it('counts a view and says how long a suspension lasts', () => {
    expect(viewCount('review', 1)).toBe('1 comment needs review.');
    expect(viewCount('all', 3)).toBe('3 reported comments.');
    expect(suspensionText(null)).toBe('Suspended from commenting for good.');
    expect(suspensionText('2026-12-01T00:00:00.000Z')).toMatch(/^Suspended from commenting until .+\.$/);
  });
});
