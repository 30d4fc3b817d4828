// "Download my data" end to end: a reader with activity of every kind exports it, from the read models and the log,
// written as it is read (comments a page at a time); visitors get 401, a sixth export in the hour 429, and the audit
// trail lists each export. Real store, Redis and SMTP.
import { CommandBus } from '@nestjs/cqrs';
import { type AuditResponse, type DataExport, OperatorApi, ReaderActivityReadModelCollection } from '@shelf/contracts';
import { testEnv } from '@test/support';
import { ChangeOperatorRoleCommand } from '../../backend/src/modules/accounts/application/change-operator-role.command';
import { EXPORT_COMMENT_PAGE } from '../../backend/src/modules/personal-data/application/build-data-export.query';
import { appendComment, type Reader, readModelSnapshot, rebuild, registerReader, seedCatalog, startSite, type TestSite } from '../site-harness';

const env = testEnv(__filename);
const PASSWORD = 'correct horse battery staple';
const MARKUP = 'Loved it <script>alert("x")</script> & more than words say';
const NEW_PASSWORD = 'another horse battery staple';
const RENAMED = 'Exporter Renamed';
const SUSPENSION = 'Cooling off after a heated thread';

describe('download my data', () => {
  let site: TestSite;
  let books: { bookId: number; chapterIds: number[] }[];
  let reader: Reader;
  let other: Reader;
  let operator: Reader;
  let prolific: Reader;
  /** The prolific reader's comments, in the order they were posted. */
  const prolificComments: string[] = [];
  const ids: Record<'othersComment' | 'unliked' | 'reply' | 'appended', string> = { othersComment: '', unliked: '', reply: '', appended: '' };

  const call = <T = Record<string, unknown>>(method: string, path: string, who?: Reader, body?: unknown) => site.call<T>(method, path, { body, token: who?.token, ip: who?.ip });
  const ok = async (method: string, path: string, who: Reader, body?: unknown) => {
    const answer = await call(method, path, who, body);
    if (answer.status !== 200) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  const download = (path: string, who?: Reader) => fetch(`${site.base}/api/${path}`, { headers: who ? { authorization: `Bearer ${who.token}` } : {} });

  beforeAll(async () => {
    site = await startSite(env);
    books = await seedCatalog(site, 2);
    [reader, other, operator] = [await registerReader(site, 'Exporter'), await registerReader(site, 'Other'), await registerReader(site, 'Operator')];
    await site.api.get(CommandBus).execute(new ChangeOperatorRoleCommand(operator.user.email, true, 'operators-cli:test'));
    const [a, b] = books;
    const thread = { book_id: a.bookId, chapter_id: a.chapterIds[0] };
    ids.othersComment = String((await ok('POST', 'comment/post-comments', other, { ...thread, parent_comment_id: null, comment_content: 'A comment by someone else' })).comment_id);
    ids.unliked = String((await ok('POST', 'comment/post-comments', operator, { ...thread, parent_comment_id: null, comment_content: 'Liked for a while, then not' })).comment_id);

    await ok('POST', 'user/reading-progress', reader, { book_id: a.bookId, chapter_id: a.chapterIds[1], position: 0.5 });
    await ok('PUT', 'user/library/shelf', reader, { book_id: b.bookId, shelf: 'plan-to-read' });
    await ok('PUT', 'user/search-presets', reader, { name: 'Finished romances', query: 'genre=Romance&completion_status=Completed' });
    await ok('POST', 'like/like-book', reader, { book_id: b.bookId });
    await ok('POST', 'comment/like-comments', reader, { comment_id: ids.othersComment });
    await ok('POST', 'comment/like-comments', reader, { comment_id: ids.unliked });
    await ok('POST', 'comment/delete-like-comments', reader, { comment_id: ids.unliked });
    await ok('POST', 'comment/report-comments', reader, { comment_id: ids.othersComment, reason: 'spoilers' });
    await ok('PUT', 'user/mutes', reader, { user_id: other.user.user_id, relation: 'muted' });
    await ok('PUT', 'user/mutes', reader, { user_id: operator.user.user_id, relation: 'blocked' });
    await ok('PUT', 'user/digests', reader, { kind: 'chapters', frequency: 'weekly', time_zone: 'Europe/Berlin' });
    ids.reply = String((await ok('POST', 'comment/post-comments', reader, { ...thread, parent_comment_id: ids.othersComment, comment_content: 'My reply to your fine comment' })).comment_id);
    // A second comment, on the other book's thread, straight to the log (past the 30-second cooldown between posts).
    ids.appended = await appendComment(site, { userId: reader.user.user_id, bookId: b.bookId, content: MARKUP });
    await ok('POST', 'comment/edit-comments', reader, { comment_id: ids.reply, new_comment_content: 'My reply to your fine comment, edited once' });
    await ok('PUT', 'user/feeds/reading', reader);
    await ok('PUT', 'user/reader-settings', reader, { spoiler_fold: false });
    await ok('PUT', 'user/reader-settings/titles', reader, { title: 'Shixiong', form: 'rendering' });
    // A second login, whose session the password change (from the first) ends.
    await ok('POST', 'user/login', reader, { email: reader.user.email, password: PASSWORD, honeypot: '' });
    await ok('POST', 'user/profile/change-password', reader, { newPassword: NEW_PASSWORD, honeypot: '' });
    await ok('POST', 'user/profile/change-username', reader, { newUsername: RENAMED, honeypot: '' });
    await ok('POST', 'user/profile/delete-account', reader, { password: NEW_PASSWORD, honeypot: '' });
    await site.drained();
    await ok('POST', 'admin/moderation/remove', operator, { comment_id: ids.appended });
    await ok('POST', 'admin/moderation/suspend', operator, { user_id: reader.user.user_id, days: 1, reason: SUSPENSION });
    await ok('POST', 'admin/moderation/lift-suspension', operator, { user_id: reader.user.user_id });

    // More comments than a page of the export, straight to the log, a few at once.
    prolific = await registerReader(site, 'Prolific');
    for (let i = 0; i < EXPORT_COMMENT_PAGE + 20; i += 20) {
      const batch = Array.from({ length: 20 }, (_, j) => appendComment(site, { userId: prolific.user.user_id, bookId: a.bookId, content: `Comment number ${i + j}` }));
      prolificComments.push(...(await Promise.all(batch)));
    }
    await site.drained();
  }, 180_000);

  afterAll(() => site.close());

  it('holds the account, progress, shelves, saved searches, likes, comments, reports, mutes and e-mail digests, and no credential', async () => {
    const [a, b] = books;
    const answer = await download('user/data-export', reader);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="novel-shelf-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const text = await answer.text();
    for (const secret of [PASSWORD, 'passwordHash', 'credential', reader.token]) expect(text).not.toContain(secret);
    const data = JSON.parse(text) as DataExport;

    expect(data.account).toEqual({
      user_id: reader.user.user_id,
      username: RENAMED,
      email: reader.user.email,
      email_verified: true,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      role: 'reader',
      commenting_suspension: null,
    });
    expect(data.reading_progress).toEqual([
      { book_id: a.bookId, book_title: expect.any(String), chapter_id: a.chapterIds[1], position: 0.5, read_at: expect.any(String), chapters_read: [a.chapterIds[1]] },
    ]);
    expect(data.shelves).toEqual([{ book_id: b.bookId, book_title: expect.any(String), shelf: 'plan-to-read', shelved_at: expect.any(String) }]);
    expect(data.saved_searches).toEqual([{ name: 'Finished romances', query: 'genre=Romance&completion_status=Completed', saved_at: expect.any(String) }]);
    expect(data.likes.stories).toEqual([{ book_id: b.bookId, book_title: expect.any(String), liked_at: expect.any(String) }]);
    // The like taken back is not there.
    expect(data.likes.comments).toEqual([{ book_id: a.bookId, book_title: expect.any(String), chapter_id: a.chapterIds[0], comment_id: ids.othersComment, liked_at: expect.any(String) }]);
    expect(data.comments).toEqual([
      {
        book_id: a.bookId,
        book_title: expect.any(String),
        chapter_id: a.chapterIds[0],
        comment_id: ids.reply,
        parent_comment_id: ids.othersComment,
        text: 'My reply to your fine comment, edited once',
        posted_at: expect.any(String),
        deleted: false,
        removed: false,
        edit_history: [
          { text: 'My reply to your fine comment', written_at: expect.any(String) },
          { text: 'My reply to your fine comment, edited once', written_at: expect.any(String) },
        ],
      },
      { book_id: b.bookId, book_title: expect.any(String), chapter_id: null, comment_id: ids.appended, parent_comment_id: null, text: MARKUP, posted_at: expect.any(String), deleted: false, removed: true, edit_history: [] },
    ]);
    expect(data.reports).toEqual([{ book_id: a.bookId, book_title: expect.any(String), chapter_id: a.chapterIds[0], comment_id: ids.othersComment, reason: 'spoilers', reported_at: expect.any(String) }]);
    expect(data.mutes).toEqual({
      muted: [{ user_id: other.user.user_id, username: other.user.username, since: expect.any(String) }],
      blocked: [{ user_id: operator.user.user_id, username: operator.user.username, since: expect.any(String) }],
    });
    expect(data.email_digests).toEqual({ replies: 'none', chapters: 'weekly', time_zone: 'Europe/Berlin' });
    expect(data.comments.map((comment) => comment.posted_at)).toEqual([...data.comments.map((comment) => comment.posted_at)].sort());
  });

  it("holds the account's names, history, sessions, moderation, requests, e-mails, feed address and settings, nobody else's", async () => {
    const text = await (await download('user/data-export', reader)).text();
    for (const secret of [PASSWORD, NEW_PASSWORD, 'token=', 'credential', reader.token, other.user.email, operator.user.email]) expect(text).not.toContain(secret);
    const data = JSON.parse(text) as DataExport;

    expect(data.username_history).toEqual([
      { username: reader.user.username, since: expect.any(String) },
      { username: RENAMED, since: expect.any(String) },
    ]);
    expect(data.account_history.map((item) => item.event)).toEqual(['registered', 'email-verified', 'password-changed', 'username-changed']);
    // Two logins: the first kept by its own password change, the second ended by it.
    expect(data.sessions).toEqual([
      { started_at: expect.any(String), ended_at: null },
      { started_at: expect.any(String), ended_at: expect.any(String) },
    ]);
    expect(data.moderation).toEqual([
      { decision: 'comment-removed-by-operator', at: expect.any(String), comment_id: ids.appended },
      { decision: 'commenting-suspended', at: expect.any(String), comment_id: null, until: expect.any(String), reason: SUSPENSION },
      { decision: 'commenting-suspension-lifted', at: expect.any(String), comment_id: null },
    ]);
    expect(JSON.stringify(data.moderation)).not.toContain(operator.user.user_id);
    expect(data.data_requests).toEqual(
      expect.arrayContaining([{ request: 'account-deletion', at: expect.any(String), summary: 'Account deletion requested; confirmation link e-mailed' }]),
    );
    // Subjects and times, never the messages' links.
    expect(data.emails).toEqual(
      expect.arrayContaining([
        { subject: 'Verify your e-mail for Novel Shelf', state: 'sent', at: expect.any(String) },
        { subject: 'Confirm the deletion of your Novel Shelf account', state: expect.stringMatching(/^(sent|waiting)$/), at: expect.any(String) },
      ]),
    );
    expect(data.reading_feed).toEqual({ rss: expect.stringContaining('/feeds/reading/'), atom: expect.stringContaining('/feeds/reading/'), created_at: expect.any(String) });
    expect(data.reader_settings).toEqual({ spoiler_fold: false, glossary_marks: true, title_forms: [{ title: 'shixiong', form: 'rendering' }] });

    // The other reader's export: their own name and no moderation, no feed, the defaults.
    const others = (await (await download('user/data-export', other)).json()) as DataExport;
    expect(others.username_history).toEqual([{ username: other.user.username, since: expect.any(String) }]);
    expect([others.moderation, others.reading_feed, others.reader_settings]).toEqual([[], null, { spoiler_fold: true, glossary_marks: true, title_forms: [] }]);
    expect(JSON.stringify(others)).not.toContain(reader.user.email);
  });

  it('lists the earlier exports once the audit trail has them', async () => {
    await site.drained();
    const data = (await (await download('user/data-export', other)).json()) as DataExport;
    // Those before (this one too, if the workers were quick), as the audit trail words them.
    expect(data.data_requests.length).toBeGreaterThan(0);
    expect(data.data_requests).toEqual(data.data_requests.map(() => ({ request: 'data-export', at: expect.any(String), summary: 'Personal data exported (JSON file)' })));
  });

  it('writes more comments than a page, in the order they were posted, as it reads them', async () => {
    const answer = await download('user/data-export', prolific);
    expect(answer.status).toBe(200);
    // Written as it is read: no length known before the end.
    expect(answer.headers.get('content-length')).toBeNull();
    const data = (await answer.json()) as DataExport;
    // Posted a few in the same millisecond: the ids as a set, the times in order.
    expect(new Set(data.comments.map((comment) => comment.comment_id))).toEqual(new Set(prolificComments));
    expect(data.comments.map((comment) => comment.posted_at)).toEqual([...data.comments.map((comment) => comment.posted_at)].sort());
    expect(data.comments.map((comment) => comment.text)).toEqual(data.comments.map((comment) => `Comment number ${prolificComments.indexOf(comment.comment_id)}`));
    expect(data.moderation).toEqual([]);

    // Another reader's export holds their own comment, none of the first reader's.
    const others = (await (await download('user/data-export', other)).json()) as DataExport;
    expect(others.comments.map((comment) => comment.comment_id)).toEqual([ids.othersComment]);
    expect([others.likes.comments, others.reports, others.shelves]).toEqual([[], [], []]);
    expect(others.email_digests).toEqual({ replies: 'none', chapters: 'none', time_zone: null });
  });

  it('opens the same data as a readable page, every text escaped', async () => {
    const answer = await download('user/data-export/summary', reader);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    expect(answer.headers.get('content-disposition')).toMatch(/^inline; filename="novel-shelf-data-.*\.html"$/);
    const page = await answer.text();
    expect(page).toContain(reader.user.email);
    expect(page).toContain(`${RENAMED}, since`);
    expect(page).toContain('<p class="meta">As posted ');
    expect(page).toContain(`Commenting suspended until `);
    expect(page).toContain('Loved it &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more than words say');
    expect(page).not.toContain('<script>');
    for (const heading of [
      'Usernames (2)',
      'Account history (4)',
      'Sessions (2)',
      'Reading progress (1)',
      'Shelves (1)',
      'Saved searches (1)',
      'Liked stories (1)',
      'Liked comments (1)',
      'Comments (2)',
      'Reports you made (1)',
      'E-mail digests (1)',
      'Moderation decisions about you (3)',
    ]) {
      expect(page).toContain(heading);
    }
  });

  it('answers visitors with 401', async () => {
    for (const path of ['user/data-export', 'user/data-export/summary']) {
      const answer = await download(path);
      expect(answer.status).toBe(401);
      expect(await answer.json()).toMatchObject({ message: 'Please log in to continue.' });
      expect((await download(path, { ...reader, token: `${reader.token}x` })).status).toBe(401);
    }
  });

  it('lists each export in the audit trail, with its actor and time and none of the data', async () => {
    await site.drained();
    const trail = (await call<AuditResponse>('GET', `${OperatorApi.audit.replace(/^\/api\//, '')}?actor=${reader.user.user_id}&type=user.data-exported.v1`, operator)).body;
    expect(trail.entries).toEqual([
      expect.objectContaining({ type: 'user.data-exported.v1', actor: reader.user.user_id, target: reader.user.user_id, target_kind: 'user', summary: 'Personal data exported (readable summary)' }),
      expect.objectContaining({ type: 'user.data-exported.v1', actor: reader.user.user_id, summary: 'Personal data exported (JSON file)' }),
      expect.objectContaining({ type: 'user.data-exported.v1', actor: reader.user.user_id, summary: 'Personal data exported (JSON file)' }),
    ]);
    expect(Date.parse(trail.entries[0].occurred_at)).toBeGreaterThan(Date.now() - 120_000);
    expect(JSON.stringify(trail)).not.toContain(reader.user.email);
  });

  it('answers a sixth export within the hour with 429 and a message, for that reader alone', async () => {
    // Three so far (the file twice and the summary); two more are allowed.
    for (let i = 0; i < 2; i++) expect((await download('user/data-export', reader)).status).toBe(200);
    for (const path of ['user/data-export', 'user/data-export/summary']) {
      const answer = await download(path, reader);
      expect(answer.status).toBe(429);
      expect(await answer.json()).toMatchObject({ message: 'You can download your data 5 times an hour. Please try again later.' });
    }
    expect((await download('user/data-export', operator)).status).toBe(200);
  });

  it("rebuilds the readers' activity from the log as it was projected", async () => {
    await site.drained();
    const names = [ReaderActivityReadModelCollection.Heads, ReaderActivityReadModelCollection.Pages];
    const before = await readModelSnapshot(site.workers, names);
    await rebuild(site.workers, { api: site.api, names: ['reader-activity'] });
    expect(await readModelSnapshot(site.workers, names)).toEqual(before);
    // The exporter's, the other reader's and the operator's comments each in their thread's partition.
    expect(before[ReaderActivityReadModelCollection.Heads].length).toBeGreaterThanOrEqual(3);
  });
});
