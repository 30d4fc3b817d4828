import { AccountEventType, EVENT_TYPES, type EventType, SocialEventType } from '@shelf/contracts';
import { assertEveryEventConsumed, UNPROJECTED_EVENT_TYPES } from './event-consumers';

describe('assertEveryEventConsumed', () => {
  const projected = EVENT_TYPES.filter((type) => !UNPROJECTED_EVENT_TYPES.includes(type));

  it('passes when every event type is handled or declared unprojected', () => {
    const projectors = [{ handles: projected.slice(0, 3) }, { handles: projected.slice(3) }];
    expect(assertEveryEventConsumed(projectors)).toBe(projectors);
  });

  it('fails naming the types no projector handles', () => {
    const projectors = [{ handles: projected.filter((type) => type !== SocialEventType.CommentReported && type !== SocialEventType.StoryUnliked) }];
    expect(() => assertEveryEventConsumed(projectors)).toThrow(/event type\(s\) story\.unliked\.v1, comment\.reported\.v1:/);
  });

  it('fails naming a type listed as unprojected that a projector handles', () => {
    const projectors = [{ handles: projected }, { handles: [AccountEventType.EmailVerified] }];
    expect(() => assertEveryEventConsumed(projectors)).toThrow(
      'UNPROJECTED_EVENT_TYPES lists the event type(s) user.email-verified.v1, which a projector handles: take them off the list.',
    );
  });

  it('fails naming a handled type the log cannot hold', () => {
    const projectors = [{ handles: [...projected, 'comment.posted.v9' as EventType] }];
    expect(() => assertEveryEventConsumed(projectors)).toThrow('A projector handles the unknown event type(s) comment.posted.v9: the log holds no such events (see EVENT_TYPES in contracts).');
  });
});
