import { accountStreams, type AnyDomainEvent, type AuditedEventType, PERSONAL_FIELDS } from '@shelf/contracts';

type Audited = Extract<AnyDomainEvent, { type: AuditedEventType }>;

/**
 * The entries of one account's audit trail whose line quotes its personal data (a suspension's reason), each with the
 * line as it reads once the account is erased: kept beside the account's audit heads (`erasableEntriesId`), so that
 * `user.erased.v1`, in the same partition, puts them again as a rebuild reads them.
 */
export interface ErasableEntriesDocument {
  _id: string;
  /** The entries as a rebuild after the erasure reads them, by key, packed as ordered pages pack theirs (packEntries). */
  e: string;
}

export const erasableEntriesId = (userId: string, partition: number): string => `erasable:${userId}:${partition}`;

/**
 * The account the event's personal fields belong to and the event as it reads once that account is erased, when the
 * event is in the account's own stream (so its partition is the one `user.erased.v1` is projected in); else null.
 */
export function erasedForm(event: Audited): { owner: string; erased: Audited } | null {
  const rule = PERSONAL_FIELDS[event.type];
  if (!rule) return null;
  const owner = rule.owner(event.data as Record<string, unknown>, event.metadata);
  if (event.streamId !== accountStreams.user(owner)) return null;
  const data: Record<string, unknown> = { ...event.data };
  for (const [field, erasedValue] of Object.entries(rule.fields)) if (typeof data[field] === 'string') data[field] = erasedValue;
  return { owner, erased: { ...event, data } as Audited };
}
