// An operators' log written straight into the store in the stored shapes (events, their partition positions, the
// partitions' heads), after whatever the log holds already: readers registered, comments posted in many threads and
// reported (most once, some many times, a tenth report removing them), operators dismissing, removing and restoring,
// suspending readers and lifting suspensions, readers asking for password resets and changing passwords. Each stream's
// events follow the rules the deciders keep (report counts, removal at ten, restore only what is removed), so the
// projections see a log the API could have written. For benchmarks and tests of the audit trail and moderation queue.
import * as contractsModule from '@shelf/contracts';
import { commentPosted } from './comments.mjs';
import { logWriter, storedEvent } from './stored-events.mjs';

// Node gives a CommonJS package's exports as named ones where it can tell them, and always as the default; tests load
// this file compiled to CommonJS, with the contracts' source.
const contracts = contractsModule.partitionId ? contractsModule : contractsModule.default;
const {
  AccountEventType,
  REPORT_REASONS,
  SocialEventType,
  accountStreams,
  isAuditedEventType,
  socialStreams,
} = contracts;

/** A random number generator of its own (mulberry32), so that a seed gives the same log every time. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Writes a log with `comments` reported comments. `operators` are user ids (already registered) whose decisions the
 * log holds; `readers` readers are registered in it. Timestamps start `spanMs` before now and are `stepMs` apart.
 * Resolves with what was written, for checks: the comments' ids, the readers' ids, and the count of audited events.
 */
export async function writeModerationLog(
  db,
  { comments: total, readers: readerCount = 2_000, threads = 500, operators, seed = 1, stepMs = 20, batch = 5_000, onProgress = () => {} },
) {
  const rand = random(seed);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const uuid = () => {
    const hex = Array.from({ length: 32 }, () => Math.floor(rand() * 16).toString(16)).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20)}`;
  };
  const store = await logWriter(db);
  const versions = new Map();
  const readers = Array.from({ length: readerCount }, () => uuid());
  const posted = [];
  const unreported = [];
  const reported = [];
  // About where the last event lands now: readers' registrations, then each comment posted with about 1.3 audited events.
  let clock = Date.now() - (stepMs + 1) * (readerCount + total * 2.4);
  let audited = 0;
  let pending = [];
  let written = 0;

  const append = (streamId, type, data, actor) => {
    const version = (versions.get(streamId) ?? 0) + 1;
    versions.set(streamId, version);
    clock += 1 + Math.floor(rand() * 2 * stepMs);
    if (isAuditedEventType(type)) audited += 1;
    pending.push(storedEvent({ eventId: uuid(), streamId, version, type, data, metadata: { actor, correlationId: uuid(), causationId: null }, occurredAt: new Date(clock) }));
  };
  const flush = async () => {
    if (pending.length === 0) return;
    const docs = pending;
    pending = [];
    await store(docs);
    written += docs.length;
    onProgress(written);
  };
  const step = async () => {
    if (pending.length >= batch) await flush();
  };

  for (const userId of readers) {
    append(accountStreams.user(userId), AccountEventType.UserRegisteredV2, { userId, email: `${userId}@bench.test`, username: `Reader ${userId.slice(0, 8)}`, credentialId: uuid() }, userId);
    await step();
  }
  const ref = (comment) => ({ comment_id: comment.id, book_id: comment.book, chapter_id: comment.chapter });
  const report = (comment) => {
    // A removed comment takes no more reports (the decider refuses them).
    if (comment.removed) return;
    let reporter = pick(readers);
    while (reporter === comment.author || comment.reporters.has(reporter)) reporter = pick(readers);
    comment.reporters.add(reporter);
    comment.open += 1;
    const reason = rand() < 0.3 ? null : pick(REPORT_REASONS);
    append(socialStreams.comment(comment.id), SocialEventType.CommentReportedV2, { ...ref(comment), reporter_id: reporter, report_count: comment.open, reason }, reporter);
    if (comment.open >= 10 && !comment.removed) {
      comment.removed = true;
      append(socialStreams.comment(comment.id), SocialEventType.CommentRemoved, ref(comment), reporter);
    }
  };
  const decide = (comment) => {
    const operator = pick(operators);
    const stream = socialStreams.comment(comment.id);
    if (comment.removed && rand() < 0.5) {
      comment.removed = false;
      comment.open = 0;
      append(stream, SocialEventType.CommentRestored, ref(comment), operator);
    } else if (!comment.removed && comment.open > 0 && rand() < 0.7) {
      append(stream, SocialEventType.CommentReportsDismissed, { ...ref(comment), dismissed_reports: comment.open }, operator);
      comment.open = 0;
    } else if (!comment.removed) {
      comment.removed = true;
      append(stream, SocialEventType.CommentRemovedByOperator, ref(comment), operator);
    }
  };
  const account = () => {
    const userId = pick(readers);
    const stream = accountStreams.user(userId);
    const roll = rand();
    if (roll < 0.4) append(stream, AccountEventType.PasswordResetRequested, { userId, email: `${userId}@bench.test`, username: `Reader ${userId.slice(0, 8)}` }, userId);
    else if (roll < 0.8) append(stream, AccountEventType.PasswordChangedV2, { userId, credentialId: uuid() }, userId);
    else if (roll < 0.95) {
      const until = rand() < 0.3 ? null : new Date(clock + 7 * 86_400_000).toISOString();
      append(stream, AccountEventType.CommentingSuspended, { userId, until, reason: 'Spam in comments' }, pick(operators));
    } else append(stream, AccountEventType.CommentingSuspensionLifted, { userId }, pick(operators));
  };

  while (posted.length < total || unreported.length > 0) {
    const roll = rand();
    if (posted.length < total && roll < 0.45) {
      const thread = Math.floor(rand() * threads);
      const author = pick(readers);
      const comment = { id: uuid(), book: 1 + (thread % 97), chapter: thread < threads / 5 ? null : 1000 + thread, author, reporters: new Set(), open: 0, removed: false };
      posted.push(comment);
      unreported.push(comment);
      const data = commentPosted({
        commentId: comment.id,
        thread: { book_id: comment.book, chapter_id: comment.chapter },
        author: { id: author, username: `Reader ${author.slice(0, 8)}`, emailHash: 'moderation-log' },
        content: 'A comment of the moderation log, about as long as most comments readers leave under a chapter.',
      });
      append(socialStreams.comment(comment.id), SocialEventType.CommentPosted, data, author);
    } else if (unreported.length > 0 && roll < 0.8) {
      const at = Math.floor(rand() * unreported.length);
      const comment = unreported[at];
      unreported[at] = unreported.at(-1);
      unreported.pop();
      reported.push(comment);
      report(comment);
    } else if (reported.length > 0 && roll < 0.93) {
      // A few comments draw many reports: later reports go to the most reported more often.
      report(rand() < 0.3 ? reported[Math.floor(rand() * Math.min(reported.length, 200))] : pick(reported));
    } else if (reported.length > 0 && roll < 0.98) decide(pick(reported));
    else account();
    await step();
  }
  await flush();
  return { comments: posted.map((comment) => comment.id), readers, audited };
}
