import { EVENT_TYPES, SocialEventType } from '@shelf/contracts';
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
});
