import type { ReportReason } from '../comments/report-reasons';
import type { Shelf } from '../events/library-events';
import type { DigestChoices } from '../read-models/digests';
import type { MutedReader } from '../read-models/library-read-models';

/**
 * "Download my data" (GET /api/user/data-export): what the site holds about the signed-in reader, from the read models
 * and the log. Never a password hash, a credential or a token. Books carry their title while the catalog has them.
 */
export interface DataExport {
  /** ISO time the export was made. */
  exported_at: string;
  account: DataExportAccount;
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
}

export interface ExportedReport extends ExportedBook {
  comment_id: string;
  chapter_id: number | null;
  reason: ReportReason | null;
  reported_at: string;
}
