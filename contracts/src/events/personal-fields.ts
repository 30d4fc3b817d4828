import { AccountEventType } from './account-events';
import type { EventMetadata } from './domain-event';
import { LibraryEventType } from './library-events';
import { SocialEventType } from './social-events';

/** What a personal field reads as once its owner's account is erased (its key gone): the name shown for them, or nothing. */
export const ERASED_NAME = '[deleted account]';
export const ERASED_TEXT = '';

/**
 * The fields of an event that are somebody's personal data, and whose they are. The event store seals them with the
 * owner's personal key when it appends (crypto-shredding: docs/architecture.md, "Erasure"); every read of the log opens
 * them, and reads them as `erased` once the owner's key is erased. Nothing else of an event is personal: ids, times,
 * numbers and choices stay readable, so a rebuild after an erasure still counts what it counted.
 */
export interface PersonalFieldRule {
  /** The account whose key seals the fields. */
  owner(data: Record<string, unknown>, metadata: EventMetadata): string;
  /** Each personal field with what it reads as once erased. */
  fields: Readonly<Record<string, string>>;
}

const accountOwner = (data: Record<string, unknown>) => data.userId as string;
const nameAndAddress = { email: ERASED_TEXT, username: ERASED_NAME } as const;

export const PERSONAL_FIELDS: Readonly<Partial<Record<string, PersonalFieldRule>>> = {
  [AccountEventType.UserRegistered]: { owner: accountOwner, fields: nameAndAddress },
  [AccountEventType.UserRegisteredV2]: { owner: accountOwner, fields: nameAndAddress },
  [AccountEventType.VerificationResent]: { owner: accountOwner, fields: nameAndAddress },
  [AccountEventType.PasswordResetRequested]: { owner: accountOwner, fields: nameAndAddress },
  [AccountEventType.RegistrationAttempted]: { owner: accountOwner, fields: nameAndAddress },
  [AccountEventType.ErasureRequested]: { owner: accountOwner, fields: nameAndAddress },
  [AccountEventType.UsernameChanged]: { owner: accountOwner, fields: { username: ERASED_NAME } },
  [SocialEventType.CommentPosted]: {
    owner: (data) => data.user_id as string,
    fields: { username: ERASED_NAME, email_hash: ERASED_TEXT, comment_content: ERASED_TEXT },
  },
  // Only a comment's author edits it.
  [SocialEventType.CommentEdited]: { owner: (_data, metadata) => metadata.actor, fields: { comment_content: ERASED_TEXT } },
  // The muted or blocked reader's name, which is theirs.
  [LibraryEventType.ReaderMuted]: { owner: (data) => data.target_id as string, fields: { username: ERASED_NAME } },
  [LibraryEventType.ReaderBlocked]: { owner: (data) => data.target_id as string, fields: { username: ERASED_NAME } },
  [LibraryEventType.DigestChosen]: { owner: (data) => data.user_id as string, fields: { email: ERASED_TEXT } },
};

/** The prefix of a sealed field's stored value (`sealed:v1:` then base64url of IV, tag and cipher text). */
export const SEALED_PREFIX = 'sealed:v1:';

export const isSealed = (value: unknown): value is string => typeof value === 'string' && value.startsWith(SEALED_PREFIX);

/** The store's collection of personal keys: one document per account (PersonalKeyDocument). */
export const PERSONAL_KEYS_COLLECTION = 'personal_keys';

/**
 * An account's personal key (AES-256-GCM), or the mark that the account is erased: then `key` is absent for good, and
 * fields sealed under it, or stored before sealing began, read as erased.
 */
export interface PersonalKeyDocument {
  /** The account's user id. */
  _id: string;
  key?: Uint8Array;
  createdAt: Date;
  erasedAt?: Date;
}
