import type { CommentsWithLikesResponse } from '@shelf/contracts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { comment } from '../../test/comments';
import { commentKeys, renameAuthorInCache, updateComment, upsertComment } from './queries';

const list = { comments: [comment({ comment_id: 'a' }), comment({ comment_id: 'b' })], likedComments: [{ comment_id: 'a' }] };
const ids = (data: typeof list) => data.comments.map((entry) => entry.comment_id);

describe('live patches of a cached comment list', () => {
  it('puts a new comment first in the newest order and last in the others', () => {
    const added = comment({ comment_id: 'new' });
    expect(ids(upsertComment(list, added, 'newest'))).toEqual(['new', 'a', 'b']);
    expect(ids(upsertComment(list, added, 'oldest'))).toEqual(['a', 'b', 'new']);
    expect(ids(upsertComment(list, added, 'likes'))).toEqual(['a', 'b', 'new']);
  });

  it('replaces a comment that is already there in place (an edit, deletion or removal), keeping the liked ones', () => {
    const edited = upsertComment(list, comment({ comment_id: 'a', comment_content: 'changed' }), 'newest');
    expect(ids(edited)).toEqual(['a', 'b']);
    expect(edited.comments[0].comment_content).toBe('changed');
    expect(edited.likedComments).toEqual([{ comment_id: 'a' }]);
    expect(list.comments[0].comment_content).toBe('Text of a'); // the cached value is not mutated
  });

  it('changes one comment, and leaves the list as it is when the comment is not in it', () => {
    expect(updateComment(list, 'b', (entry) => ({ ...entry, like_count: 9 })).comments[1].like_count).toBe(9);
    expect(updateComment(list, 'missing', (entry) => ({ ...entry, like_count: 9 }))).toBe(list);
  });
});

describe("a reader's new name", () => {
  it('shows on their comments in every cached list at once, and the lists are fetched afresh when next shown', () => {
    const queryClient = new QueryClient();
    const thread = { book_id: 12, chapter_id: null };
    const mine = comment({ comment_id: 'mine', user_id: 'u-me', username: 'Old Name' });
    const deleted = comment({ comment_id: 'gone', user_id: null, username: '[deleted]', deleted_comment: true });
    const newest = commentKeys.list(thread, 'newest', 'u-me');
    const oldest = commentKeys.list({ book_id: 12, chapter_id: 3 }, 'oldest', null);
    queryClient.setQueryData(newest, { comments: [mine, comment({ comment_id: 'other' }), deleted], likedComments: [] });
    queryClient.setQueryData(oldest, { comments: [comment({ comment_id: 'else' })], likedComments: [] });

    renameAuthorInCache(queryClient, 'u-me', 'New Name');

    const names = (key: readonly unknown[]) => queryClient.getQueryData<CommentsWithLikesResponse>(key)!.comments.map((entry) => entry.username);
    expect(names(newest)).toEqual(['New Name', 'author-other', '[deleted]']);
    expect(names(oldest)).toEqual(['author-else']);
    expect(queryClient.getQueryState(newest)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(oldest)?.isInvalidated).toBe(true);
  });
});
