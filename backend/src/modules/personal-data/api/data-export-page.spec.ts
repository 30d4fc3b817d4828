import type { DataExport } from '@shelf/contracts';
import { dataExportPage } from './data-export-page';

const empty: DataExport = {
  exported_at: '2026-11-28T05:00:00.000Z',
  account: {
    user_id: 'u1',
    username: 'Reader<b>',
    email: 'r@example.test',
    email_verified: false,
    created_at: '2026-11-01T09:30:00.000Z',
    role: 'reader',
    commenting_suspension: null,
  },
  reading_progress: [],
  shelves: [],
  saved_searches: [],
  likes: { stories: [], comments: [] },
  comments: [],
  reports: [],
  mutes: { muted: [], blocked: [] },
  email_digests: { replies: 'none', chapters: 'none', time_zone: null },
};

describe('the readable summary of an export', () => {
  it('escapes what readers wrote and loads nothing', () => {
    const page = dataExportPage({
      ...empty,
      saved_searches: [{ name: '"Slow" & <burn>', query: 'genre=Romance&tag=<x>', saved_at: empty.exported_at }],
      comments: [
        { book_id: 2, book_title: 'A <i>Title</i>', chapter_id: null, comment_id: 'c1', parent_comment_id: null, text: "<img src=x onerror='1'>", posted_at: empty.exported_at, deleted: true, removed: false },
      ],
    });
    expect(page).toContain('<dd>Reader&lt;b&gt;</dd>');
    expect(page).toContain('&quot;Slow&quot; &amp; &lt;burn&gt;: <code>genre=Romance&amp;tag=&lt;x&gt;</code>');
    expect(page).toContain('<blockquote>&lt;img src=x onerror=&#39;1&#39;&gt;</blockquote>');
    expect(page).toContain('On A &lt;i&gt;Title&lt;/i&gt; (book 2), 2026-11-28 05:00 UTC (deleted by you)');
    expect(page).not.toMatch(/<(script|img|link|iframe)/);
    expect(page).toContain(`content="default-src 'none'; style-src 'unsafe-inline'"`);
  });

  it('says so where a section is empty, and shows the account', () => {
    const page = dataExportPage(empty);
    expect(page).toContain('<h2>Comments (0)</h2><p class="none">No comments.</p>');
    expect(page).toContain('<dt>E-mail verified</dt><dd>No</dd>');
    expect(page).toContain('<dt>Account created</dt><dd>2026-11-01 09:30 UTC</dd>');
    expect(page).toContain('<h2>Blocked readers (0)</h2><p class="none">No blocked readers.</p>');
  });

  it('lists the readers muted and blocked, with their names escaped', () => {
    const page = dataExportPage({ ...empty, mutes: { muted: [{ user_id: 'u2', username: 'Loud<b>', since: empty.exported_at }], blocked: [] } });
    expect(page).toContain('Loud&lt;b&gt; (u2), since 2026-11-28 05:00 UTC');
  });

  it('lists the e-mail digests chosen, or says there are none', () => {
    expect(dataExportPage(empty)).toContain('<h2>E-mail digests (0)</h2><p class="none">No e-mail digests.</p>');
    const page = dataExportPage({ ...empty, email_digests: { replies: 'weekly', chapters: 'none', time_zone: 'Asia/Tokyo' } });
    expect(page).toContain('<h2>E-mail digests (1)</h2><ul><li>Replies to your comments: weekly, at 08:00 in Asia/Tokyo</li></ul>');
  });
});
