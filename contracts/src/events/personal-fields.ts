import { AccountEventType } from './account-events';
import type { EventType } from './any-event';
import { CatalogEventType } from './catalog-events';
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
  // A saved search's name and query are the reader's own words.
  [LibraryEventType.SearchPresetSaved]: { owner: (data) => data.user_id as string, fields: { name: ERASED_TEXT, query: ERASED_TEXT } },
  [LibraryEventType.SearchPresetDeleted]: { owner: (data) => data.user_id as string, fields: { name: ERASED_TEXT } },
  // An operator's free text about the suspended reader: theirs, so it goes with their account.
  [AccountEventType.CommentingSuspended]: { owner: accountOwner, fields: { reason: ERASED_TEXT } },
};

const catalogFields = ['english_book_name', 'original_book_name', 'associated_names', 'author', 'cover_image', 'raw_source', 'description', 'book_tl_note', 'part_of_series', 'shared_universe', 'similar_theme', 'glossary'];
const chapterFields = ['title', 'content', 'footnote', 'chapter_author_note', 'chapter_tl_note', 'uploaded_time'];
const commentRef = ['comment_id'];

/**
 * The string fields of events' data that are not personal data, per event type: ids (pseudonyms the log needs readable
 * to order and count), times, hashes of public text, and the catalog, which editors publish. Every string field of an
 * event's data is in this list or in PERSONAL_FIELDS (personal-fields.spec.ts walks the event contracts and fails
 * otherwise); fields typed as a fixed set of choices (a shelf, a report reason) hold no free text and need neither.
 */
export const NOT_PERSONAL_FIELDS: Readonly<Partial<Record<EventType, readonly string[]>>> = {
  [CatalogEventType.BookPublished]: catalogFields,
  [CatalogEventType.BookUpdated]: catalogFields,
  [CatalogEventType.ChapterPublished]: chapterFields,
  [CatalogEventType.ChapterUpdated]: chapterFields,
  [AccountEventType.UserRegistered]: ['userId'],
  [AccountEventType.UserRegisteredV2]: ['userId', 'credentialId'],
  [AccountEventType.EmailVerified]: ['userId'],
  [AccountEventType.VerificationResent]: ['userId'],
  [AccountEventType.PasswordResetRequested]: ['userId'],
  [AccountEventType.PasswordReset]: ['userId'],
  [AccountEventType.PasswordResetV2]: ['userId', 'credentialId'],
  [AccountEventType.UsernameChanged]: ['userId'],
  [AccountEventType.PasswordChanged]: ['userId'],
  [AccountEventType.PasswordChangedV2]: ['userId', 'credentialId'],
  [AccountEventType.RegistrationAttempted]: ['userId'],
  [AccountEventType.OperatorGranted]: ['userId'],
  [AccountEventType.OperatorRevoked]: ['userId'],
  [AccountEventType.CommentingSuspended]: ['userId', 'until'],
  [AccountEventType.CommentingSuspensionLifted]: ['userId'],
  [AccountEventType.DataExported]: ['userId'],
  [AccountEventType.ErasureRequested]: ['userId'],
  [AccountEventType.UserErased]: ['userId'],
  [SocialEventType.StoryLiked]: ['user_id'],
  [SocialEventType.StoryUnliked]: ['user_id'],
  [SocialEventType.CommentPosted]: ['comment_id', 'parent_comment_id', 'parent_user_id', 'user_id', 'paragraph'],
  [SocialEventType.CommentEdited]: commentRef,
  [SocialEventType.CommentDeleted]: commentRef,
  [SocialEventType.CommentAuthorErased]: commentRef,
  [SocialEventType.CommentReported]: [...commentRef, 'reporter_id'],
  [SocialEventType.CommentReportedV2]: [...commentRef, 'reporter_id'],
  [SocialEventType.CommentRemoved]: commentRef,
  [SocialEventType.CommentRemovedByOperator]: commentRef,
  [SocialEventType.CommentReportsDismissed]: commentRef,
  [SocialEventType.CommentRestored]: commentRef,
  [SocialEventType.CommentLiked]: [...commentRef, 'user_id'],
  [SocialEventType.CommentUnliked]: [...commentRef, 'user_id'],
  [SocialEventType.RepliesMarkedRead]: ['user_id'],
  [SocialEventType.LikedUpdatesChecked]: ['user_id'],
  [LibraryEventType.ProgressRecorded]: ['user_id'],
  // The hash of the chapter's published text, not of anything the reader wrote.
  [LibraryEventType.ChapterTextRead]: ['user_id', 'text_hash'],
  [LibraryEventType.ShelfChosen]: ['user_id'],
  [LibraryEventType.ShelfCleared]: ['user_id'],
  [LibraryEventType.SearchPresetSaved]: ['user_id'],
  [LibraryEventType.SearchPresetDeleted]: ['user_id'],
  [LibraryEventType.FeedTokenCreated]: ['user_id', 'token_id'],
  [LibraryEventType.FeedTokenRevoked]: ['user_id', 'token_id'],
  [LibraryEventType.ReaderMuted]: ['user_id', 'target_id'],
  [LibraryEventType.ReaderUnmuted]: ['user_id', 'target_id'],
  [LibraryEventType.ReaderBlocked]: ['user_id', 'target_id'],
  [LibraryEventType.ReaderUnblocked]: ['user_id', 'target_id'],
  [LibraryEventType.SpoilerFoldChosen]: ['user_id'],
  [LibraryEventType.GlossaryMarksChosen]: ['user_id'],
  // What the reader sent: a glossary's title as a rule, but any text they chose to send.
  [LibraryEventType.TitleFormChosen]: ['user_id', 'title'],
  // An IANA zone from the browser's list, shared by a whole region: it places the reader's digest on the roster of
  // their zone, which a rebuild after the erasure must still find (library.reader-forgotten.v1 then takes them off).
  [LibraryEventType.DigestChosen]: ['user_id', 'time_zone'],
  [LibraryEventType.ReaderForgotten]: ['user_id'],
};

/**
 * The prefix of a sealed field's stored value, then base64url of IV (12 bytes), tag (16 bytes) and cipher text. A v2
 * value is sealed with its owner, event type and field as associated data, so it opens nowhere else; v1 values, sealed
 * without, are still read.
 */
export const SEALED_PREFIX = 'sealed:v2:';
export const SEALED_V1_PREFIX = 'sealed:v1:';

export const isSealed = (value: unknown): value is string =>
  typeof value === 'string' && (value.startsWith(SEALED_PREFIX) || value.startsWith(SEALED_V1_PREFIX));

/** The store's collection of personal keys: one document per account (PersonalKeyDocument). */
export const PERSONAL_KEYS_COLLECTION = 'personal_keys';

/**
 * An account's personal key (AES-256-GCM), or the mark that the account is erased: then it holds no key, for good, and
 * fields sealed under it, or stored before sealing began, read as erased. The key is stored wrapped by the
 * key-encryption key (KEY_ENCRYPTION_KEY), which the store never holds; `key`, the key unwrapped, is what documents
 * made before wrapping began hold until their first use wraps it.
 */
export interface PersonalKeyDocument {
  /** The account's user id. */
  _id: string;
  wrappedKey?: Uint8Array;
  key?: Uint8Array;
  createdAt: Date;
  erasedAt?: Date;
}

/**
 * The store's record of sealed fields that did not open under their owner's live key (a changed byte, a value moved
 * from elsewhere, a key not the one it was sealed with): one document per event and field, never the value. Counted
 * on /metrics and by `npm run doctor`; such a field is never read as erased.
 */
export const UNOPENABLE_FIELDS_COLLECTION = 'unopenable_fields';

export interface UnopenableFieldDocument {
  /** `{event document id}/{field}`. */
  _id: string;
  eventId: string;
  type: string;
  field: string;
  owner: string;
  firstAt: Date;
  lastAt: Date;
}
