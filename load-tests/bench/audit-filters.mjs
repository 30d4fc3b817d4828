// The operators' reads at scale (issue 34): every audit-trail filter and moderation-queue view the API offers, answered
// over HTTP by the API over a log of COMMENTS reported comments (50,000: the queue holds 50,000 entries, the audit
// trail more), on the embedded stack (FerretDB, Redis, MailDev on free loopback ports, throw-away data).
//
// It first measures the store's own limits in this run (insertMany documents/s, `_id` lookups/s, one scan of a
// collection of 50,000 audit-entry documents), then registers operators through the account commands, writes the log
// in bulk in the stored shapes (lib/moderation-log.mjs), projects it with `projections:rebuild` (the real projectors),
// starts the API and asks each filter REQUESTS times, one request at a time: p50/p95 per filter, and the p95 as a
// multiple of one `_id` lookup and as a share of one scan.
//
// Usage: node load-tests/bench/audit-filters.mjs [--quick]   (build first: npx tsc -b). COMMENTS=50000 by default,
// --quick 5,000; REQUESTS=20 per filter (fewer when a filter takes longer than BUDGET_MS=10000 in all, at least 3).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { benchEnv, freePort, LocalServices, root } from './lib/local-services.mjs';
import { writeModerationLog } from './lib/moderation-log.mjs';

const require = createRequire(import.meta.url);
const { MongoClient } = require('mongodb');
const { JwtService } = require('@nestjs/jwt');
const { NestFactory } = require('@nestjs/core');
const { CommandBus } = require('@nestjs/cqrs');
const { AUDITED_EVENT_TYPES, AccountEventType, OperatorApi, SocialEventType } = require('@shelf/contracts');
const { OperatorsCliModule } = require('../../backend/dist/modules/operators/cli/operators-cli.module.js');
const { RegisterUserCommand } = require('../../backend/dist/modules/accounts/application/register-user.command.js');
const { ChangeOperatorRoleCommand } = require('../../backend/dist/modules/accounts/application/change-operator-role.command.js');
const { AccountDirectory } = require('../../backend/dist/modules/accounts/application/account-directory.js');
const { accessTokenKey, ACCESS_TOKEN_LIFETIME } = require('../../backend/dist/modules/accounts/api/access-token-key.js');

const quick = process.argv.includes('--quick');
const COMMENTS = Number(process.env.COMMENTS ?? (quick ? 5_000 : 50_000));
const READERS = Number(process.env.READERS ?? (quick ? 2_000 : 20_000));
const REQUESTS = Number(process.env.REQUESTS ?? 20);
const BUDGET_MS = Number(process.env.BUDGET_MS ?? 10_000);
const PROBE_DOCS = 50_000;
const OPERATORS = 4;

const int = (n) => Math.round(n).toLocaleString('en-US');
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const quantile = (values, q) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))];

/** The store alone: documents/s of insertMany, `_id` lookups/s one at a time, and one scan of PROBE_DOCS documents. */
async function storeLimits(db) {
  const probe = db.collection('bench_store_limits');
  const doc = (i) => ({
    _id: `entry-${i}`,
    event_id: randomUUID(),
    type: SocialEventType.CommentReportedV2,
    actor: randomUUID(),
    target: randomUUID(),
    target_kind: 'comment',
    occurred_at: new Date(Date.now() - i).toISOString(),
    summary: 'Reported (Spam or advertising); 3 open reports',
  });
  let started = performance.now();
  for (let i = 0; i < PROBE_DOCS; i += 2_500) await probe.insertMany(Array.from({ length: 2_500 }, (_, j) => doc(i + j)), { ordered: false });
  const insertPerSecond = PROBE_DOCS / ((performance.now() - started) / 1000);
  const lookups = 2_000;
  started = performance.now();
  for (let i = 0; i < lookups; i++) await probe.findOne({ _id: `entry-${Math.floor(Math.random() * PROBE_DOCS)}` });
  const lookupMs = (performance.now() - started) / lookups;
  const scans = [];
  for (let i = 0; i < 3; i++) {
    started = performance.now();
    await probe.find({ actor: 'nobody' }).toArray();
    scans.push(performance.now() - started);
  }
  await probe.drop();
  return { insertPerSecond, lookupMs, scanMs: quantile(scans, 0.5) };
}

/** Registers the operators through the account commands; resolves with their ids and usernames. */
async function registerOperators(env) {
  const app = await NestFactory.createApplicationContext(OperatorsCliModule.register(env), { logger: ['error'] });
  try {
    const operators = [];
    for (let i = 0; i < OPERATORS; i++) {
      const email = `operator${i}@bench.test`;
      const username = `Operator${i}`;
      await app.get(CommandBus).execute(new RegisterUserCommand(email, 'an operator passphrase', username));
      await app.get(CommandBus).execute(new ChangeOperatorRoleCommand(email, true, 'operators-cli:bench'));
      operators.push({ id: await app.get(AccountDirectory).idOfUsername(username), username, email });
    }
    return operators;
  } finally {
    await app.close();
  }
}

/** Runs a command of the workers to its end; resolves with its duration. */
function run(args, env) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout.on('data', (chunk) => {
      const last = String(chunk).trim().split('\n').at(-1);
      if (last) process.stdout.write(`\r  ${last.slice(0, 100).padEnd(100)}`);
    });
    child.once('exit', (code) => (code === 0 ? resolve(performance.now() - started) : reject(new Error(`${args.join(' ')} exited with ${code}`))));
  });
}

/** What the log holds, counted from the events themselves: the filters' parameters are chosen from it. */
async function logFacts(db) {
  const audited = await db
    .collection('events')
    .find({ type: { $in: Object.keys(AUDITED_EVENT_TYPES) } }, { projection: { type: 1, data: 1, metadata: 1, occurredAt: 1 } })
    .toArray();
  const count = (map, key) => map.set(key, (map.get(key) ?? 0) + 1);
  const actors = new Map();
  const targets = new Map();
  const types = new Map();
  const times = [];
  for (const event of audited) {
    count(actors, event.metadata.actor);
    count(targets, event.data.comment_id ?? event.data.userId);
    count(types, event.type);
    times.push(event.occurredAt.getTime());
  }
  times.sort((a, b) => a - b);
  return { actors, targets, types, times };
}

const closest = (map, wanted, except = () => false) =>
  [...map].filter(([key]) => !except(key)).reduce((best, entry) => (Math.abs(entry[1] - wanted) < Math.abs(best[1] - wanted) ? entry : best));

async function main() {
  const local = new LocalServices('shelf-audit-bench-');
  try {
    const services = await local.startServices();
    const env = benchEnv(services, 'audit_bench', { queuePrefix: 'audit-bench', ADMIN_USER: '', ADMIN_PASSWORD: '' });
    const client = await MongoClient.connect(env.MONGO_URL);
    const db = client.db();

    const limits = await storeLimits(db);
    console.log('The store alone (FerretDB on SQLite), measured in this run:');
    console.log(`  insertMany: ${int(limits.insertPerSecond)} documents/s`);
    console.log(`  _id lookup: ${limits.lookupMs.toFixed(2)} ms (${int(1000 / limits.lookupMs)} lookups/s, one at a time)`);
    console.log(`  a scan of ${int(PROBE_DOCS)} audit-entry documents (a filter matching none): ${limits.scanMs.toFixed(0)} ms`);

    const operators = await registerOperators(env);
    let started = performance.now();
    const written = await writeModerationLog(db, {
      comments: COMMENTS,
      readers: READERS,
      threads: Math.max(100, Math.round(COMMENTS / 25)),
      operators: operators.map((operator) => operator.id),
      onProgress: (n) => process.stdout.write(`\r  writing the log: ${int(n)} events`),
    });
    console.log(`\nLog: ${int(COMMENTS)} reported comments, ${int(written.audited)} audited events, written in ${seconds(performance.now() - started)}`);
    const rebuildMs = await run(['workers/dist/cli/rebuild.js', 'users', 'comment-threads', 'moderation', 'audit-trail'], env);
    console.log(`\nProjected by projections:rebuild (users, comment-threads, moderation, audit-trail) in ${seconds(rebuildMs)}`);

    const facts = await logFacts(db);
    await client.close();
    const port = await freePort();
    const api = local.spawn('api', process.execPath, ['backend/dist/main.js'], { env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' }, ready: /API listening/ });
    await api.started;
    const operator = operators[0];
    const jwt = new JwtService({ secret: accessTokenKey({ authSecret: env.AUTH_SECRET }), signOptions: { expiresIn: ACCESS_TOKEN_LIFETIME, algorithm: 'HS256' } });
    const token = jwt.sign({ sub: operator.id, username: operator.username, email: operator.email, email_verified: true });
    const get = async (path) => {
      const response = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { authorization: `Bearer ${token}` } });
      const text = await response.text();
      return { status: response.status, text };
    };

    const busyOperator = [...facts.actors].filter(([actor]) => operators.some((o) => o.id === actor)).sort((a, b) => b[1] - a[1])[0];
    const rareActor = closest(facts.actors, 3);
    const busyTarget = [...facts.targets].sort((a, b) => b[1] - a[1])[0];
    const readers = new Set(written.readers);
    const userTarget = closest(facts.targets, 4, (key) => !readers.has(key));
    const at = (q) => new Date(facts.times[Math.floor(q * (facts.times.length - 1))]).toISOString();
    const windowFrom = at(0.5);
    const windowTo = at(0.51);
    const typeCount = (type) => facts.types.get(type) ?? 0;
    const audit = (query, page) => `${OperatorApi.audit}?${new URLSearchParams({ ...query, ...(page ? { page: String(page) } : {}) })}`;
    const filters = [
      ['audit: no filter, page 1', audit({}), facts.times.length],
      ['audit: no filter, page 20', audit({}, 20), facts.times.length],
      ['audit: no filter, page 200', audit({}, 200), facts.times.length],
      ['audit: actor, a busy operator', audit({ actor: busyOperator[0] }), busyOperator[1]],
      ['audit: actor by username, any case', audit({ actor: operator.username.toUpperCase() }), facts.actors.get(operator.id)],
      ['audit: actor, a reader', audit({ actor: rareActor[0] }), rareActor[1]],
      ['audit: actor matching nothing', audit({ actor: 'nobody-at-all' }), 0],
      ['audit: target, the most audited comment', audit({ target: busyTarget[0] }), busyTarget[1]],
      ['audit: target, a reader', audit({ target: userTarget[0] }), userTarget[1]],
      ['audit: type, operator granted (rare)', audit({ type: AccountEventType.OperatorGranted }), typeCount(AccountEventType.OperatorGranted)],
      ['audit: type, reports dismissed', audit({ type: SocialEventType.CommentReportsDismissed }), typeCount(SocialEventType.CommentReportsDismissed)],
      ['audit: type, reported, page 1', audit({ type: SocialEventType.CommentReportedV2 }), typeCount(SocialEventType.CommentReportedV2)],
      ['audit: type, reported, page 20', audit({ type: SocialEventType.CommentReportedV2 }, 20), typeCount(SocialEventType.CommentReportedV2)],
      ['audit: from–to, 1 % of the log', audit({ from: windowFrom, to: windowTo }), Math.round(facts.times.length / 100)],
      ['audit: from–to and type', audit({ from: windowFrom, to: windowTo, type: SocialEventType.CommentReportsDismissed }), null],
      ['audit: actor and type', audit({ actor: busyOperator[0], type: SocialEventType.CommentReportsDismissed }), null],
      ['audit CSV: no filter (10,000 rows)', `${OperatorApi.auditCsv}`, 10_000],
      ['audit CSV: target', `${OperatorApi.auditCsv}?target=${busyTarget[0]}`, busyTarget[1]],
      ['moderation: review, page 1', `${OperatorApi.moderation}?view=review`, null],
      ['moderation: review, page 100', `${OperatorApi.moderation}?view=review&page=100`, null],
      ['moderation: removed, page 1', `${OperatorApi.moderation}?view=removed`, null],
      ['moderation: all, page 1', `${OperatorApi.moderation}?view=all`, null],
      ['moderation: all, last page', `${OperatorApi.moderation}?view=all&page=${Math.ceil(COMMENTS / 20)}`, null],
    ];

    console.log(`\nEach filter asked ${REQUESTS} times one after another (fewer past ${seconds(BUDGET_MS)}, at least 3), after 2 unmeasured:`);
    console.log(`${'filter'.padEnd(40)} ${'matches'.padStart(8)} ${'answer'.padStart(9)} ${'p50'.padStart(9)} ${'p95'.padStart(9)} ${'p95 in lookups'.padStart(15)} ${'p95 / scan'.padStart(11)}`);
    const rows = [];
    for (const [name, path, matches] of filters) {
      for (let i = 0; i < 2; i++) await get(path);
      const times = [];
      const statuses = new Set();
      let answer = '';
      const began = performance.now();
      while (times.length < REQUESTS && (times.length < 3 || performance.now() - began < BUDGET_MS)) {
        const t = performance.now();
        const { status, text } = await get(path);
        times.push(performance.now() - t);
        statuses.add(status);
        answer = describeAnswer(status, text);
      }
      const p50 = quantile(times, 0.5);
      const p95 = quantile(times, 0.95);
      rows.push({ name, p50, p95, statuses: [...statuses] });
      console.log(
        `${name.padEnd(40)} ${(matches === null ? '' : int(matches)).padStart(8)} ${answer.padStart(9)} ${`${p50.toFixed(1)} ms`.padStart(9)} ${`${p95.toFixed(1)} ms`.padStart(9)} ${`${(p95 / limits.lookupMs).toFixed(0)} ×`.padStart(15)} ${`${((100 * p95) / limits.scanMs).toFixed(0)} %`.padStart(11)}`,
      );
    }
    const filterRows = rows.filter((row) => !row.name.startsWith('audit CSV'));
    const worst = filterRows.reduce((a, b) => (b.p95 > a.p95 ? b : a));
    console.log(`\nWorst p95 of the filters and views (CSV exports aside): ${worst.p95.toFixed(1)} ms (${worst.name}); target < 100 ms.`);
    const failed = rows.filter((row) => row.statuses.some((status) => status !== 200));
    if (failed.length) console.log(`Answers other than 200: ${failed.map((row) => `${row.name} (${row.statuses.join(', ')})`).join('; ')}`);
  } finally {
    await local.stopAll();
  }
}

/** The answer's size: entries on the page (+ when there are more), rows of a CSV, or the queue's total. */
function describeAnswer(status, text) {
  if (status !== 200) return String(status);
  if (!text.startsWith('{')) return `${text.trim().split('\n').length - 1} rows`;
  const body = JSON.parse(text);
  if (Array.isArray(body.entries)) return `${body.entries.length}${body.has_more ? '+' : ''}`;
  return `${body.items.length}/${int(body.total)}`;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
