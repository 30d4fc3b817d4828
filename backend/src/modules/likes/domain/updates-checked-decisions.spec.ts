import { SocialEventType } from '@shelf/contracts';
import { deciderSpec } from '@test/decider-spec';
import { decideUpdatesChecked } from './updates-checked-decisions';

/** Given the reader's unchecked count (from their liked stories), when they open the page. */
const checkUpdates = deciderSpec((unchecked: number) => unchecked, decideUpdatesChecked);

describe('marking liked stories’ updates checked', () => {
  it('marks the unchecked updates checked', () => checkUpdates.given(2).when('u1').then([{ type: SocialEventType.LikedUpdatesChecked, data: { user_id: 'u1' } }], 2));

  it('appends nothing with no update unchecked', () => checkUpdates.given(0).when('u1').then([], 0));
});
