import { AccountEventType, type CredentialDocument, isSealed, PERSONAL_FIELDS, RETIRED_SECRETS, type StoredEventDocument } from '@shelf/contracts';
import type { PersonalKeys } from '@shelf/server-config';

/** The v2 type each v1 account event that stored a password hash is rewritten as. */
export const V2_OF_V1: Readonly<Record<keyof typeof RETIRED_SECRETS, string>> = {
  [AccountEventType.UserRegistered]: AccountEventType.UserRegisteredV2,
  [AccountEventType.PasswordReset]: AccountEventType.PasswordResetV2,
  [AccountEventType.PasswordChanged]: AccountEventType.PasswordChangedV2,
};

const isRetiring = (type: string): type is keyof typeof V2_OF_V1 => Object.hasOwn(V2_OF_V1, type);

/**
 * The credential id a migrated v1 event names: derived from its event id, so a migration run again (or resumed after
 * a kill between the credential and the event) names, and writes, the same credential.
 */
export const migratedCredentialId = (eventId: string): string => `migrated-${eventId}`;

/** An event as the migrated log holds it, with the credential its hash moved into, if it had one. */
export interface MigratedEvent {
  event: StoredEventDocument;
  credential: CredentialDocument | null;
  /** Whether anything of the stored event changed. */
  changed: boolean;
}

type Data = Record<string, unknown>;

/**
 * An event of the log as the migration writes it: a v1 account event becomes its v2 type naming a credential that now
 * holds its hash (same event id, stream, version, time and metadata), and every personal field still in plain text is
 * sealed under its owner's key (PersonalKeys.seal; fields sealed already are kept as they are). An owner whose account
 * is erased gets no credential (it can no longer log in), and its plain fields read as erased from then on.
 */
export async function migrateEvent(stored: StoredEventDocument, keys: PersonalKeys): Promise<MigratedEvent> {
  let { type, data } = stored;
  let credential: CredentialDocument | null = null;
  if (isRetiring(type) && typeof data === 'object' && data !== null) {
    const { passwordHash, ...rest } = data as Data & { passwordHash?: unknown; userId: string };
    const credentialId = migratedCredentialId(stored.eventId);
    if (typeof passwordHash === 'string' && !(await keys.isErased(rest.userId))) {
      credential = { _id: credentialId, userId: rest.userId, passwordHash, createdAt: stored.occurredAt };
    }
    [type, data] = [V2_OF_V1[type], { ...rest, credentialId }];
  }
  const sealed = await sealPlainFields(type, data, stored, keys);
  const changed = type !== stored.type || sealed !== stored.data;
  return { event: changed ? { ...stored, type, data: sealed } : stored, credential, changed };
}

/** The data with its plain personal fields sealed; `data` itself when it has none. */
async function sealPlainFields(type: string, data: unknown, stored: StoredEventDocument, keys: PersonalKeys): Promise<unknown> {
  const rule = PERSONAL_FIELDS[type];
  if (!rule || typeof data !== 'object' || data === null) return data;
  const fields = Object.keys(rule.fields).filter((field) => typeof (data as Data)[field] === 'string');
  const plain = fields.filter((field) => !isSealed((data as Data)[field]));
  if (plain.length === 0) return data;
  const sealed = (await keys.seal(type, data, stored.metadata)) as Data;
  // Sealed already: kept, not sealed twice.
  for (const field of fields) if (!plain.includes(field)) sealed[field] = (data as Data)[field];
  return sealed;
}
