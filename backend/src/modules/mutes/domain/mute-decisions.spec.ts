import { LibraryEventType, MUTE_LIMIT, type MuteRelation } from '@shelf/contracts';
import { deciderSpec, storedEvent, stream } from '@test/decider-spec';
import { decideMute, decideUnmute, foldMutes } from './mute-decisions';

const STREAM = 'library-u1-mutes';
const at = (second: number) => `2026-11-28T10:00:${String(second % 60).padStart(2, '0')}.000Z`;
const muted = (second: number, target: string) => storedEvent(STREAM, LibraryEventType.ReaderMuted, { user_id: 'u1', target_id: target, username: `Name ${target}` }, at(second));
const blocked = (second: number, target: string) => storedEvent(STREAM, LibraryEventType.ReaderBlocked, { user_id: 'u1', target_id: target, username: `Name ${target}` }, at(second));
const unmuted = (second: number, target: string) => storedEvent(STREAM, LibraryEventType.ReaderUnmuted, { user_id: 'u1', target_id: target }, at(second));
const now = '2026-11-28T11:00:00.000Z';

interface Asked {
  target: string;
  relation?: MuteRelation;
  /** The target's name now; null for no such reader. */
  name?: string | null;
}
const mute = deciderSpec(stream, (history, { target, relation = 'muted', name = `Name ${target}` }: Asked) =>
  decideMute(history, { userId: 'u1', targetId: target, relation, targetName: name, now }),
);
const unmute = deciderSpec(stream, (history, { target, relation = 'muted' }: Asked) => decideUnmute(history, { userId: 'u1', targetId: target, relation }));
const fullOf = (event: typeof muted) => Array.from({ length: MUTE_LIMIT }, (_, i) => event(i, `r${i}`));

describe('muting and blocking a reader', () => {
  it('mutes a reader, muted now', () =>
    mute
      .given()
      .when({ target: 'a' })
      .then([{ type: LibraryEventType.ReaderMuted, data: { user_id: 'u1', target_id: 'a', username: 'Name a' } }], { muted: [{ user_id: 'a', username: 'Name a', since: now }], blocked: [] }));

  it('blocks a muted reader, on a list of its own', () =>
    mute
      .given(muted(1, 'a'))
      .when({ target: 'a', relation: 'blocked' })
      .then([{ type: LibraryEventType.ReaderBlocked, data: { user_id: 'u1', target_id: 'a', username: 'Name a' } }], {
        muted: [{ user_id: 'a', username: 'Name a', since: at(1) }],
        blocked: [{ user_id: 'a', username: 'Name a', since: now }],
      }));

  it('appends nothing for a reader muted already', () => mute.given(muted(1, 'a')).when({ target: 'a' }).then([]));

  it('appends nothing for a reader blocked already', () => mute.given(blocked(1, 'b')).when({ target: 'b', relation: 'blocked' }).then([]));

  it('refuses to mute the reader themselves', () => mute.given().when({ target: 'u1' }).thenRefuses('invalid', 'You cannot mute yourself.'));

  it('refuses to block the reader themselves', () => mute.given().when({ target: 'u1', relation: 'blocked' }).thenRefuses('invalid', 'You cannot block yourself.'));

  it('refuses an unknown reader', () => mute.given().when({ target: 'ghost', name: null }).thenRefuses('not-found', 'There is no reader with that id.'));

  it(`refuses a new reader beyond ${MUTE_LIMIT} muted`, () =>
    mute.given(...fullOf(muted)).when({ target: 'one-more' }).thenRefuses('invalid', `You can mute at most ${MUTE_LIMIT} readers. Unmute one first.`));

  it(`refuses a new reader beyond ${MUTE_LIMIT} blocked`, () =>
    mute.given(...fullOf(blocked)).when({ target: 'one-more', relation: 'blocked' }).thenRefuses('invalid', `You can block at most ${MUTE_LIMIT} readers. Unblock one first.`));

  it(`still blocks with ${MUTE_LIMIT} readers muted`, () =>
    mute.given(...fullOf(muted)).when({ target: 'one-more', relation: 'blocked' }).then([{ type: LibraryEventType.ReaderBlocked, data: { user_id: 'u1', target_id: 'one-more', username: 'Name one-more' } }]));
});

describe('unmuting and unblocking a reader', () => {
  it('unmutes, leaving the block', () =>
    unmute
      .given(muted(1, 'a'), muted(2, 'b'), blocked(3, 'a'))
      .when({ target: 'a' })
      .then([{ type: LibraryEventType.ReaderUnmuted, data: { user_id: 'u1', target_id: 'a' } }], {
        muted: [{ user_id: 'b', username: 'Name b', since: at(2) }],
        blocked: [{ user_id: 'a', username: 'Name a', since: at(3) }],
      }));

  it('unblocks', () =>
    unmute.given(blocked(1, 'a')).when({ target: 'a', relation: 'blocked' }).then([{ type: LibraryEventType.ReaderUnblocked, data: { user_id: 'u1', target_id: 'a' } }]));

  it('appends nothing for a reader not on the list', () => unmute.given(blocked(1, 'a')).when({ target: 'a' }).then([], { muted: [], blocked: [{ user_id: 'a', username: 'Name a', since: at(1) }] }));
});

describe('the lists of a stream', () => {
  it('are in the order readers were added, a reader muted again going last', () =>
    expect(foldMutes(stream(muted(1, 'a'), muted(2, 'b'), unmuted(3, 'a'), muted(4, 'a'))).muted.map((entry) => [entry.user_id, entry.since])).toEqual([
      ['b', at(2)],
      ['a', at(4)],
    ]));
});
