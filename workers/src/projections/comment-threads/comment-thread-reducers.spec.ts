import { type CommentAuthorErasedV1, type CommentEditedV1, type CommentPostedV1, ERASED_NAME, SocialEventType } from '@shelf/contracts';
import { postedEntry, reduceComment } from './comment-thread-reducers';

const by = { actor: 'u1', correlationId: 'c', causationId: null };
const ref = { comment_id: 'c1', book_id: 1, chapter_id: null };
const posted: CommentPostedV1 = {
  id: 'e1', streamId: 'comment-c1', version: 1, type: SocialEventType.CommentPosted, occurredAt: '2026-11-22T10:00:00.000Z', metadata: by,
  data: { ...ref, parent_comment_id: null, parent_user_id: null, user_id: 'u1', username: 'Reader', email_hash: 'h', comment_content: 'The first words of it all.' },
};
const edited = (version: number, occurredAt: string, text: string): CommentEditedV1 => ({
  id: `e${version}`, streamId: 'comment-c1', version, type: SocialEventType.CommentEdited, occurredAt, metadata: by, data: { ...ref, comment_content: text },
});

describe('comment thread reducers', () => {
  it('posts a comment as never edited, and times each edit', () => {
    const entry = postedEntry(posted, 0);
    expect(entry).toMatchObject({ comment_time: posted.occurredAt, edited_time: null, version: 1, seq: 0 });
    const once = reduceComment(entry, edited(2, '2026-11-22T11:00:00.000Z', 'Second thoughts on the first words.'))!;
    expect(once.entry).toMatchObject({ comment_content: 'Second thoughts on the first words.', edited_time: '2026-11-22T11:00:00.000Z', version: 2 });
    expect(once.change).toEqual({ kind: 'edited', entry: once.entry });
    const twice = reduceComment(once.entry, edited(3, '2026-11-22T12:30:00.000Z', 'Third thoughts on the first words.'))!;
    expect(twice.entry.edited_time).toBe('2026-11-22T12:30:00.000Z');
    // Applied again: nothing changes.
    expect(reduceComment(twice.entry, edited(3, '2026-11-22T12:30:00.000Z', 'Third thoughts on the first words.'))).toBeNull();
  });

  it('keeps nothing of an erased author but the comment’s place, as a rebuild reads it', () => {
    const once = reduceComment(postedEntry(posted, 0), edited(2, '2026-11-22T11:00:00.000Z', 'Second thoughts on the first words.'))!;
    const erased: CommentAuthorErasedV1 = { id: 'x1', streamId: 'comment-author-erased-c1', version: 1, type: SocialEventType.CommentAuthorErased, occurredAt: '2026-11-22T12:00:00.000Z', metadata: by, data: ref };
    const gone = reduceComment(once.entry, erased)!;
    // A stream of its own: the comment's version stays, so its later events apply in order.
    expect(gone.entry).toEqual({ ...once.entry, username: ERASED_NAME, email_hash: '', comment_content: '' });
    expect(gone.change).toEqual({ kind: 'edited', entry: gone.entry });
    expect(reduceComment(gone.entry, erased)).toBeNull();
  });
});
