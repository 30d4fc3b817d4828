import { SocialEventType, type StoryLikeEvent } from '@shelf/contracts';
import { decideStoryLike, foldStoryLike } from './story-like-decisions';

const event = (type: StoryLikeEvent['type']) =>
  ({ id: 'e', streamId: 'story-like-7-u1', version: 0, type, data: { book_id: 7, user_id: 'u1' }, metadata: { actor: 'u1', correlationId: 'k', causationId: null }, occurredAt: '2026-11-23T10:00:00.000Z' }) as StoryLikeEvent;

/** Given the reader's like stream for the book, when they like or unlike it, then this event (or none). */
const given = (...types: StoryLikeEvent['type'][]) => types.map((type, i) => ({ ...event(type), version: i + 1 }));
const { StoryLiked: liked, StoryUnliked: unliked } = SocialEventType;

describe('liking a story', () => {
  it('likes a story not liked yet, or liked and taken back', () => {
    for (const history of [given(), given(liked, unliked)]) {
      expect(decideStoryLike(history, true, 7, 'u1')).toEqual({ outcome: true, events: [{ type: liked, data: { book_id: 7, user_id: 'u1' } }] });
    }
  });

  it('unlikes a liked story', () => {
    expect(decideStoryLike(given(liked), false, 7, 'u1')).toEqual({ outcome: false, events: [{ type: unliked, data: { book_id: 7, user_id: 'u1' } }] });
    expect(decideStoryLike(given(liked, unliked, liked), false, 7, 'u1').events).toEqual([{ type: unliked, data: { book_id: 7, user_id: 'u1' } }]);
  });

  it('appends nothing for a like twice or an unlike of what is not liked', () => {
    expect(decideStoryLike(given(liked), true, 7, 'u1')).toEqual({ outcome: true, events: [] });
    expect(decideStoryLike(given(), false, 7, 'u1')).toEqual({ outcome: false, events: [] });
    expect(decideStoryLike(given(liked, unliked), false, 7, 'u1')).toEqual({ outcome: false, events: [] });
  });

  it('folds the stream to whether it ends liked', () => {
    expect([given(), given(liked), given(liked, unliked)].map(foldStoryLike)).toEqual([false, true, false]);
  });
});
