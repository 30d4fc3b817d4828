import { SocialEventType, type StoryLikeEvent } from '@shelf/contracts';
import { deciderSpec, storedEvent, stream } from '@test/decider-spec';
import { decideStoryLike, foldStoryLike } from './story-like-decisions';

const likes = (...types: StoryLikeEvent['type'][]) => types.map((type) => storedEvent('story-like-7-u1', type, { book_id: 7, user_id: 'u1' }));
const { StoryLiked: liked, StoryUnliked: unliked } = SocialEventType;

/** Given the reader's like stream for the book, when they like it (true) or unlike it (false). */
const like = deciderSpec((...types: StoryLikeEvent['type'][]) => stream(...likes(...types)), (history, choice: boolean) => decideStoryLike(history, choice, 7, 'u1'));

describe('liking a story', () => {
  it('likes a story not liked yet', () => like.given().when(true).then([{ type: liked, data: { book_id: 7, user_id: 'u1' } }], true));

  it('likes a story liked and taken back', () => like.given(liked, unliked).when(true).then([{ type: liked, data: { book_id: 7, user_id: 'u1' } }], true));

  it('unlikes a liked story', () => like.given(liked).when(false).then([{ type: unliked, data: { book_id: 7, user_id: 'u1' } }], false));

  it('unlikes a story liked again', () => like.given(liked, unliked, liked).when(false).then([{ type: unliked, data: { book_id: 7, user_id: 'u1' } }]));

  it('appends nothing for a like twice', () => like.given(liked).when(true).then([], true));

  it('appends nothing for an unlike of a story never liked', () => like.given().when(false).then([], false));

  it('appends nothing for an unlike of a like taken back', () => like.given(liked, unliked).when(false).then([], false));

  it('folds the stream to whether it ends liked', () => expect([likes(), likes(liked), likes(liked, unliked)].map((history) => foldStoryLike(stream(...history)))).toEqual([false, true, false]));
});
