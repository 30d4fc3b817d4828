import { type DigestChosenV1, LibraryEventType } from '@shelf/contracts';
import { deciderSpec, storedEvent, stream } from '@test/decider-spec';
import { decideDigestChoice, decideDigestUnsubscribe } from './digest-decisions';

const chosen = (data: Partial<DigestChosenV1['data']>) =>
  storedEvent('library-u1-digests', LibraryEventType.DigestChosen, { user_id: 'u1', kind: 'replies', frequency: 'daily', time_zone: 'Europe/Berlin', email: 'a@example.com', via: 'profile', ...data });
const choose = deciderSpec(stream, (history, command: { kind: 'replies' | 'chapters'; frequency: 'none' | 'daily' | 'weekly'; timeZone?: string }) =>
  decideDigestChoice(history, { userId: 'u1', email: 'a@example.com', timeZone: 'Europe/Berlin', ...command }),
);
const unsubscribe = deciderSpec(stream, (history, kind: 'replies' | 'chapters') => decideDigestUnsubscribe(history, { userId: 'u1', kind }));

describe('choosing a digest', () => {
  it('turns a kind on, in the reader’s time zone, leaving the other off', () =>
    choose
      .given()
      .when({ kind: 'chapters', frequency: 'weekly' })
      .then(
        [{ type: LibraryEventType.DigestChosen, data: { user_id: 'u1', kind: 'chapters', frequency: 'weekly', time_zone: 'Europe/Berlin', email: 'a@example.com', via: 'profile' } }],
        { replies: 'none', chapters: 'weekly', time_zone: 'Europe/Berlin' },
      ));

  it('appends nothing when the choice is the one made', () => choose.given(chosen({})).when({ kind: 'replies', frequency: 'daily' }).then([]));

  it('appends the same choice from another time zone, which it then goes by', () =>
    choose.given(chosen({})).when({ kind: 'replies', frequency: 'daily', timeZone: 'Asia/Tokyo' }).thenAnswers({ replies: 'daily', chapters: 'none', time_zone: 'Asia/Tokyo' }));

  it('turns a kind off', () => choose.given(chosen({})).when({ kind: 'replies', frequency: 'none' }).thenAnswers({ replies: 'none', chapters: 'none', time_zone: 'Europe/Berlin' }));
});

describe('unsubscribing from a digest', () => {
  it('turns that kind off, keeping the other', () =>
    unsubscribe
      .given(chosen({}), chosen({ kind: 'chapters', frequency: 'weekly' }))
      .when('replies')
      .then(
        [{ type: LibraryEventType.DigestChosen, data: { user_id: 'u1', kind: 'replies', frequency: 'none', time_zone: 'Europe/Berlin', email: 'a@example.com', via: 'unsubscribe' } }],
        { replies: 'none', chapters: 'weekly', time_zone: 'Europe/Berlin' },
      ));

  it('appends nothing for a kind already off (a second click)', () => unsubscribe.given(chosen({ frequency: 'none' })).when('replies').then([]));

  it('appends nothing for a reader who never chose', () => unsubscribe.given().when('chapters').then([]));
});
