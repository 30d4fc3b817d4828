import {
  type ExportedAccountEventKind,
  type ExportedBook,
  type ExportedComment,
  type ExportedModerationDecision,
  type ExportedModerationKind,
  REPORT_REASON_LABELS,
  utcMinute,
} from '@shelf/contracts';
import type { DataExportOpening, DataExportReading } from '../application/build-data-export.query';
import type { ExportForm } from './export-forms';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text as HTML: everything a reader wrote (comments, names, searches) goes through here. */
const text = (value: string): string => value.replace(/[&<>"']/g, (character) => ESCAPES[character]);

const SHELF_NAMES = { reading: 'Reading', 'plan-to-read': 'Plan to read', completed: 'Completed', dropped: 'Dropped' } as const;

const bookName = ({ book_id, book_title }: ExportedBook): string => (book_title === null ? `Book ${book_id}` : `${text(book_title)} (book ${book_id})`);
const place = (item: ExportedBook & { chapter_id: number | null }): string => `${bookName(item)}${item.chapter_id === null ? '' : `, chapter ${item.chapter_id}`}`;

const DIGEST_NAMES = { replies: 'Replies to your comments', chapters: 'New chapters of your stories' } as const;

const ACCOUNT_EVENTS: Record<ExportedAccountEventKind, string> = {
  registered: 'Registered',
  'email-verified': 'E-mail address verified',
  'verification-resent': 'Verification e-mail sent again',
  'password-reset-requested': 'Password reset asked for',
  'password-reset': 'Password reset',
  'password-changed': 'Password changed',
  'username-changed': 'Username changed',
  'operator-granted': 'Operator role granted',
  'operator-revoked': 'Operator role taken back',
};

const DECISIONS: Record<ExportedModerationKind, string> = {
  'commenting-suspended': 'Commenting suspended',
  'commenting-suspension-lifted': 'Suspension from commenting lifted',
  'comment-removed-by-reports': 'Removed after reports',
  'comment-removed-by-operator': 'Removed by an operator',
  'comment-reports-dismissed': 'Reports dismissed by an operator',
  'comment-restored': 'Restored by an operator',
};

const EMAIL_STATES = { sent: 'sent', waiting: 'waiting to be sent', failed: 'could not be sent' } as const;

/** A section: its heading and its items, or a line saying there are none. */
function section(title: string, items: string[], none: string): string {
  const body = items.length === 0 ? `<p class="none">${none}</p>` : `<ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>`;
  return `<section><h2>${title} (${items.length})</h2>${body}</section>`;
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;padding:1rem;max-width:48rem;color:#1a1a1a;background:#fff;overflow-wrap:anywhere}
h1{font-size:1.5rem}h2{font-size:1.2rem;margin-top:2rem;border-bottom:1px solid #ccc}ul{padding-left:1.2rem}li{margin:.5rem 0}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dt{font-weight:600}dd{margin:0}
details{margin:.25rem 0}blockquote{margin:.25rem 0;padding:.25rem .75rem;border-left:3px solid #ccc;white-space:pre-wrap}.none,.meta{color:#555}`;

const sectionHead = (title: string, count: number) => `<section><h2>${title} (${count})</h2>`;

const until = (at: string | null | undefined) => (at ? `until ${utcMinute(at)}` : 'for good');

function decision(item: ExportedModerationDecision): string {
  const about = item.comment_id === null ? '' : ` (comment ${text(item.comment_id)})`;
  const suspension = item.decision === 'commenting-suspended' ? ` ${until(item.until)}: ${text(item.reason ?? '')}` : '';
  return `${DECISIONS[item.decision]}${about}${suspension}, ${utcMinute(item.at)}`;
}

function comment(item: ExportedComment): string {
  const state = [item.parent_comment_id ? 'a reply' : '', item.deleted ? 'deleted by you' : '', item.removed ? 'removed' : ''].filter(Boolean).join(', ');
  const body = item.text === null ? '<p class="none">(its text is not available yet)</p>' : `<blockquote>${text(item.text)}</blockquote>`;
  const edits = item.edit_history.map((version, i) => `<p class="meta">${i === 0 ? 'As posted' : 'Edited'} ${utcMinute(version.written_at)}:</p><blockquote>${text(version.text)}</blockquote>`);
  const history = edits.length === 0 ? '' : `<details><summary>Its texts before and after each edit (${edits.length})</summary>${edits.join('')}</details>`;
  return `<li><p class="meta">On ${place(item)}, ${utcMinute(item.posted_at)}${state ? ` (${state})` : ''}</p>${body}${history}</li>`;
}

/** The page up to its list of comments: the account and every section but the comments and the moderation decisions. */
function opening(data: DataExportOpening, commentCount: number): string {
  const { account } = data;
  const suspension = account.commenting_suspension;
  const facts: [string, string][] = [
    ['Username', text(account.username)],
    ['E-mail', text(account.email)],
    ['E-mail verified', account.email_verified ? 'Yes' : 'No'],
    ['Account created', utcMinute(account.created_at)],
    ['Role', account.role === 'operator' ? 'Operator' : 'Reader'],
    ['Commenting', suspension ? `Suspended ${until(suspension.until)}: ${text(suspension.reason)}` : 'Allowed'],
    ['Reading-shelf feed', data.reading_feed ? `${text(data.reading_feed.rss)} (RSS), ${text(data.reading_feed.atom)} (Atom), since ${utcMinute(data.reading_feed.created_at)}` : 'None'],
    ['Spoiler fold', data.reader_settings.spoiler_fold ? 'On' : 'Off'],
    ['Glossary marks', data.reader_settings.glossary_marks ? 'On' : 'Off'],
    [
      'Glossary titles',
      data.reader_settings.title_forms.length === 0
        ? 'As each translation writes them'
        : data.reader_settings.title_forms.map(({ title, form }) => `${text(title)}: the ${form === 'original' ? 'original' : 'rendering'}`).join('; '),
    ],
  ];
  const sections = [
    section('Usernames', data.username_history.map((item) => `${text(item.username)}, since ${utcMinute(item.since)}`), 'No usernames.'),
    section('Account history', data.account_history.map((item) => `${ACCOUNT_EVENTS[item.event]}, ${utcMinute(item.at)}`), 'Nothing yet.'),
    section(
      'Sessions',
      data.sessions.map((item) => `Logged in ${item.started_at ? utcMinute(item.started_at) : '(time not kept)'}; ${item.ended_at ? `ended ${utcMinute(item.ended_at)}` : 'not ended'}`),
      'No sessions.',
    ),
    section('Data requests', data.data_requests.map((item) => `${text(item.summary)}, ${utcMinute(item.at)}`), 'No earlier requests.'),
    section('E-mails to you', data.emails.map((item) => `${text(item.subject)}: ${EMAIL_STATES[item.state]}, ${utcMinute(item.at)}`), 'No e-mails.'),
    section(
      'Reading progress',
      data.reading_progress.map((item) => `${bookName(item)}: chapter ${item.chapter_id}, ${Math.round(item.position * 100)} % through, ${utcMinute(item.read_at)}. Chapters read: ${item.chapters_read.join(', ') || 'none'}`),
      'No reading progress.',
    ),
    section('Shelves', data.shelves.map((item) => `${bookName(item)}: ${SHELF_NAMES[item.shelf]}, since ${utcMinute(item.shelved_at)}`), 'No stories on shelves.'),
    section('Saved searches', data.saved_searches.map((item) => `${text(item.name)}: <code>${text(item.query)}</code>, saved ${utcMinute(item.saved_at)}`), 'No saved searches.'),
    section('Liked stories', data.likes.stories.map((item) => `${bookName(item)}, liked ${utcMinute(item.liked_at)}`), 'No liked stories.'),
    section('Liked comments', data.likes.comments.map((item) => `Comment ${text(item.comment_id)} on ${place(item)}, liked ${utcMinute(item.liked_at)}`), 'No liked comments.'),
    section(
      'Reports you made',
      data.reports.map((item) => `Comment ${text(item.comment_id)} on ${place(item)}: ${item.reason ? REPORT_REASON_LABELS[item.reason] : 'no reason given'}, ${utcMinute(item.reported_at)}`),
      'No reports.',
    ),
    section('Muted readers', data.mutes.muted.map((item) => `${text(item.username)} (${text(item.user_id)}), since ${utcMinute(item.since)}`), 'No muted readers.'),
    section('Blocked readers', data.mutes.blocked.map((item) => `${text(item.username)} (${text(item.user_id)}), since ${utcMinute(item.since)}`), 'No blocked readers.'),
    section(
      'E-mail digests',
      (['replies', 'chapters'] as const)
        .filter((kind) => data.email_digests[kind] !== 'none')
        .map((kind) => `${DIGEST_NAMES[kind]}: ${data.email_digests[kind]}, at 08:00 in ${text(data.email_digests.time_zone ?? '')}`),
      'No e-mail digests.',
    ),
  ];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Your data on Novel Shelf</title><style>${STYLE}</style></head>
<body><h1>Your data on Novel Shelf</h1>
<p class="meta">Exported ${utcMinute(data.exported_at)}. The JSON file from "Download my data" holds the same.</p>
<section><h2>Account</h2><dl>${facts.map(([name, value]) => `<dt>${name}</dt><dd>${value}</dd>`).join('')}</dl></section>
${sections.join('\n')}
${sectionHead('Comments', commentCount)}${commentCount === 0 ? '<p class="none">No comments.</p>' : '<ul>'}`;
}

/**
 * "Download my data" as a page a person reads: the same data as the JSON file, every text escaped, styled inline
 * (no script, nothing loaded: its own Content-Security-Policy allows only its inline style), readable at 320 px. Its
 * comments are written a page at a time, and the moderation decisions (some found in the comments' streams) last.
 */
export const summaryPage: ExportForm = {
  opening: (reading: DataExportReading) => opening(reading.opening, reading.commentCount),
  comments: (page: ExportedComment[]) => page.map(comment).join(''),
  closing: (reading: DataExportReading) =>
    `${reading.commentCount === 0 ? '' : '</ul>'}</section>
${section('Moderation decisions about you', reading.moderation().map(decision), 'No moderation decisions.')}
</body></html>
`,
};
