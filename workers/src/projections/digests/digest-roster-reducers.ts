import type { DigestChoicesReadModel, DigestChosenV1, DigestRosterReadModel, DigestZonesReadModel } from '@shelf/contracts';
import { getsDigests, NO_DIGESTS, withDigestChoice } from '@shelf/contracts';

/** The reader's choices after the event (the version applied with them). */
export function reduceDigestChoices(current: DigestChoicesReadModel | null, event: DigestChosenV1): DigestChoicesReadModel {
  const { replies, chapters, time_zone, email } = withDigestChoice(current ?? { ...NO_DIGESTS, email: '' }, event);
  return { _id: event.data.user_id, replies, chapters, time_zone: time_zone ?? event.data.time_zone, email, version: event.version };
}

/**
 * An erased reader's choices (library.reader-forgotten.v1): no digest, and no address, whatever they chose before (the
 * deletion turns digests off only when one is on); the version of their digests stream stays.
 */
export const forgetDigestChoices = (current: DigestChoicesReadModel): DigestChoicesReadModel => ({ ...current, ...NO_DIGESTS, time_zone: current.time_zone, email: '' });

/** The time zone whose roster lists the reader: theirs while they get any digest, else none. */
export const rosterZone = (choices: DigestChoicesReadModel | null): string | null => (choices && getsDigests(choices) ? choices.time_zone : null);

/** The roster with the reader in it (or out of it); null when it is already so. Applied twice, it changes nothing. */
export function withRosterReader(roster: DigestRosterReadModel, userId: string, listed: boolean): DigestRosterReadModel | null {
  if (roster.readers.includes(userId) === listed) return null;
  return { ...roster, readers: listed ? [...roster.readers, userId] : roster.readers.filter((id) => id !== userId) };
}

/** The partition's zones with `zone` listed while its roster has readers; null when already so. */
export function withZone(zones: DigestZonesReadModel, zone: string, listed: boolean): DigestZonesReadModel | null {
  if (zones.zones.includes(zone) === listed) return null;
  return { ...zones, zones: listed ? [...zones.zones, zone].sort() : zones.zones.filter((name) => name !== zone) };
}
