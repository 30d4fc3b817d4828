import { SocialEventType } from '@shelf/contracts';
import { decideUpdatesChecked } from './updates-checked-decisions';

/** Given the reader's unchecked count (from their liked stories), when they open the page, then this mark (or none). */
describe('marking liked stories’ updates checked', () => {
  it('marks the unchecked updates checked', () => {
    expect(decideUpdatesChecked(2, 'u1')).toEqual({ outcome: 2, events: [{ type: SocialEventType.LikedUpdatesChecked, data: { user_id: 'u1' } }] });
  });

  it('appends nothing with none unchecked', () => {
    expect(decideUpdatesChecked(0, 'u1')).toEqual({ outcome: 0, events: [] });
  });
});
