import { partitionId } from '../events/event-log';
import type { DigestChosenV1, DigestFrequency, DigestKind } from '../events/library-events';

/**
 * The readers' e-mail digest choices, projected from their `library-{user id}-digests` streams. A reader's library is
 * in one partition, so each document here has one writer, that partition's consumer; every read is by `_id`.
 */
export const DigestReadModelCollection = {
  /** One per reader who ever chose a digest, `_id` = user id (DigestChoicesReadModel). */
  Choices: 'rm_digest_choices',
  /**
   * Who gets a digest, by time zone and partition: `_id` = digestRosterId(zone, partition) lists the readers of one
   * zone in one partition, and `_id` = digestZonesId(partition) lists the zones a partition's rosters hold.
   */
  Rosters: 'rm_digest_rosters',
} as const;

/** A reader's digests: how often each kind is sent, where and at whose morning. */
export interface DigestChoicesReadModel {
  _id: string;
  replies: DigestFrequency;
  chapters: DigestFrequency;
  /** IANA time zone, from the reader's browser when they last chose. */
  time_zone: string;
  email: string;
  /** The version of the reader's digests stream last applied. */
  version: number;
}

/** The readers of one time zone, in one partition, who get at least one digest. */
export interface DigestRosterReadModel {
  _id: string;
  zone: string;
  readers: string[];
}

/** The time zones of one partition's rosters that list at least one reader. */
export interface DigestZonesReadModel {
  _id: string;
  zones: string[];
}

export const digestRosterId = (zone: string, partition: number): string => `roster:${zone}:${partitionId(partition)}`;
export const digestZonesId = (partition: number): string => `zones:${partitionId(partition)}`;

/** What the profile shows and sends: each kind's frequency (none before any choice) and the time zone they go by. */
export interface DigestChoices {
  replies: DigestFrequency;
  chapters: DigestFrequency;
  time_zone: string | null;
}

export const NO_DIGESTS: DigestChoices = { replies: 'none', chapters: 'none', time_zone: null };

/** The choices after one event, for the API's decider and the workers' projector alike. */
export function withDigestChoice(choices: DigestChoices & { email?: string }, event: Pick<DigestChosenV1, 'data'>): DigestChoices & { email: string } {
  const { kind, frequency, time_zone, email } = event.data;
  return { ...choices, [kind]: frequency, time_zone, email } as DigestChoices & { email: string };
}

/** Whether the reader gets any digest. */
export const getsDigests = (choices: Pick<DigestChoices, DigestKind>): boolean => choices.replies !== 'none' || choices.chapters !== 'none';
