import type { DataExport } from '@shelf/contracts';
import { summaryPage } from './data-export-page';
import { exportText } from './export-forms';

/** The page as the API writes it: its opening, its comments in pages of one, its closing. */
async function dataExportPage({ comments, moderation, ...opening }: DataExport): Promise<string> {
  const pages = (async function* () {
    for (const comment of comments) yield [comment];
  })();
  let page = '';
  for await (const text of exportText({ opening, commentCount: comments.length, comments: pages, moderation: () => moderation }, summaryPage)) page += text;
  return page;
}

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
  username_history: [{ username: 'Reader<b>', since: '2026-11-01T09:30:00.000Z' }],
  account_history: [{ event: 'registered', at: '2026-11-01T09:30:00.000Z' }],
  sessions: [],
  moderation: [],
  data_requests: [],
  emails: [],
  reading_feed: null,
  reader_settings: { spoiler_fold: true, glossary_marks: false, title_forms: [{ title: 'shixiong<b>', form: 'rendering' }] },
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
  it('escapes what readers wrote and loads nothing', async () => {
    const page = await dataExportPage({
      ...empty,
      saved_searches: [{ name: '"Slow" & <burn>', query: 'genre=Romance&tag=<x>', saved_at: empty.exported_at }],
      comments: [
        { book_id: 2, book_title: 'A <i>Title</i>', chapter_id: null, comment_id: 'c1', parent_comment_id: null, text: "<img src=x onerror='1'>", posted_at: empty.exported_at, deleted: true, removed: false, edit_history: [] },
      ],
    });
    expect(page).toContain('<dd>Reader&lt;b&gt;</dd>');
    expect(page).toContain('&quot;Slow&quot; &amp; &lt;burn&gt;: <code>genre=Romance&amp;tag=&lt;x&gt;</code>');
    expect(page).toContain('<blockquote>&lt;img src=x onerror=&#39;1&#39;&gt;</blockquote>');
    expect(page).toContain('On A &lt;i&gt;Title&lt;/i&gt; (book 2), 2026-11-28 05:00 UTC (deleted by you)');
    expect(page).not.toMatch(/<(script|img|link|iframe)/);
    expect(page).toContain(`content="default-src 'none'; style-src 'unsafe-inline'"`);
  });

  it('says so where a section is empty, and shows the account', async () => {
    const page = await dataExportPage(empty);
    expect(page).toContain('<h2>Comments (0)</h2><p class="none">No comments.</p>');
    expect(page).toContain('<dt>E-mail verified</dt><dd>No</dd>');
    expect(page).toContain('<dt>Account created</dt><dd>2026-11-01 09:30 UTC</dd>');
    expect(page).toContain('<h2>Blocked readers (0)</h2><p class="none">No blocked readers.</p>');
    expect(page).toContain('<dt>Glossary marks</dt><dd>Off</dd>');
    expect(page).toContain('<dt>Glossary titles</dt><dd>shixiong&lt;b&gt;: the rendering</dd>');
  });

  it('lists the readers muted and blocked, with their names escaped', async () => {
    const page = await dataExportPage({ ...empty, mutes: { muted: [{ user_id: 'u2', username: 'Loud<b>', since: empty.exported_at }], blocked: [] } });
    expect(page).toContain('Loud&lt;b&gt; (u2), since 2026-11-28 05:00 UTC');
  });

  it('lists the e-mail digests chosen, or says there are none', async () => {
    expect(await dataExportPage(empty)).toContain('<h2>E-mail digests (0)</h2><p class="none">No e-mail digests.</p>');
    const page = await dataExportPage({ ...empty, email_digests: { replies: 'weekly', chapters: 'none', time_zone: 'Asia/Tokyo' } });
    expect(page).toContain('<h2>E-mail digests (1)</h2><ul><li>Replies to your comments: weekly, at 08:00 in Asia/Tokyo</li></ul>');
  });

  it("lists the account history, sessions, requests and e-mails, and a comment's texts before and after its edits", async () => {
    const at = empty.exported_at;
    const page = await dataExportPage({
      ...empty,
      username_history: [...empty.username_history, { username: 'Renamed & <new>', since: at }],
      sessions: [{ started_at: at, ended_at: null }],
      data_requests: [{ request: 'data-export', at, summary: 'Personal data exported (JSON file)' }],
      emails: [{ subject: 'Verify your e-mail for Novel Shelf', state: 'sent', at }],
      reading_feed: { rss: 'https://shelf.test/feeds/reading/t.rss', atom: 'https://shelf.test/feeds/reading/t.atom', created_at: at },
      comments: [
        {
          book_id: 2,
          book_title: null,
          chapter_id: 3,
          comment_id: 'c1',
          parent_comment_id: null,
          text: 'Second <try>',
          posted_at: at,
          deleted: false,
          removed: true,
          edit_history: [
            { text: 'First <try>', written_at: at },
            { text: 'Second <try>', written_at: at },
          ],
        },
      ],
      moderation: [
        { decision: 'comment-removed-by-operator', at, comment_id: 'c1' },
        { decision: 'commenting-suspended', at, comment_id: null, until: null, reason: 'Spam <links>' },
      ],
    });
    expect(page).toContain('<li>Renamed &amp; &lt;new&gt;, since 2026-11-28 05:00 UTC</li>');
    expect(page).toContain('<h2>Account history (1)</h2><ul><li>Registered, 2026-11-01 09:30 UTC</li></ul>');
    expect(page).toContain('<li>Logged in 2026-11-28 05:00 UTC; not ended</li>');
    expect(page).toContain('<li>Personal data exported (JSON file), 2026-11-28 05:00 UTC</li>');
    expect(page).toContain('<li>Verify your e-mail for Novel Shelf: sent, 2026-11-28 05:00 UTC</li>');
    expect(page).toContain('https://shelf.test/feeds/reading/t.rss (RSS)');
    expect(page).toContain('<p class="meta">As posted 2026-11-28 05:00 UTC:</p><blockquote>First &lt;try&gt;</blockquote>');
    expect(page).toContain('<h2>Moderation decisions about you (2)</h2>');
    expect(page).toContain('<li>Removed by an operator (comment c1), 2026-11-28 05:00 UTC</li>');
    expect(page).toContain('<li>Commenting suspended for good: Spam &lt;links&gt;, 2026-11-28 05:00 UTC</li>');
    expect(page).toMatch(/<\/body><\/html>\n$/);
  });
});
