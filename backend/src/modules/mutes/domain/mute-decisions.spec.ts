import { type AnyDomainEvent, LibraryEventType, MUTE_LIMIT } from '@shelf/contracts';
import { refusalOf } from '../../../domain/refusal-of';
import { decideMute, decideUnmute, foldMutes, type MuteRequest } from './mute-decisions';

const meta = { actor: 'u1', correlationId: 'k', causationId: null };
const event = (version: number, type: AnyDomainEvent['type'], target: string): AnyDomainEvent =>
  ({
    id: `e${version}`, streamId: 'library-u1-mutes', version, type, metadata: meta, occurredAt: `2026-11-28T10:00:${String(version % 60).padStart(2, '0')}.000Z`,
    data: type === LibraryEventType.ReaderMuted || type === LibraryEventType.ReaderBlocked ? { user_id: 'u1', target_id: target, username: `Name ${target}` } : { user_id: 'u1', target_id: target },
  }) as AnyDomainEvent;
const now = '2026-11-28T11:00:00.000Z';
const mute = (targetId: string, relation: MuteRequest['relation'] = 'muted', targetName: string | null = `Name ${targetId}`): MuteRequest => ({ userId: 'u1', targetId, relation, targetName, now });

describe('muting and blocking readers', () => {
  it('mutes and blocks a reader, each on its own list', () => {
    expect(decideMute([], mute('a'))).toEqual({
      outcome: { muted: [{ user_id: 'a', username: 'Name a', since: now }], blocked: [] },
      events: [{ type: LibraryEventType.ReaderMuted, data: { user_id: 'u1', target_id: 'a', username: 'Name a' } }],
    });
    const blocked = decideMute([event(1, LibraryEventType.ReaderMuted, 'a')], mute('a', 'blocked'));
    expect(blocked.events).toEqual([{ type: LibraryEventType.ReaderBlocked, data: { user_id: 'u1', target_id: 'a', username: 'Name a' } }]);
    expect(blocked.outcome).toEqual({ muted: [{ user_id: 'a', username: 'Name a', since: '2026-11-28T10:00:01.000Z' }], blocked: [{ user_id: 'a', username: 'Name a', since: now }] });
  });

  it('appends nothing when the reader is muted or blocked already (idempotent)', () => {
    const history = [event(1, LibraryEventType.ReaderMuted, 'a'), event(2, LibraryEventType.ReaderBlocked, 'b')];
    expect(decideMute(history, mute('a')).events).toEqual([]);
    expect(decideMute(history, mute('b', 'blocked')).events).toEqual([]);
    expect(decideUnmute(history, { userId: 'u1', targetId: 'b', relation: 'muted' }).events).toEqual([]);
    expect(decideUnmute([], { userId: 'u1', targetId: 'a', relation: 'blocked' })).toEqual({ outcome: { muted: [], blocked: [] }, events: [] });
  });

  it('refuses the reader themselves and an unknown reader', () => {
    expect(refusalOf(() => decideMute([], { ...mute('u1'), targetId: 'u1' }))).toEqual({ code: 'invalid', message: 'You cannot mute yourself.' });
    expect(refusalOf(() => decideMute([], { ...mute('u1', 'blocked'), targetId: 'u1' }))).toEqual({ code: 'invalid', message: 'You cannot block yourself.' });
    expect(refusalOf(() => decideMute([], mute('ghost', 'muted', null)))).toEqual({ code: 'not-found', message: 'There is no reader with that id.' });
  });

  it(`refuses a new reader beyond ${MUTE_LIMIT} on a list, but not on the other`, () => {
    const full = Array.from({ length: MUTE_LIMIT }, (_, i) => event(i + 1, LibraryEventType.ReaderMuted, `r${i}`));
    expect(refusalOf(() => decideMute(full, mute('one-more')))).toEqual({ code: 'invalid', message: `You can mute at most ${MUTE_LIMIT} readers. Unmute one first.` });
    expect(decideMute(full, mute('r3')).events).toEqual([]);
    expect(decideMute(full, mute('one-more', 'blocked')).events).toHaveLength(1);
    const blockedFull = Array.from({ length: MUTE_LIMIT }, (_, i) => event(i + 1, LibraryEventType.ReaderBlocked, `r${i}`));
    expect(refusalOf(() => decideMute(blockedFull, mute('one-more', 'blocked')))).toEqual({ code: 'invalid', message: `You can block at most ${MUTE_LIMIT} readers. Unblock one first.` });
  });

  it('unmutes and unblocks, and folds the stream in the order readers were added', () => {
    const history = [event(1, LibraryEventType.ReaderMuted, 'a'), event(2, LibraryEventType.ReaderMuted, 'b'), event(3, LibraryEventType.ReaderBlocked, 'a')];
    const unmuted = decideUnmute(history, { userId: 'u1', targetId: 'a', relation: 'muted' });
    expect(unmuted.events).toEqual([{ type: LibraryEventType.ReaderUnmuted, data: { user_id: 'u1', target_id: 'a' } }]);
    expect(unmuted.outcome.muted.map((entry) => entry.user_id)).toEqual(['b']);
    expect(unmuted.outcome.blocked.map((entry) => entry.user_id)).toEqual(['a']);
    expect(decideUnmute(history, { userId: 'u1', targetId: 'a', relation: 'blocked' }).events).toEqual([{ type: LibraryEventType.ReaderUnblocked, data: { user_id: 'u1', target_id: 'a' } }]);
    expect(foldMutes([...history, event(4, LibraryEventType.ReaderUnmuted, 'a'), event(5, LibraryEventType.ReaderMuted, 'a')]).muted.map((entry) => entry.user_id)).toEqual(['b', 'a']);
  });
});
