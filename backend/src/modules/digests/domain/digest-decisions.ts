import {
  type AnyDomainEvent,
  type DigestChoices,
  type DigestChosenV1,
  type DigestFrequency,
  type DigestKind,
  LibraryEventType,
  NO_DIGESTS,
  withDigestChoice,
} from '@shelf/contracts';
import type { Decision } from '../../../domain/decision';

type Choices = DigestChoices & { email?: string };

/** The reader's digest choices at the end of their digests stream (none of either kind before any). */
export const foldDigestChoices = (history: AnyDomainEvent[]): Choices =>
  (history as DigestChosenV1[]).reduce<Choices>((choices, event) => withDigestChoice(choices, event), NO_DIGESTS);

const answer = ({ replies, chapters, time_zone }: Choices): DigestChoices => ({ replies, chapters, time_zone });

export interface DigestChoice {
  userId: string;
  kind: DigestKind;
  frequency: DigestFrequency;
  /** The reader's IANA time zone, checked by the caller. */
  timeZone: string;
  email: string;
}

/** Sets how often the digest of `kind` is sent; nothing is appended when nothing changes. */
export function decideDigestChoice(history: AnyDomainEvent[], { userId, kind, frequency, timeZone, email }: DigestChoice): Decision<DigestChoices, DigestChosenV1> {
  const choices = foldDigestChoices(history);
  if (choices[kind] === frequency && (frequency === 'none' || (choices.time_zone === timeZone && choices.email === email))) return { outcome: answer(choices), events: [] };
  const event = { type: LibraryEventType.DigestChosen, data: { user_id: userId, kind, frequency, time_zone: timeZone, email, via: 'profile' as const } };
  return { outcome: answer(withDigestChoice(choices, event)), events: [event] };
}

/** A digest's one-click unsubscribe: turns its kind off, keeping the rest; one already off appends nothing. */
export function decideDigestUnsubscribe(history: AnyDomainEvent[], { userId, kind }: { userId: string; kind: DigestKind }): Decision<DigestChoices, DigestChosenV1> {
  const choices = foldDigestChoices(history);
  if (choices[kind] === 'none' || choices.time_zone === null) return { outcome: answer(choices), events: [] };
  const event = {
    type: LibraryEventType.DigestChosen,
    data: { user_id: userId, kind, frequency: 'none' as const, time_zone: choices.time_zone, email: choices.email ?? '', via: 'unsubscribe' as const },
  };
  return { outcome: answer(withDigestChoice(choices, event)), events: [event] };
}
