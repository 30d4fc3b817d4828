import { type DigestChosenV1, LibraryEventType } from '@shelf/contracts';
import { forgetDigestChoices, reduceDigestChoices, rosterZone, withRosterReader, withZone } from './digest-roster-reducers';

const chosen = (version: number, data: Partial<DigestChosenV1['data']>): DigestChosenV1 => ({
  id: `e${version}`,
  streamId: 'library-u1-digests',
  version,
  type: LibraryEventType.DigestChosen,
  data: { user_id: 'u1', kind: 'replies', frequency: 'daily', time_zone: 'Europe/Berlin', email: 'a@example.com', via: 'profile', ...data },
  metadata: { actor: 'u1', correlationId: 'c', causationId: null },
  occurredAt: '2026-11-28T10:00:00.000Z',
});

describe('digest choices and rosters', () => {
  it('keep each kind’s frequency, the last time zone and address, and the version applied', () => {
    const first = reduceDigestChoices(null, chosen(1, {}));
    expect(first).toEqual({ _id: 'u1', replies: 'daily', chapters: 'none', time_zone: 'Europe/Berlin', email: 'a@example.com', version: 1 });
    expect(reduceDigestChoices(first, chosen(2, { kind: 'chapters', frequency: 'weekly', time_zone: 'Asia/Tokyo' }))).toEqual({
      _id: 'u1', replies: 'daily', chapters: 'weekly', time_zone: 'Asia/Tokyo', email: 'a@example.com', version: 2,
    });
  });

  it('list a reader in their zone’s roster while any kind is on', () => {
    const on = reduceDigestChoices(null, chosen(1, {}));
    expect(rosterZone(on)).toBe('Europe/Berlin');
    expect(rosterZone(reduceDigestChoices(on, chosen(2, { frequency: 'none' })))).toBeNull();
    expect(rosterZone(null)).toBeNull();
  });

  it('change a roster or zone list once: applied again, nothing changes', () => {
    const roster = { _id: 'r', zone: 'Europe/Berlin', readers: ['u2'] };
    const added = withRosterReader(roster, 'u1', true)!;
    expect(added.readers).toEqual(['u2', 'u1']);
    expect(withRosterReader(added, 'u1', true)).toBeNull();
    expect(withRosterReader(added, 'u1', false)!.readers).toEqual(['u2']);
    expect(withRosterReader(roster, 'u1', false)).toBeNull();
    const zones = withZone({ _id: 'z', zones: ['Europe/Berlin'] }, 'Asia/Tokyo', true)!;
    expect(zones.zones).toEqual(['Asia/Tokyo', 'Europe/Berlin']);
    expect(withZone(zones, 'Asia/Tokyo', true)).toBeNull();
    expect(withZone(zones, 'Asia/Tokyo', false)!.zones).toEqual(['Europe/Berlin']);
  });

  it('keep no address and no digest of a forgotten reader, even one with both kinds off already', () => {
    const off = reduceDigestChoices(reduceDigestChoices(null, chosen(1, {})), chosen(2, { frequency: 'none' }));
    expect(off.email).toBe('a@example.com');
    expect(forgetDigestChoices(off)).toEqual({ ...off, email: '' });
    expect(forgetDigestChoices(reduceDigestChoices(null, chosen(1, {})))).toMatchObject({ replies: 'none', chapters: 'none', email: '', version: 1 });
  });
});
