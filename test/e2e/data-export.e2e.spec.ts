// "Download my data" end to end: a reader with activity of every kind exports it, from the read models and the log;
// visitors get 401, a sixth export in the hour 429, and the audit trail lists each export. Real store, Redis and SMTP.
import { CommandBus } from '@nestjs/cqrs';
import { type AuditResponse, type DataExport, OperatorApi, ReaderActivityReadModelCollection } from '@shelf/contracts';
import { testEnv } from '@test/support';
import { ChangeOperatorRoleCommand } from '../../backend/src/modules/accounts/application/change-operator-role.command';
import { appendComment, type Reader, readModelSnapshot, rebuild, registerReader, seedCatalog, startSite, type TestSite } from '../site-harness';

const env = testEnv(__filename);
const PASSWORD = 'correct horse battery staple';
const MARKUP = 'Loved it <script>alert("x")</script> & more than words say';

describe('download my data', () => {
  let site: TestSite;
  let books: { bookId: number; chapterIds: number[] }[];
  let reader: Reader;
  let other: Reader;
  let operator: Reader;
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
    await site.drained();
  }, 90_000);

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
      username: reader.user.username,
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
      { book_id: a.bookId, book_title: expect.any(String), chapter_id: a.chapterIds[0], comment_id: ids.reply, parent_comment_id: ids.othersComment, text: 'My reply to your fine comment', posted_at: expect.any(String), deleted: false, removed: false },
      { book_id: b.bookId, book_title: expect.any(String), chapter_id: null, comment_id: ids.appended, parent_comment_id: null, text: MARKUP, posted_at: expect.any(String), deleted: false, removed: false },
    ]);
    expect(data.reports).toEqual([{ book_id: a.bookId, book_title: expect.any(String), chapter_id: a.chapterIds[0], comment_id: ids.othersComment, reason: 'spoilers', reported_at: expect.any(String) }]);
    expect(data.mutes).toEqual({
      muted: [{ user_id: other.user.user_id, username: other.user.username, since: expect.any(String) }],
      blocked: [{ user_id: operator.user.user_id, username: operator.user.username, since: expect.any(String) }],
    });
    expect(data.email_digests).toEqual({ replies: 'none', chapters: 'weekly', time_zone: 'Europe/Berlin' });

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
    expect(page).toContain('Loved it &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more than words say');
    expect(page).not.toContain('<script>');
    for (const heading of ['Reading progress (1)', 'Shelves (1)', 'Saved searches (1)', 'Liked stories (1)', 'Liked comments (1)', 'Comments (2)', 'Reports you made (1)', 'E-mail digests (1)']) {
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
    ]);
    expect(Date.parse(trail.entries[0].occurred_at)).toBeGreaterThan(Date.now() - 120_000);
    expect(JSON.stringify(trail)).not.toContain(reader.user.email);
  });

  it('answers a sixth export within the hour with 429 and a message, for that reader alone', async () => {
    // Two so far (the file and the summary); three more are allowed.
    for (let i = 0; i < 3; i++) expect((await download('user/data-export', reader)).status).toBe(200);
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
