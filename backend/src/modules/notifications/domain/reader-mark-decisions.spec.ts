import { SocialEventType } from '@shelf/contracts';
import { deciderSpec } from '@test/decider-spec';
import { decideRepliesRead, decideUpdatesChecked } from './reader-mark-decisions';

/** Given the reader's count (from their read model), when they open the page. */
const count = (unread: number) => unread;
const readReplies = deciderSpec(count, decideRepliesRead);
const checkUpdates = deciderSpec(count, decideUpdatesChecked);

describe('a reader’s marks', () => {
  it('marks the unread replies read', () => readReplies.given(3).when('u1').then([{ type: SocialEventType.RepliesMarkedRead, data: { user_id: 'u1' } }], 3));

  it('appends nothing with no reply unread', () => readReplies.given(0).when('u1').then([], 0));

  it('marks the unchecked updates checked', () => checkUpdates.given(2).when('u1').then([{ type: SocialEventType.LikedUpdatesChecked, data: { user_id: 'u1' } }], 2));

  it('appends nothing with no update unchecked', () => checkUpdates.given(0).when('u1').then([], 0));
});
