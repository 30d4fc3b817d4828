import { hasNewUpdates, mergeReaderLikes, readerLikesId, SocialEventType, type StoryLikeEvent, uncheckedUpdateCount } from '@shelf/contracts';
import { ProjectionGapError } from '../documents';
import { emptyReaderLikes, likeStep, recordChecked, recordUpdate, reduceReaderLikes } from './story-like-reducers';

const like = (version: number, liked: boolean, user = 'u1', occurredAt = `2026-11-22T10:00:0${version}.000Z`): StoryLikeEvent => ({
  id: `e${version}${user}`, streamId: `story-like-7-${user}`, version, occurredAt, metadata: { actor: user, correlationId: 'c', causationId: null },
  type: liked ? SocialEventType.StoryLiked : SocialEventType.StoryUnliked,
  data: { book_id: 7, user_id: user },
});

describe('story like reducers', () => {
  it("tells whether a like changes the reader's state, once per event", () => {
    expect(likeStep(null, like(1, true))).toEqual({ wasLiked: false, first: true });
    const one = reduceReaderLikes(emptyReaderLikes('u1'), like(1, true));
    expect(likeStep(one, like(1, true))).toBeNull();
    expect(reduceReaderLikes(one, like(1, true))).toBe(one);
    expect(likeStep(one, like(2, false))).toEqual({ wasLiked: true, first: false });
  });

  it('waits for a missing earlier event instead of applying out of order', () => {
    expect(() => likeStep(null, like(2, false))).toThrow(ProjectionGapError);
    expect(() => reduceReaderLikes(emptyReaderLikes('u1'), like(2, false))).toThrow(ProjectionGapError);
  });

  it('flags chapters published after the like until the reader checks', () => {
    const liked = reduceReaderLikes(emptyReaderLikes('u1'), like(1, true));
    expect(recordUpdate(liked, 7, '2026-11-22T09:00:00.000Z')).toBe(liked);
    const updated = recordUpdate(liked, 7, '2026-11-22T11:00:00.000Z');
    expect(recordUpdate(updated, 7, '2026-11-22T11:00:00.000Z')).toBe(updated);
    expect(hasNewUpdates(updated.books.b7, updated.checked_up_to)).toBe(true);
    const checked = recordChecked(updated, '2026-11-22T12:00:00.000Z');
    expect(hasNewUpdates(checked.books.b7, checked.checked_up_to)).toBe(false);
    const unliked = reduceReaderLikes(updated, like(2, false));
    expect(hasNewUpdates(unliked.books.b7, unliked.checked_up_to)).toBe(false);
  });

  it("merges a reader's parts: every book, the latest check", () => {
    const book7 = recordUpdate(reduceReaderLikes(emptyReaderLikes(readerLikesId('u1', 3)), like(1, true)), 7, '2026-11-22T11:00:00.000Z');
    const checkedEarly = recordChecked(emptyReaderLikes(readerLikesId('u1', 5)), '2026-11-22T10:30:00.000Z');
    const checkedLate = recordChecked(emptyReaderLikes(readerLikesId('u1', 9)), '2026-11-22T12:00:00.000Z');
    expect(mergeReaderLikes('u1', [null, null])).toBeNull();
    const early = mergeReaderLikes('u1', [book7, checkedEarly, null])!;
    expect([early._id, Object.keys(early.books), early.checked_up_to, uncheckedUpdateCount(early)]).toEqual(['u1', ['b7'], '2026-11-22T10:30:00.000Z', 1]);
    expect(uncheckedUpdateCount(mergeReaderLikes('u1', [checkedLate, book7, checkedEarly]))).toBe(0);
  });
});
