import type { CommentView } from '@shelf/contracts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { comment } from '../../test/comments';
import { addComment, commentKeys, hasMore, likedIn, loadedComments, renameAuthorInCache, setLikedIn, type ThreadPages, updateComment, upsertComment } from './queries';

/** Cached pages of `ids` each; every page but the last says what comes next. */
const pagesOf = (...ids: string[][]): ThreadPages => ({
  pages: ids.map((page, index) => ({
    comments: page.map((comment_id) => comment({ comment_id })),
    likedComments: [],
    next_after: index < ids.length - 1 || page.length === 0 ? (page.at(-1) ?? null) : null,
    total_comments: 10,
  })),
  pageParams: ids.map((_, index) => (index === 0 ? null : ids[index - 1].at(-1)!)),
});
const ids = (data: ThreadPages) => loadedComments(data).map((entry) => entry.comment_id);
const one = pagesOf(['a', 'b']);
const two = pagesOf(['a', 'b'], ['c', 'd']);

describe('the pages of a thread loaded so far', () => {
  it('show their comments in order, a comment that two pages hold where it came last', () => {
    expect(ids(two)).toEqual(['a', 'b', 'c', 'd']);
    const moved = pagesOf(['a', 'b'], ['c', 'a', 'd']);
    expect(ids(moved)).toEqual(['b', 'c', 'a', 'd']);
  });

  it('tell whether more comes after them, and which comments the reader likes in any of them', () => {
    expect(hasMore(one)).toBe(false);
    const more = { ...one, pages: [{ ...one.pages[0], next_after: 'b', likedComments: [{ comment_id: 'a' }] }] };
    expect(hasMore(more)).toBe(true);
    expect(likedIn(setLikedIn({ ...two, pages: [more.pages[0], two.pages[1]] }, 'd', true))).toEqual(new Set(['a', 'd']));
  });
});

describe('live patches of a cached comment list', () => {
  it('puts a new comment first in the newest order and last of those loaded in the others', () => {
    const added = comment({ comment_id: 'new' });
    expect(ids(upsertComment(two, added, 'newest'))).toEqual(['new', 'a', 'b', 'c', 'd']);
    expect(ids(upsertComment(two, added, 'oldest'))).toEqual(['a', 'b', 'c', 'd', 'new']);
    expect(ids(upsertComment(two, added, 'likes'))).toEqual(['a', 'b', 'c', 'd', 'new']);
    // The page that holds it, loaded later, shows it in its place.
    const live = upsertComment(one, added, 'oldest');
    const next = { ...live, pages: [...live.pages, { comments: [comment({ comment_id: 'c' }), added], likedComments: [], next_after: null, total_comments: 4 }] };
    expect(ids(next)).toEqual(['a', 'b', 'c', 'new']);
  });

  it('counts a comment posted meanwhile in the thread\'s total once, and an edit of one not loaded not at all', () => {
    const added = addComment(two, comment({ comment_id: 'new' }), 'newest');
    expect(added.pages.map((page) => page.total_comments)).toEqual([11, 11]);
    expect(addComment(added, comment({ comment_id: 'new' }), 'newest').pages.map((page) => page.total_comments)).toEqual([11, 11]);
    expect(upsertComment(two, comment({ comment_id: 'later' }), 'oldest').pages.map((page) => page.total_comments)).toEqual([10, 10]);
  });

  it('replaces a comment that is already there in place (an edit, deletion or removal), in whichever page holds it', () => {
    const edited = upsertComment(two, comment({ comment_id: 'c', comment_content: 'changed' }), 'newest');
    expect(ids(edited)).toEqual(['a', 'b', 'c', 'd']);
    expect(loadedComments(edited)[2].comment_content).toBe('changed');
    expect(edited.pages[0]).toBe(two.pages[0]);
    expect(two.pages[1].comments[0].comment_content).toBe('Text of c'); // the cached value is not mutated
  });

  it('changes one comment, and leaves the list as it is when no loaded page has it', () => {
    expect(loadedComments(updateComment(two, 'd', (entry) => ({ ...entry, like_count: 9 })))[3].like_count).toBe(9);
    expect(updateComment(two, 'missing', (entry) => ({ ...entry, like_count: 9 }))).toBe(two);
  });

  it("moves the reader's like of a comment, once, to the page that holds it", () => {
    const liked = setLikedIn(two, 'c', true);
    expect(liked.pages.map((page) => page.likedComments)).toEqual([[], [{ comment_id: 'c' }]]);
    expect(likedIn(setLikedIn(setLikedIn(liked, 'c', true), 'c', false))).toEqual(new Set());
  });
});

describe("a reader's new name", () => {
  it('shows on their comments in every cached list at once, and the lists are fetched afresh when next shown', () => {
    const queryClient = new QueryClient();
    const thread = { book_id: 12, chapter_id: null };
    const mine = comment({ comment_id: 'mine', user_id: 'u-me', username: 'Old Name' });
    const deleted = comment({ comment_id: 'gone', user_id: null, username: '[deleted]', deleted_comment: true });
    const page = (comments: CommentView[]) => ({ comments, likedComments: [], next_after: null, total_comments: comments.length });
    const newest = commentKeys.list(thread, 'newest', 'u-me');
    const oldest = commentKeys.list({ book_id: 12, chapter_id: 3 }, 'oldest', null);
    queryClient.setQueryData<ThreadPages>(newest, { pages: [page([comment({ comment_id: 'other' })]), page([mine, deleted])], pageParams: [null, 'other'] });
    queryClient.setQueryData<ThreadPages>(oldest, { pages: [page([comment({ comment_id: 'else' })])], pageParams: [null] });

    renameAuthorInCache(queryClient, 'u-me', 'New Name');

    const names = (key: readonly unknown[]) => loadedComments(queryClient.getQueryData<ThreadPages>(key)!).map((entry) => entry.username);
    expect(names(newest)).toEqual(['author-other', 'New Name', '[deleted]']);
    expect(names(oldest)).toEqual(['author-else']);
    expect(queryClient.getQueryState(newest)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(oldest)?.isInvalidated).toBe(true);
  });
});
