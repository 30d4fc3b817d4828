import type { ReportReason } from '../comments/report-reasons';
import type { Shelf } from '../events/library-events';
import type { DigestChoices } from '../read-models/digests';
import type { MutedReader, ReaderSettings } from '../read-models/library-read-models';
import type { ReadingFeedAddress } from './feeds';

/**
 * "Download my data" (GET /api/user/data-export): what the site holds about the signed-in reader, from the read models
 * and the log. Never a password hash, a session's or a link's token, nor another reader's personal data (other readers
 * by id, and by name as comments show it). The private feed address is the reader's own, as the profile shows it. Books
 * carry their title while the catalog has them. Written as it is read: the other fields, then `comments`, then
 * `moderation` (docs/architecture.md, "Download my data").
 */
export interface DataExport {
  /** ISO time the export was made. */
  exported_at: string;
  account: DataExportAccount;
  /** Every name the account went by, the first (at registration) first. */
  username_history: ExportedUsername[];
  /** What happened to the account (registration, verification, password resets and changes, roles), oldest first. */
  account_history: ExportedAccountEvent[];
  /** Each login (a session), oldest first. */
  sessions: ExportedSession[];
  /** Operators' and reports' decisions about the reader, oldest first: suspensions from commenting, and about their comments. */
  moderation: ExportedModerationDecision[];
  /** Earlier "Download my data" answers (as the audit trail has them) and "Delete my account" requests, oldest first. */
  data_requests: ExportedDataRequest[];
  /** The e-mails the site sent the reader or has waiting for them: their subject and when (never their links). */
  emails: ExportedEmail[];
  /** The private address of the reader's Reading-shelf feed, null when none is on. */
  reading_feed: ReadingFeedAddress | null;
  reader_settings: ReaderSettings;
  reading_progress: ExportedProgress[];
  shelves: ExportedShelfStory[];
  saved_searches: ExportedSavedSearch[];
  likes: { stories: ExportedStoryLike[]; comments: ExportedCommentLike[] };
  comments: ExportedComment[];
  reports: ExportedReport[];
  /** The readers muted (their comments fold) and blocked (also no replies from them), with their name then and since when. */
  mutes: { muted: MutedReader[]; blocked: MutedReader[] };
  /** How often each e-mail digest is sent (none before any choice), and the time zone they go by. */
  email_digests: DigestChoices;
}

export interface DataExportAccount {
  user_id: string;
  username: string;
  email: string;
  email_verified: boolean;
  /** ISO time of the registration. */
  created_at: string;
  role: 'reader' | 'operator';
  /** A suspension from commenting in force, if any. */
  commenting_suspension: { until: string | null; reason: string } | null;
}

/** Where in a book a place is: its id, and its title while the catalog has it. */
export interface ExportedBook {
  book_id: number;
  book_title: string | null;
}

export interface ExportedProgress extends ExportedBook {
  chapter_id: number;
  /** 0 = the chapter's top, 1 = its end. */
  position: number;
  read_at: string;
  chapters_read: number[];
}

export interface ExportedShelfStory extends ExportedBook {
  shelf: Shelf;
  shelved_at: string;
}

export interface ExportedSavedSearch {
  name: string;
  /** The /searchbook address query it runs. */
  query: string;
  saved_at: string;
}

export interface ExportedStoryLike extends ExportedBook {
  liked_at: string;
}

/** A comment of someone (or the reader) that the reader likes now. */
export interface ExportedCommentLike extends ExportedBook {
  comment_id: string;
  chapter_id: number | null;
  liked_at: string;
}

export interface ExportedUsername {
  username: string;
  /** ISO time the account took the name. */
  since: string;
}

export type ExportedAccountEventKind =
  | 'registered'
  | 'email-verified'
  | 'verification-resent'
  | 'password-reset-requested'
  | 'password-reset'
  | 'password-changed'
  | 'username-changed'
  | 'operator-granted'
  | 'operator-revoked';

export interface ExportedAccountEvent {
  event: ExportedAccountEventKind;
  at: string;
}

export interface ExportedSession {
  /** ISO time of the login; null for sessions begun before it was kept. */
  started_at: string | null;
  /** When it was logged out or ended (a password change ends the others); null while it may still be refreshed. */
  ended_at: string | null;
}

export type ExportedModerationKind =
  | 'commenting-suspended'
  | 'commenting-suspension-lifted'
  | 'comment-removed-by-reports'
  | 'comment-removed-by-operator'
  | 'comment-reports-dismissed'
  | 'comment-restored';

export interface ExportedModerationDecision {
  decision: ExportedModerationKind;
  at: string;
  /** The comment it is about (its place is in `comments`); null for a decision about the account. */
  comment_id: string | null;
  /** A suspension's end (null: for good) and reason; absent for the other decisions. */
  until?: string | null;
  reason?: string;
}

export interface ExportedDataRequest {
  request: 'data-export' | 'account-deletion';
  at: string;
  /** As the audit trail words it ("Personal data exported (JSON file)"). */
  summary: string;
}

export interface ExportedEmail {
  subject: string;
  /** `waiting`: queued or being retried; `failed`: every try failed, kept for an operator. */
  state: 'sent' | 'waiting' | 'failed';
  /** ISO time it was sent, or queued when not sent. */
  at: string;
}

/** One version of a comment's text: as posted, then after each edit. */
export interface ExportedCommentText {
  text: string;
  written_at: string;
}

export interface ExportedComment extends ExportedBook {
  comment_id: string;
  chapter_id: number | null;
  /** The comment it answers, if any. */
  parent_comment_id: string | null;
  /** Its text as it stands now (after edits); null while the site has not caught up with it yet. */
  text: string | null;
  posted_at: string;
  /** Deleted by the reader. */
  deleted: boolean;
  /** Removed by reports or an operator. */
  removed: boolean;
  /** Its texts as posted and after each edit, oldest first; empty when it was never edited. */
  edit_history: ExportedCommentText[];
}

export interface ExportedReport extends ExportedBook {
  comment_id: string;
  chapter_id: number | null;
  reason: ReportReason | null;
  reported_at: string;
}
