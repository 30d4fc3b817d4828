import { SocialEventType } from '@shelf/contracts';
import { decideRepliesRead } from './replies-read-decisions';

/** Given the reader's unread count (from their reply inbox), when they open the page, then this mark (or none). */
describe('marking replies read', () => {
  it('marks the unread replies read', () => {
    expect(decideRepliesRead(3, 'u1')).toEqual({ outcome: 3, events: [{ type: SocialEventType.RepliesMarkedRead, data: { user_id: 'u1' } }] });
  });

  it('appends nothing with none unread', () => {
    expect(decideRepliesRead(0, 'u1')).toEqual({ outcome: 0, events: [] });
  });
});
