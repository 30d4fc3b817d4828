// The operators' reads over a randomized log, on the real store, Redis and SMTP catcher: a log of reports, decisions,
// suspensions and password events written in bulk (load-tests/bench/lib/moderation-log.mjs) in a few threads, so that
// the ordered pages split, projected by the running workers; every audit filter and every page of every moderation
// view must then answer what a naive reading of the log answers, and read the store by `_id` alone (command
// monitoring on the API's connection), a bounded number of documents whatever the page.
import { CommandBus } from '@nestjs/cqrs';
import {
  AUDITED_EVENT_TYPES,
  type AuditEntry,
  type AuditResponse,
  type AuditedEventType,
  type CommentEvent,
  EventLogCollection,
  isAuditedEventType,
  type ModeratedCommentReadModel,
  MODERATION_PAGE_SIZE,
  MODERATION_VIEWS,
  type ModerationQueueResponse,
  type ModerationItem,
  type ModerationView,
  inModerationView,
  moderationViewKey,
  ModerationReadModelCollection,
  OperatorApi,
  SocialEventType,
  type StoredEventDocument,
  toDomainEvent,
} from '@shelf/contracts';
import { testEnv } from '@test/support';
import { ChangeOperatorRoleCommand } from '../../backend/src/modules/accounts/application/change-operator-role.command';
import { writeModerationLog } from '../../load-tests/bench/lib/moderation-log.mjs';
import { auditRecord } from '../../workers/src/projections/audit-trail/audit-summary';
import { ReadModels } from '../../workers/src/engine';
import { type ModeratedCommentEvent, type ModerationState, reduceModeratedComment, reduceModeration } from '../../workers/src/projections/moderation/moderation-reducers';
import { projectionsDone, type Reader, registerReader, startSite, type TestSite } from '../site-harness';

const mongo = new URL(testEnv(__filename).MONGO_URL);
mongo.searchParams.set('monitorCommands', 'true');
const env = testEnv(__filename, { MONGO_URL: mongo.toString() });
const AUDIT_PAGE = 50;

interface Truth {
  /** Every audit entry, newest first, with the version of its event (the order's tie-break). */
  audit: AuditEntry[];
  views: Record<ModerationView, ModerationItem[]>;
}

describe('the operators’ reads over a randomized log', () => {
  let site: TestSite;
  let operator: Reader;
  let truth: Truth;
  let readers: string[];
  let comments: string[];
  const finds: { collection: string; filter: unknown }[] = [];

  const get = async <T>(path: string): Promise<T> => {
    const answer = await site.call<T>('GET', path.replace(/^\/api\//, ''), { token: operator.token });
    expect({ path, status: answer.status }).toEqual({ path, status: 200 });
    return answer.body;
  };

  beforeAll(async () => {
    site = await startSite(env);
    operator = await registerReader(site, 'Operator');
    await site.api.get(CommandBus).execute(new ChangeOperatorRoleCommand(operator.user.email, true, 'operators-cli:test'));
    const written = await writeModerationLog(site.store.db!, { comments: 400, readers: 60, threads: 3, operators: [operator.user.user_id], seed: 34, stepMs: 2 });
    [readers, comments] = [written.readers, written.comments];
    await projectionsDone(site.store, site.workers, 240_000);
    truth = await fromTheLog(site, operator);
    // The log is big enough, and in few enough partitions, that parts of both have outgrown their heads into pages.
    const readModels = site.workers.get(ReadModels);
    for (const heads of [ModerationReadModelCollection.AuditHeads, ModerationReadModelCollection.ModerationViewHeads])
      expect(await readModels.db.collection(readModels.physical(heads)).countDocuments({ d: { $exists: true } })).toBeGreaterThan(2);
    site.store.getClient().on('commandStarted', (event) => {
      if (event.commandName === 'find' && event.command.find !== 'read_model_versions') finds.push({ collection: String(event.command.find), filter: event.command.filter });
    });
  }, 300_000);

  afterAll(async () => {
    await site?.close();
  });

  it('answers every audit filter as the log has it, page after page', async () => {
    const reader = readers.find((id) => truth.audit.filter((entry) => entry.actor === id).length >= 3)!;
    const comment = comments.find((id) => truth.audit.filter((entry) => entry.target === id).length >= 4)!;
    const times = truth.audit.map((entry) => entry.occurred_at);
    const [to, from] = [times[Math.floor(times.length / 4)], times[Math.floor(times.length / 2)]];
    const filters: { query: Record<string, string>; keep: (entry: AuditEntry) => boolean }[] = [
      { query: {}, keep: () => true },
      { query: { actor: operator.user.user_id }, keep: (entry) => entry.actor === operator.user.user_id },
      { query: { actor: operator.user.username.toLowerCase() }, keep: (entry) => entry.actor === operator.user.user_id },
      { query: { actor: reader }, keep: (entry) => entry.actor === reader },
      { query: { actor: 'nobody' }, keep: () => false },
      { query: { target: comment }, keep: (entry) => entry.target === comment },
      { query: { target: reader }, keep: (entry) => entry.target === reader },
      ...Object.keys(AUDITED_EVENT_TYPES).map((type) => ({ query: { type }, keep: (entry: AuditEntry) => entry.type === type })),
      { query: { from, to }, keep: (entry) => entry.occurred_at >= from && entry.occurred_at <= to },
      { query: { from, to, type: SocialEventType.CommentReportedV2 }, keep: (entry) => entry.occurred_at >= from && entry.occurred_at <= to && entry.type === SocialEventType.CommentReportedV2 },
      { query: { actor: operator.user.user_id, type: SocialEventType.CommentReportsDismissed }, keep: (entry) => entry.actor === operator.user.user_id && entry.type === SocialEventType.CommentReportsDismissed },
      { query: { target: comment, type: SocialEventType.CommentReportedV2, to }, keep: (entry) => entry.target === comment && entry.type === SocialEventType.CommentReportedV2 && entry.occurred_at <= to },
    ];
    let pagesRead = 0;
    for (const { query, keep } of filters) {
      const expected = truth.audit.filter(keep);
      for (let page = 1; ; page++) {
        const answer = await get<AuditResponse>(`${OperatorApi.audit}?${new URLSearchParams({ ...query, page: String(page) })}`);
        pagesRead += 1;
        expect({ query, page, answer }).toEqual({ query, page, answer: { entries: expected.slice((page - 1) * AUDIT_PAGE, page * AUDIT_PAGE), page, has_more: expected.length > page * AUDIT_PAGE } });
        if (!answer.has_more) break;
      }
    }
    expect(pagesRead).toBeGreaterThan(filters.length + 10);
    const csv = await fetch(`${site.base}${OperatorApi.auditCsv}?type=${SocialEventType.CommentReportedV2}`, { headers: { authorization: `Bearer ${operator.token}` } });
    const rows = (await csv.text()).trim().split('\n').slice(1);
    const reports = truth.audit.filter((entry) => entry.type === SocialEventType.CommentReportedV2);
    expect(rows).toHaveLength(reports.length);
    expect(rows.map((row) => row.split(',').at(-1))).toEqual(reports.map((entry) => entry.event_id));
  }, 120_000);

  it('lists every page of every moderation view as the comments’ events have it', async () => {
    for (const view of MODERATION_VIEWS) {
      const expected = truth.views[view];
      const pages = Math.max(1, Math.ceil(expected.length / MODERATION_PAGE_SIZE));
      if (view === 'all') expect(pages).toBeGreaterThan(10);
      for (let page = 1; page <= pages + 1; page++) {
        const answer = await get<ModerationQueueResponse>(`${OperatorApi.moderation}?view=${view}&page=${page}`);
        const items = expected.slice((page - 1) * MODERATION_PAGE_SIZE, page * MODERATION_PAGE_SIZE);
        expect({ view, page, answer }).toEqual({ view, page, answer: { items, total: expected.length, page, pages } });
      }
    }
  }, 120_000);

  it('reads the store by _id alone, a bounded number of documents, however deep the page', async () => {
    const counted = async (path: string) => {
      finds.length = 0;
      await get(path);
      expect(finds.filter(({ filter }) => !isIdLookup(filter))).toEqual([]);
      return finds.length;
    };
    const lastAudit = Math.ceil(truth.audit.length / AUDIT_PAGE);
    const lastAll = Math.ceil(truth.views.all.length / MODERATION_PAGE_SIZE);
    // The heads of 16 partitions, a page or two of each part drawn from, each actor's name, and the operator's account.
    const bound = 16 + 2 * 16 + AUDIT_PAGE + 10;
    for (const path of [
      OperatorApi.audit,
      `${OperatorApi.audit}?page=${Math.ceil(lastAudit / 2)}`,
      `${OperatorApi.audit}?page=${lastAudit}`,
      `${OperatorApi.audit}?type=${SocialEventType.CommentReportedV2}&page=3`,
      `${OperatorApi.audit}?actor=${readers[0]}`,
      `${OperatorApi.audit}?from=${truth.audit[300].occurred_at}&to=${truth.audit[200].occurred_at}`,
      `${OperatorApi.moderation}?view=all`,
      `${OperatorApi.moderation}?view=all&page=${lastAll}`,
      `${OperatorApi.moderation}?view=review&page=2`,
    ])
    {
      const count = await counted(path);
      expect({ path, count }).toEqual({ path, count: Math.min(Math.max(count, 1), bound) });
    }
  });
});

/** A filter the store answers from its primary key: exactly `{ _id: <string> }`. */
const isIdLookup = (filter: unknown) => {
  if (!filter || typeof filter !== 'object') return false;
  const keys = Object.keys(filter);
  return keys.length === 1 && keys[0] === '_id' && typeof (filter as { _id: unknown })._id === 'string';
};

/** What the audit trail and the moderation views hold, read naively from every event of the log. */
async function fromTheLog(site: TestSite, operator: Reader): Promise<Truth> {
  const stored = await site.store.db!.collection<StoredEventDocument>(EventLogCollection.Events).find({}).toArray();
  const events = stored.map((doc) => ({ ...toDomainEvent(doc), id: doc.eventId }));
  const names = new Map(events.flatMap((event) => (event.type === 'user.registered.v2' ? [[event.data.userId, event.data.username] as const] : [])));
  names.set(operator.user.user_id, operator.user.username);
  const audit = events
    .filter((event) => isAuditedEventType(event.type))
    .sort((a, b) => (b.occurredAt > a.occurredAt ? 1 : b.occurredAt < a.occurredAt ? -1 : b.version - a.version || (b.id > a.id ? 1 : -1)))
    .map((event) => {
      const audited = event as Extract<typeof event, { type: AuditedEventType }>;
      const record = auditRecord(audited);
      return { event_id: event.id, type: event.type, actor: event.metadata.actor, occurred_at: event.occurredAt, ...record, actor_name: names.get(event.metadata.actor) ?? null };
    })
    .map(({ event_id, type, actor, actor_name, target, target_kind, occurred_at, summary }) => ({ event_id, type, actor, actor_name, target, target_kind, occurred_at, summary }));

  const byComment = new Map<string, CommentEvent[]>();
  for (const event of events)
    if (event.streamId.startsWith('comment-') && 'comment_id' in event.data) byComment.set(event.streamId, [...(byComment.get(event.streamId) ?? []), event as CommentEvent]);
  const reported: { doc: ModerationState; comment: ModeratedCommentReadModel }[] = [];
  for (const stream of byComment.values()) {
    let doc: ModerationState | null = null;
    let comment: ModeratedCommentReadModel | null = null;
    for (const event of stream.sort((a, b) => a.version - b.version)) {
      if (event.type === SocialEventType.CommentLiked || event.type === SocialEventType.CommentUnliked) continue;
      comment = reduceModeratedComment(comment, event as ModeratedCommentEvent) ?? comment;
      if (event.type !== SocialEventType.CommentPosted && event.type !== SocialEventType.CommentEdited) doc = reduceModeration(doc, event) ?? doc;
    }
    if (doc && comment) reported.push({ doc, comment });
  }
  const sorted = (view: ModerationView): ModerationItem[] =>
    reported
      .filter(({ doc }) => inModerationView(view, doc))
      .sort((a, b) => (moderationViewKey(a.doc) < moderationViewKey(b.doc) ? -1 : 1))
      .map(({ doc, comment: { _id: _comment, version: _version, ...comment } }) => ({
        comment,
        book_title: `Book ${doc.book_id}`,
        status: doc.status,
        removed_by: doc.removed_by,
        open_reports: doc.open_reports,
        total_reports: doc.total_reports,
        reasons: doc.reasons,
        first_reported_at: doc.first_reported_at,
        last_reported_at: doc.last_reported_at,
        needs_review: doc.needs_review,
      }));
  return { audit, views: { review: sorted('review'), removed: sorted('removed'), all: sorted('all') } };
}
