import { SocialEventType } from '@shelf/contracts';
import { deciderSpec } from '@test/decider-spec';
import { decideRepliesRead } from './replies-read-decisions';

/** Given the reader's unread count (from their reply inbox), when they open the page. */
const readReplies = deciderSpec((unread: number) => unread, decideRepliesRead);

describe('marking replies read', () => {
  it('marks the unread replies read', () => readReplies.given(3).when('u1').then([{ type: SocialEventType.RepliesMarkedRead, data: { user_id: 'u1' } }], 3));

  it('appends nothing with no reply unread', () => readReplies.given(0).when('u1').then([], 0));
});
