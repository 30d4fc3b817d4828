import { type DigestKind, type MailMessage, storySlug } from '@shelf/contracts';
import type { ChapterItem, DigestItems, ReplyItem } from './digest-contents';

export interface DigestMailInput {
  userId: string;
  to: string;
  username: string | null;
  kind: DigestKind;
  frequency: 'daily' | 'weekly';
  /** The reader's time zone, in which the e-mail gives times. */
  timeZone: string;
  publicUrl: string;
  /** The one-click unsubscribe address (RFC 8058), with its signed token. */
  unsubscribeUrl: string;
  /** The page a reader opens from the body to unsubscribe with a button. */
  unsubscribePage: string;
}

interface Line {
  text: string;
  href: string;
  when: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const timeIn = (timeZone: string) => {
  const format = new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' });
  return (iso: string) => format.format(new Date(iso));
};

const chapterLine = (item: ChapterItem, publicUrl: string, day: (iso: string) => string): Line => ({
  text: `${item.book_title} — Chapter ${item.chapter_id}: ${item.chapter_title}`,
  href: `${publicUrl}/${storySlug(item.book_id, item.book_title)}/${item.chapter_id}`,
  when: day(item.uploaded_time),
});

const replyLine = (item: ReplyItem, publicUrl: string, day: (iso: string) => string): Line => ({
  text: `A reply on ${item.book_title}${item.chapter_id === null ? '' : ` — Chapter ${item.chapter_id}${item.chapter_title ? `: ${item.chapter_title}` : ''}`}`,
  href: `${publicUrl}/${storySlug(item.book_id, item.book_title)}${item.chapter_id === null ? '' : `/${item.chapter_id}`}`,
  when: day(item.comment_time),
});

/**
 * A digest e-mail: a plain-text part and an HTML part listing the same items with their links, and the one-click
 * unsubscribe headers (List-Unsubscribe with the signed address and List-Unsubscribe-Post, RFC 8058).
 */
export function digestMail(input: DigestMailInput, found: DigestItems<ChapterItem> | DigestItems<ReplyItem>): MailMessage {
  const { kind, frequency, publicUrl } = input;
  const day = timeIn(input.timeZone);
  const lines =
    kind === 'chapters'
      ? (found.items as ChapterItem[]).map((item) => chapterLine(item, publicUrl, day))
      : (found.items as ReplyItem[]).map((item) => replyLine(item, publicUrl, day));
  const period = frequency === 'daily' ? 'day' : 'week';
  const what = kind === 'chapters' ? `${found.total} new chapter${found.total === 1 ? '' : 's'} of your stories` : `${found.total} new repl${found.total === 1 ? 'y' : 'ies'} to your comments`;
  const subject = `Novel Shelf: ${what}`;
  const intro = kind === 'chapters' ? `New chapters of the stories you like or have on a shelf, this past ${period}:` : `Replies to your comments, this past ${period}:`;
  const more = found.total > lines.length ? found.total - lines.length : 0;
  const moreLink = kind === 'chapters' ? `${publicUrl}/user/library` : `${publicUrl}/user/reply-notification`;
  const hello = `Hello${input.username ? ` ${input.username}` : ''},`;
  const stop = `You get this ${frequency} digest because you chose it in your profile. Unsubscribe: ${input.unsubscribePage}`;
  const text = [
    hello,
    '',
    intro,
    '',
    ...lines.map((line) => `- ${line.text} (${line.when})\n  ${line.href}`),
    ...(more ? ['', `…and ${more} more: ${moreLink}`] : []),
    '',
    '-- ',
    stop,
    `Change your digests: ${publicUrl}/user/profile`,
    '',
  ].join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:16px;font-family:Georgia,serif;color:#222;background:#fafafa">
<div style="max-width:600px;margin:0 auto;background:#fff;padding:16px;border-radius:6px">
<p>${escapeHtml(hello)}</p>
<p>${escapeHtml(intro)}</p>
<ul style="padding-left:20px">
${lines.map((line) => `<li style="margin:0 0 10px"><a href="${escapeHtml(line.href)}" style="color:#1a5fb4">${escapeHtml(line.text)}</a><br><small style="color:#666">${escapeHtml(line.when)}</small></li>`).join('\n')}
</ul>
${more ? `<p><a href="${escapeHtml(moreLink)}" style="color:#1a5fb4">…and ${more} more</a></p>` : ''}
<hr style="border:none;border-top:1px solid #ddd">
<p style="font-size:13px;color:#666">You get this ${frequency} digest because you chose it in your profile. <a href="${escapeHtml(input.unsubscribePage)}" style="color:#666">Unsubscribe</a> · <a href="${escapeHtml(`${publicUrl}/user/profile`)}" style="color:#666">Change your digests</a></p>
</div></body></html>
`;
  return {
    userId: input.userId,
    to: input.to,
    subject,
    text,
    html,
    headers: { 'List-Unsubscribe': `<${input.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
