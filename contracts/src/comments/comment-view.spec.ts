import type { CommentEntry } from '../read-models/social-read-models';
import { toCommentView } from './comment-view';

const entry: CommentEntry = {
  comment_id: 'c1', book_id: 1, chapter_id: 2, parent_comment_id: null, parent_user_id: null, user_id: 'u1', username: 'Reader',
  email_hash: 'abc', comment_content: 'The secret original text of it', comment_time: '2026-11-22T00:00:00.000Z', deleted: false,
  removed: false, report_count: 3, like_count: 1, version: 4, seq: 0,
};

describe('toCommentView (comment display)', () => {
  it('shows a normal comment as written, without its place or version', () => {
    expect(toCommentView(entry)).toEqual({
      comment_id: 'c1', book_id: 1, chapter_id: 2, parent_comment_id: null, comment_content: 'The secret original text of it',
      comment_time: '2026-11-22T00:00:00.000Z', edited_time: null, username: 'Reader', email_hash: 'abc', user_id: 'u1', like_count: 1, report_count: 3,
      deleted_comment: false,
    });
  });

  it('tells when the text was last edited, also for entries projected before edits were timed', () => {
    expect(toCommentView({ ...entry, edited_time: '2026-11-23T08:00:00.000Z' }).edited_time).toBe('2026-11-23T08:00:00.000Z');
    const { edited_time: _dropped, ...older } = { ...entry, edited_time: undefined };
    expect(toCommentView(older).edited_time).toBeNull();
    expect(toCommentView({ ...entry, edited_time: '2026-11-23T08:00:00.000Z', deleted: true }).edited_time).toBeNull();
  });

  it("names the author as they are called now, and never names a deleted or removed comment's", () => {
    const names = new Map([['u1', 'Renamed'], ['u2', 'Someone else']]);
    expect(toCommentView(entry, names).username).toBe('Renamed');
    expect(toCommentView({ ...entry, user_id: 'u3' }, names).username).toBe('Reader');
    expect(toCommentView({ ...entry, deleted: true }, names).username).toBe('[deleted]');
    expect(toCommentView({ ...entry, removed: true }, names).username).toBe('[removed]');
  });

  it("shows an erased account's comment as [deleted account], named so now or since its events were erased", () => {
    const erased = { username: '[deleted account]', comment_content: '[deleted account]', email_hash: null, user_id: null, edited_time: null, deleted_comment: false };
    expect(toCommentView({ ...entry, edited_time: '2026-11-23T08:00:00.000Z' }, new Map([['u1', '[deleted account]']]))).toMatchObject(erased);
    expect(toCommentView({ ...entry, username: '[deleted account]', comment_content: '', email_hash: '' })).toMatchObject(erased);
    expect(toCommentView({ ...entry, deleted: true }, new Map([['u1', '[deleted account]']]))).toMatchObject({ username: '[deleted]', comment_content: '[deleted]' });
  });

  it('never sends the text, author or avatar of a deleted or removed comment', () => {
    expect(toCommentView({ ...entry, deleted: true })).toMatchObject({ username: '[deleted]', comment_content: '[deleted]', email_hash: null, user_id: null, deleted_comment: true });
    expect(toCommentView({ ...entry, removed: true })).toMatchObject({
      username: '[removed]',
      comment_content: 'This comment has been removed due to numerous reports.',
      email_hash: null,
    });
  });
});
