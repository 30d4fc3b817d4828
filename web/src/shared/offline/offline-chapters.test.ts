import { describe, expect, it } from 'vitest';
import { chapterPageUrl, chaptersToKeep, isChapterPageUrl } from './offline-chapters';

describe('the chapters kept for offline reading', () => {
  const story = [11, 12, 13, 14, 15, 16, 17, 18, 19];

  it('keeps the reader’s chapter and the five after it', () => {
    expect(chaptersToKeep(story, 12)).toEqual([12, 13, 14, 15, 16, 17]);
  });

  it('keeps what there is near the end of a story', () => {
    expect(chaptersToKeep(story, 17)).toEqual([17, 18, 19]);
  });

  it('keeps the first five of a story the reader has not begun, or whose chapter is gone', () => {
    expect(chaptersToKeep(story, null)).toEqual([11, 12, 13, 14, 15]);
    expect(chaptersToKeep(story, 99)).toEqual([11, 12, 13, 14, 15]);
  });
});

describe('a chapter’s API address', () => {
  it('is the one the chapter page fetches, and is told apart from other API addresses', () => {
    const url = chapterPageUrl('12-a-tale-of-two', 3);
    expect(url).toBe('/api/12-a-tale-of-two/3');
    expect(isChapterPageUrl(url)).toBe(true);
    expect(isChapterPageUrl('/api/12-a-tale-of-two')).toBe(false);
    expect(isChapterPageUrl('/api/user/replies')).toBe(false);
    expect(isChapterPageUrl('/api/genre/romance')).toBe(false);
  });
});
