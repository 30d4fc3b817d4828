// The operators' side end to end on the real store, Redis and SMTP catcher: the role, the moderation queue fed by
// reports, restoring a removed comment live, suspensions, the audit trail and the queue dashboard's session.
import {
  AccountReadModelCollection,
  type AuditResponse,
  type CommentPush,
  type CommentsResponse,
  LivePush,
  LiveRequest,
  type ModerationContextResponse,
  ModerationReadModelCollection,
  type ModerationQueueResponse,
  OperatorApi,
  SocialEventType,
} from '@shelf/contracts';
import { type OrderedHeadReadModel } from '@shelf/read-model-formats';
import { CommandBus } from '@nestjs/cqrs';
import { testEnv } from '@test/support';
import type { Socket } from 'socket.io-client';
import { ChangeOperatorRoleCommand } from '../../backend/src/modules/accounts/application/change-operator-role.command';
import { connect, joinThread, LIVE_TIMEOUT_MS, type LiveSocket, next } from '../live-sockets';
import { type Reader, readModelSnapshot, rebuild, registerReader, seedCatalog, startSite, type TestSite } from '../site-harness';

const env = testEnv(__filename);
const TEXT = 'I did not enjoy this chapter at all, sorry.';
const OPERATOR_ROUTES: [string, string, unknown?][] = [
  ['GET', OperatorApi.me],
  ['GET', OperatorApi.moderation],
  ['GET', `${OperatorApi.moderationComment}/00000000-0000-4000-8000-000000000000`],
  ['POST', OperatorApi.dismiss, { comment_id: '00000000-0000-4000-8000-000000000000' }],
  ['POST', OperatorApi.remove, { comment_id: '00000000-0000-4000-8000-000000000000' }],
  ['POST', OperatorApi.restore, { comment_id: '00000000-0000-4000-8000-000000000000' }],
  ['POST', OperatorApi.suspend, { user_id: 'someone', days: 1, reason: 'spam' }],
  ['POST', OperatorApi.liftSuspension, { user_id: 'someone' }],
  ['GET', OperatorApi.audit],
  ['GET', OperatorApi.auditCsv],
  ['POST', OperatorApi.queueDashboardSession],
];

describe('operators: moderation queue, suspensions and audit trail', () => {
  let site: TestSite;
  let book: { bookId: number; chapterIds: number[] };
  let author: Reader;
  let operator: Reader;
  let reader: Reader;
  const reporters: Reader[] = [];
  const sockets: LiveSocket[] = [];

  const call = <T = Record<string, unknown>>(method: string, path: string, who?: Reader, body?: unknown) =>
    site.call<T>(method, path.replace(/^\/api\//, ''), { body, token: who?.token, ip: who?.ip });
  const thread = () => ({ book_id: book.bookId, chapter_id: book.chapterIds[0] });
  async function postComment(who: Reader, content = TEXT): Promise<string> {
    const answer = await call<{ comment_id: string }>('POST', 'comment/post-comments', who, { ...thread(), parent_comment_id: null, comment_content: content });
    expect(answer.status).toBe(200);
    return answer.body.comment_id;
  }
  const report = (who: Reader, commentId: string, reason?: string) => call('POST', 'comment/report-comments', who, { comment_id: commentId, ...(reason ? { reason } : {}) });
  const shown = async (commentId: string) =>
    (await call<CommentsResponse>('GET', `comment/show-comments?book_id=${book.bookId}&chapter_id=${book.chapterIds[0]}&criteria=newest`)).body.comments.find(
      (comment) => comment.comment_id === commentId,
    );
  const queue = async (view = 'review') => (await call<ModerationQueueResponse>('GET', `${OperatorApi.moderation}?view=${view}`, operator)).body;
  const open = async (token?: string) => {
    const socket = await connect(site.base, token);
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    site = await startSite(env);
    [book] = await seedCatalog(site, 1);
    author = await registerReader(site, 'Author');
    operator = await registerReader(site, 'Operator');
    reader = await registerReader(site, 'Reader');
    for (let i = 0; i < 10; i++) reporters.push(await registerReader(site, `Reporter${i}`));
    const granted = await site.api.get(CommandBus).execute(new ChangeOperatorRoleCommand(operator.user.email, true, 'operators-cli:test'));
    expect(granted).toBe(`${operator.user.username} (${operator.user.email}) is an operator now.`);
  }, 120_000);

  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await site.close();
  });

  it('answers 401 without a token and 403 to a reader on every operator route', async () => {
    for (const [method, path, body] of OPERATOR_ROUTES) {
      expect((await call(method, path, undefined, body)).status).toBe(401);
      const refused = await call(method, path, reader, body);
      expect({ path, status: refused.status, body: refused.body }).toEqual({ path, status: 403, body: expect.objectContaining({ message: 'This page is for operators.' }) });
    }
    expect((await call('GET', OperatorApi.me, operator)).body).toEqual({ operator: true, user_id: operator.user.user_id, username: operator.user.username });
  });

  it('lets only an operator socket join the operators room', async () => {
    const ask = (socket: LiveSocket) => (socket as unknown as Socket).timeout(LIVE_TIMEOUT_MS).emitWithAck(LiveRequest.ModerationJoin);
    expect(await ask(await open())).toEqual({ ok: false, message: 'This page is for operators.' });
    expect(await ask(await open(reader.token))).toEqual({ ok: false, message: 'This page is for operators.' });
    expect(await ask(await open(operator.token))).toEqual({ ok: true });
  });

  it('queues a comment reported ten times as removed by reports, with its reasons, live to operators', async () => {
    const commentId = await postComment(author);
    const operatorSocket = await open(operator.token);
    expect(await (operatorSocket as unknown as Socket).timeout(LIVE_TIMEOUT_MS).emitWithAck(LiveRequest.ModerationJoin)).toEqual({ ok: true });
    const firstPush = next(operatorSocket, LivePush.ModerationChanged);
    expect((await report(reporters[0], commentId, 'spam')).status).toBe(200);
    expect(await firstPush).toEqual({ comment_id: commentId, open_reports: 1 });
    expect((await report(reporters[1], commentId, 'not-a-reason')).body).toMatchObject({ message: expect.stringContaining('reason must be one of') });
    for (const [i, who] of reporters.slice(1).entries()) expect((await report(who, commentId, i % 2 ? 'harassment' : undefined)).status).toBe(200);
    await site.drained();

    const { items, total } = await queue();
    expect(total).toBe(1);
    expect(items[0]).toMatchObject({
      comment: { comment_id: commentId, comment_content: TEXT, user_id: author.user.user_id, removed: true },
      status: 'removed',
      removed_by: 'reports',
      open_reports: 10,
      total_reports: 10,
      reasons: { spam: 1, harassment: 4, none: 5 },
      needs_review: true,
    });
    expect((await shown(commentId))?.comment_content).toBe('This comment has been removed due to numerous reports.');

    const context = await call<ModerationContextResponse>('GET', `${OperatorApi.moderationComment}/${commentId}`, operator);
    expect(context.body).toMatchObject({ comment: { comment_id: commentId }, parent: null, author: { user_id: author.user.user_id, suspension: null } });
    expect(context.body.author.recent_comments.map((comment) => comment.comment_id)).toContain(commentId);
  });

  it('restores a removed comment, and readers on the thread see it again live', async () => {
    const [{ comment }] = (await queue()).items;
    const watcher = await open();
    expect(await joinThread(watcher, thread())).toEqual({ ok: true });
    const restored = next(watcher, LivePush.CommentRestored);
    expect((await call('POST', OperatorApi.restore, operator, { comment_id: comment.comment_id })).body).toEqual({ message: 'The comment has been restored.' });
    const push: CommentPush = await restored;
    expect(push.comment).toMatchObject({ comment_id: comment.comment_id, comment_content: TEXT, report_count: 0 });
    await site.drained();
    expect(await shown(comment.comment_id)).toMatchObject({ comment_content: TEXT, report_count: 0, user_id: author.user.user_id });
    expect((await queue()).total).toBe(0);
    expect((await queue('all')).items[0]).toMatchObject({ status: 'restored', open_reports: 0, total_reports: 10, needs_review: false });
    expect((await call('POST', OperatorApi.restore, operator, { comment_id: comment.comment_id })).body).toMatchObject({ statusCode: 400, message: 'This comment is not removed.' });
    // A reader who reported it before cannot report it again; the reports were weighed.
    expect((await report(reporters[0], comment.comment_id)).body).toMatchObject({ message: 'You have already reported this comment.' });
  });

  it('removes and dismisses on an operator’s word, and refuses what does not apply', async () => {
    const commentId = await postComment(reporters[0], 'Another comment that someone will report.');
    expect((await call('POST', OperatorApi.dismiss, operator, { comment_id: commentId })).body).toMatchObject({ statusCode: 400, message: 'There are no open reports to dismiss.' });
    expect((await report(reporters[1], commentId, 'off-topic')).status).toBe(200);
    expect((await call('POST', OperatorApi.dismiss, operator, { comment_id: commentId })).body).toEqual({ message: 'The reports have been dismissed.' });
    expect((await call('POST', OperatorApi.remove, operator, { comment_id: commentId })).body).toEqual({ message: 'The comment has been removed.' });
    expect((await call('POST', OperatorApi.remove, operator, { comment_id: commentId })).body).toMatchObject({ statusCode: 400, message: 'An operator has already removed this comment.' });
    expect((await call('POST', OperatorApi.remove, operator, { comment_id: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    expect((await call('POST', OperatorApi.remove, operator, { comment_id: 'nope' })).body).toMatchObject({ statusCode: 400, message: 'comment_id is not a comment id.' });
    await site.drained();
    // Removed by an operator with one report: readers see it removed (the spec's client reads 10+ reports as removed).
    expect(await shown(commentId)).toMatchObject({ comment_content: 'This comment has been removed due to numerous reports.', report_count: 10, user_id: null });
    expect((await queue('removed')).items.map((item) => item.comment.comment_id)).toContain(commentId);
  });

  it('refuses a suspended reader’s comments until the suspension is lifted', async () => {
    const suspend = (body: object) => call('POST', OperatorApi.suspend, operator, body);
    expect((await suspend({ user_id: author.user.user_id, days: 3, reason: 'x' })).body).toMatchObject({ statusCode: 400, message: 'days must be 1, 7, 30, or null for good.' });
    expect((await suspend({ user_id: author.user.user_id, days: 7, reason: '  ' })).body).toMatchObject({ statusCode: 400 });
    expect((await suspend({ user_id: operator.user.user_id, days: 7, reason: 'testing' })).body).toMatchObject({ statusCode: 400, message: 'You cannot suspend yourself.' });
    expect((await suspend({ user_id: 'no-such-user', days: 7, reason: 'testing' })).status).toBe(404);
    const suspended = await suspend({ user_id: author.user.user_id, days: 7, reason: 'Repeated spam in comments' });
    expect(suspended.body.message).toMatch(/cannot comment until \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/);

    const refused = await call('POST', 'comment/post-comments', author, { ...thread(), parent_comment_id: null, comment_content: 'Trying to comment while suspended here.' });
    expect(refused).toMatchObject({ status: 403, body: { success: 0, message: expect.stringMatching(/^You cannot post, edit or report comments until .* UTC: an operator suspended your commenting\.$/) } });
    await site.drained(); // the context shows the author from the users read model
    const context = await call<ModerationContextResponse>('GET', `${OperatorApi.moderationComment}/${(await queue('all')).items[0].comment.comment_id}`, operator);
    expect(context.body.author.suspension).toMatchObject({ reason: 'Repeated spam in comments' });

    expect((await call('POST', OperatorApi.liftSuspension, operator, { user_id: author.user.user_id })).body).toEqual({ message: `${author.user.username} can comment again.` });
    expect((await call('POST', OperatorApi.liftSuspension, operator, { user_id: author.user.user_id })).body).toMatchObject({ statusCode: 400, message: 'This reader is not suspended.' });
    const allowed = await call('POST', 'comment/post-comments', author, { ...thread(), parent_comment_id: null, comment_content: 'Back to commenting like a good reader.' });
    expect(allowed.status).not.toBe(403);
  });

  it('lists every decision in the audit trail with actor and time, filtered and as CSV', async () => {
    expect((await call('POST', 'user/profile/change-password', reader, { newPassword: 'a changed reader phrase', honeypot: '' })).status).toBe(200);
    await site.drained();
    const trail = async (query: string) => (await call<AuditResponse>('GET', `${OperatorApi.audit}?${query}`, operator)).body;
    const [{ comment }] = (await queue('all')).items.filter((item) => item.status === 'restored');
    const forComment = await trail(`target=${comment.comment_id}`);
    expect(forComment.entries.map((entry) => entry.type)).toEqual([
      SocialEventType.CommentRestored,
      SocialEventType.CommentRemoved,
      ...Array(10).fill(SocialEventType.CommentReportedV2),
    ]);
    expect(forComment.entries[0]).toMatchObject({ actor: operator.user.user_id, actor_name: operator.user.username, target_kind: 'comment', summary: 'Restored' });
    expect(Date.parse(forComment.entries[0].occurred_at)).toBeGreaterThan(Date.now() - 120_000);

    const byOperator = await trail(`actor=${operator.user.user_id}`);
    expect(new Set(byOperator.entries.map((entry) => entry.type))).toEqual(
      new Set(['comment.restored.v1', 'comment.reports-dismissed.v1', 'comment.removed-by-operator.v1', 'user.commenting-suspended.v1', 'user.commenting-suspension-lifted.v1']),
    );
    // An actor or target may be named by username, in any letter case.
    expect((await trail(`actor=${encodeURIComponent(operator.user.username.toUpperCase())}`)).entries).toEqual(byOperator.entries);
    const suspensions = (await trail(`target=${encodeURIComponent(author.user.username)}&type=user.commenting-suspended.v1`)).entries;
    // The reason is sealed in the log (PERSONAL_FIELDS) and shown, opened, while the reader's account lives.
    expect(suspensions).toEqual([expect.objectContaining({ summary: expect.stringMatching(/: Repeated spam in comments$/) })]);
    const grants = await trail('type=user.operator-granted.v1');
    expect(grants.entries).toEqual([expect.objectContaining({ actor: 'operators-cli:test', actor_name: null, target: operator.user.user_id, summary: 'Operator role granted' })]);
    expect((await trail('from=2000-01-01&to=2000-01-02')).entries).toEqual([]);
    expect((await call('GET', `${OperatorApi.audit}?from=yesterday`, operator)).body).toMatchObject({ statusCode: 400, message: 'from must be a date or time (ISO 8601).' });
    expect((await call('GET', `${OperatorApi.audit}?type=user.registered.v1`, operator)).status).toBe(400);
    expect((await call('GET', `${OperatorApi.audit}?type=user.registered.v2`, operator)).status).toBe(400);
    // A password change is listed, and nothing of the credential it names.
    expect((await trail('type=user.password-changed.v2')).entries).toEqual([
      expect.objectContaining({ actor: reader.user.user_id, target: reader.user.user_id, target_kind: 'user', summary: 'Password changed' }),
    ]);
    expect(JSON.stringify(await trail(`target=${reader.user.user_id}`))).not.toMatch(/credential|argon2/i);

    const csv = await fetch(`${site.base}${OperatorApi.auditCsv}?target=${comment.comment_id}`, { headers: { authorization: `Bearer ${operator.token}` } });
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="audit-trail.csv"');
    const lines = (await csv.text()).trim().split('\n');
    expect(lines[0]).toBe('occurred_at,type,summary,actor,actor_name,target_kind,target,event_id');
    expect(lines).toHaveLength(13);
    expect(lines[1]).toContain(`comment.restored.v1,Restored,${operator.user.user_id},`);
  });

  it('rebuilds the moderation queue, the commenters’ latest comments, the audit trail and the users from the log alone', async () => {
    await site.drained();
    const names = [...Object.values(ModerationReadModelCollection), AccountReadModelCollection.Users];
    const before = await readModelSnapshot(site.workers, names);
    const everyEntry = (before[ModerationReadModelCollection.AuditHeads] as OrderedHeadReadModel[]).filter((head) => head._id.startsWith('all:') && !head._id.endsWith('#dir'));
    expect(everyEntry.reduce((sum, head) => sum + head.n, 0)).toBeGreaterThan(15);
    expect(before[AccountReadModelCollection.Users]).toContainEqual(expect.objectContaining({ _id: operator.user.user_id, operator: true }));
    await rebuild(site.workers, { api: site.api, names: ['moderation', 'audit-trail', 'users'] });
    expect(await readModelSnapshot(site.workers, names)).toEqual(before);
    expect((await queue('all')).total).toBe(2);
  });

  it('opens the queue dashboard to an operator’s session cookie, and refuses once the role is revoked', async () => {
    const session = await fetch(`${site.base}${OperatorApi.queueDashboardSession}`, { method: 'POST', headers: { authorization: `Bearer ${operator.token}` } });
    expect(session.status).toBe(200);
    const cookie = session.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^shelf_queue_dashboard=[^;]+; Max-Age=900; Path=\/admin\/queues; Expires=[^;]+; HttpOnly; SameSite=Strict$/);
    const value = cookie.split(';')[0];
    const board = (cookieHeader: string) => fetch(`${site.base}/admin/queues/api/queues`, { headers: { cookie: cookieHeader } });
    expect((await board(value)).status).toBe(200);
    expect((await board(`${value.slice(0, -2)}xx`)).status).toBe(401);
    expect((await board('')).status).toBe(401);
    // bull-board decodes its query a second time: a broken escape is refused, not a 500.
    const broken = await fetch(`${site.base}/admin/queues/api/queues?activeQueue=%E0%A4%A&page=1`, { headers: { cookie: value } });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ statusCode: 400, message: 'The query string holds a broken percent-encoding.' });

    await site.api.get(CommandBus).execute(new ChangeOperatorRoleCommand(operator.user.email, false, 'operators-cli:test'));
    expect((await board(value)).status).toBe(401);
    expect((await call('GET', OperatorApi.moderation, operator)).status).toBe(403);
  });
});
