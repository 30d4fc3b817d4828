import { type AnyDomainEvent, SocialEventType } from '@shelf/contracts';
import { deciderSpec, foldStream, storedEvent } from '@test/decider-spec';
import type { Decision } from './decision';
import { DomainError } from './domain-error';

// The deciders' given/when/then (test/decider-spec.ts) fails a spec whose decider does otherwise than it says.
const liked = () => storedEvent('story-like-7-u1', SocialEventType.StoryLiked, { book_id: 7, user_id: 'u1' });
const LIKED = { type: SocialEventType.StoryLiked, data: { book_id: 7, user_id: 'u1' } };
/** Likes when asked, refuses a second like, and answers with the versions it was given. */
const decide = (history: AnyDomainEvent[], like: boolean): Decision<number[]> => {
  if (like && history.length) throw new DomainError('invalid', 'Liked already.');
  return { outcome: history.map((event) => event.version), events: like ? [LIKED] : [] };
};
const like = deciderSpec(foldStream((history) => history), decide);

describe('the deciders’ given/when/then', () => {
  it('passes a decision that appends the events and answers the outcome said, given the stream numbered from 1', () =>
    like.given(storedEvent('s', SocialEventType.StoryUnliked, {}), storedEvent('s', SocialEventType.StoryUnliked, {})).when(false).then([], [1, 2]));

  it('fails a decision that appends other events', () => expect(() => like.given().when(false).then([LIKED])).toThrow());

  it('fails a decision that answers another outcome', () => expect(() => like.given().when(true).then([LIKED], [1])).toThrow());

  it('fails a decision that answers another outcome, whatever it appends', () => expect(() => like.given(liked()).when(false).thenAnswers([])).toThrow());

  it('fails a refusal where events were said, with the refusal', () => expect(() => like.given(liked()).when(true).then([])).toThrow('Liked already.'));

  it('fails a decision where a refusal was said', () => expect(() => like.given().when(true).thenRefuses('invalid')).toThrow());

  it('fails a refusal of another code or message', () => {
    expect(() => like.given(liked()).when(true).thenRefuses('forbidden')).toThrow();
    expect(() => like.given(liked()).when(true).thenRefuses('invalid', 'Another message.')).toThrow();
  });

  it('fails a refusal where none was said', () => expect(() => like.given(liked()).when(true).thenAllows()).toThrow());
});
