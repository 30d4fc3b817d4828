import { LibraryEventType, type MuteEvent } from '@shelf/contracts';
import { reduceMutes } from './mute-reducers';

const meta = { actor: 'u1', correlationId: 'k', causationId: null };
const base = (version: number) => ({ id: `e${version}`, streamId: 'library-u1-mutes', version, metadata: meta, occurredAt: `2026-11-28T10:00:0${version}.000Z` });
const on = (version: number, type: typeof LibraryEventType.ReaderMuted | typeof LibraryEventType.ReaderBlocked, target: string): MuteEvent =>
  ({ ...base(version), type, data: { user_id: 'u1', target_id: target, username: target.toUpperCase() } }) as MuteEvent;
const off = (version: number, type: typeof LibraryEventType.ReaderUnmuted | typeof LibraryEventType.ReaderUnblocked, target: string): MuteEvent =>
  ({ ...base(version), type, data: { user_id: 'u1', target_id: target } }) as MuteEvent;

describe('muted and blocked readers', () => {
  it('keeps each list in the order readers were added, without their names, and takes them off again', () => {
    const one = reduceMutes(null, on(1, LibraryEventType.ReaderMuted, 'a'));
    const two = reduceMutes(one, on(2, LibraryEventType.ReaderBlocked, 'b'));
    const three = reduceMutes(two, on(3, LibraryEventType.ReaderMuted, 'b'));
    expect(three).toEqual({
      _id: 'u1',
      muted: [
        { user_id: 'a', since: '2026-11-28T10:00:01.000Z' },
        { user_id: 'b', since: '2026-11-28T10:00:03.000Z' },
      ],
      blocked: [{ user_id: 'b', since: '2026-11-28T10:00:02.000Z' }],
      version: 3,
    });
    const four = reduceMutes(three, off(4, LibraryEventType.ReaderUnblocked, 'b'));
    expect(four).toMatchObject({ muted: [{ user_id: 'a' }, { user_id: 'b' }], blocked: [], version: 4 });
    expect(reduceMutes(four, off(5, LibraryEventType.ReaderUnmuted, 'a'))).toMatchObject({ muted: [{ user_id: 'b' }], version: 5 });
  });

  it('changes nothing for an event applied again', () => {
    const two = reduceMutes(reduceMutes(null, on(1, LibraryEventType.ReaderMuted, 'a')), off(2, LibraryEventType.ReaderUnmuted, 'a'));
    expect(reduceMutes(two, on(1, LibraryEventType.ReaderMuted, 'a'))).toBeNull();
    expect(reduceMutes(two, off(2, LibraryEventType.ReaderUnmuted, 'a'))).toBeNull();
  });
});
