import { SocialEventType } from '@shelf/contracts';
import { decideRepliesRead, decideUpdatesChecked } from './reader-mark-decisions';

/** Given the reader's count (from their read model), when they open the page, then this mark (or none). */
describe('a reader’s marks', () => {
  it('marks the unread replies read, and appends nothing with none unread', () => {
    expect(decideRepliesRead(3, 'u1')).toEqual({ outcome: 3, events: [{ type: SocialEventType.RepliesMarkedRead, data: { user_id: 'u1' } }] });
    expect(decideRepliesRead(0, 'u1')).toEqual({ outcome: 0, events: [] });
  });

  it('marks the unchecked updates checked, and appends nothing with none unchecked', () => {
    expect(decideUpdatesChecked(2, 'u1')).toEqual({ outcome: 2, events: [{ type: SocialEventType.LikedUpdatesChecked, data: { user_id: 'u1' } }] });
    expect(decideUpdatesChecked(0, 'u1')).toEqual({ outcome: 0, events: [] });
  });
});
