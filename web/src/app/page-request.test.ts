import { describe, expect, it } from 'vitest';
import { pageRequestOf } from './page-request';

describe('pageRequestOf', () => {
  it('finds the answer of home, a story, a chapter and a category page in the route table', () => {
    expect(pageRequestOf('/')).toEqual({ page: 'home' });
    expect(pageRequestOf('/12-golden-stage')).toEqual({ page: 'story', bookId: 12 });
    expect(pageRequestOf('/12-golden-stage/7#comment-3')).toEqual({ page: 'chapter', bookId: 12, bookIDSlug: '12-golden-stage', chapterID: '7' });
    expect(pageRequestOf('/genre/Slice%20of%20Life?page=3')).toEqual({ page: 'category', category: 'genre', value: 'Slice of Life', pageNum: 3 });
    expect(pageRequestOf('/diversity/Danmei/BL?page=0')).toEqual({ page: 'category', category: 'diversity', value: 'Danmei/BL', pageNum: 1 });
  });

  it('shows home where the browser does: unknown paths, and story or chapter paths naming no id', () => {
    for (const path of ['/no/such/deep/path', '/about-us-please', '/golden-stage', '/12-golden-stage/seven', '/12-x/0']) {
      expect([path, pageRequestOf(path)]).toEqual([path, { page: 'home' }]);
    }
  });

  it('leaves the other pages to the browser', () => {
    for (const path of ['/searchbook?book_name=x', '/about-us', '/user/login', '/user/profile', '/admin/moderation']) {
      expect([path, pageRequestOf(path)]).toEqual([path, null]);
    }
  });
});
