// Log migration rate (issue 37): `npm run log:migrate` over a log stored before sealing, on the embedded stack
// (FerretDB, Redis, MailDev on free loopback ports, throw-away data). It writes a log of EVENTS events in the stored
// shapes: the synthetic log (80 % story likes, 20 % comments and replies with their text in plain) and 5 % of v1
// account events of its readers (registrations and password changes with a hash in them); then runs the command as an
// operator does with nothing else appending (so it copies, verifies and switches in one run) and prints events/s of the
// whole run and of each phase, from the command's own progress lines.
//
// Usage: node load-tests/bench/log-migration.mjs   (build first: npx tsc -b). EVENTS=20000 by default. The figures also
// go to load-tests/results/log-migration-<date>.json.
import * as contractsModule from '@shelf/contracts';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { saveFigures } from './lib/figures.mjs';
import { benchEnv, LocalServices, root } from './lib/local-services.mjs';
import { logWriter, storedEvent } from './lib/stored-events.mjs';
import { writeSyntheticLog } from './lib/synthetic-log.mjs';

const require = createRequire(import.meta.url);
const { MongoClient } = require('mongodb');
const contracts = contractsModule.partitionId ? contractsModule : contractsModule.default;
const { AccountEventType, accountStreams } = contracts;

const EVENTS = Number(process.env.EVENTS ?? 20_000);
const ACCOUNT_EVENTS = Math.round(EVENTS * 0.05);
const READERS = 2_000;
/** The shape of an argon2id hash: the migration moves it, it never checks it. */
const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$' + 'h'.repeat(43);

/** v1 account events of the synthetic log's readers: each a registration, then password changes. */
async function writeAccountEvents(db) {
  const write = await logWriter(db);
  const metadata = { actor: 'log-migration-bench', correlationId: randomUUID(), causationId: null };
  const docs = [];
  for (let n = 0; n < ACCOUNT_EVENTS; n++) {
    const [userId, version] = [`reader-${n % READERS}`, Math.floor(n / READERS) + 1];
    const data = version === 1 ? { userId, email: `${userId}@example.test`, username: userId, passwordHash: HASH } : { userId, passwordHash: HASH };
    const type = version === 1 ? AccountEventType.UserRegistered : AccountEventType.PasswordChanged;
    docs.push(storedEvent({ streamId: accountStreams.user(userId), version, type, data, metadata, occurredAt: new Date() }));
  }
  await write(docs);
}

/** Runs the command; resolves with its time, its output and when each phase's first line came. */
function runMigration(env) {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn(process.execPath, [join(root, 'workers/dist/log-migration/main.js')], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    const phases = {};
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      for (const line of String(chunk).split('\n')) {
        const phase = /^(copy|catch-up|waiting|verifying|switching)\b/.exec(line.trim())?.[1];
        if (phase && !(phase in phases)) phases[phase] = Date.now() - started;
      }
      const last = String(chunk).trim().split('\n').at(-1);
      if (last) process.stdout.write(`\r${last.slice(0, 100).padEnd(100)}`);
    });
    child.once('exit', (code) => (code === 0 ? resolve({ ms: Date.now() - started, phases, output }) : reject(new Error(`the migration exited with ${code}:\n${output}`))));
  });
}

async function main() {
  const local = new LocalServices('shelf-log-migration-bench-');
  try {
    const services = await local.startServices();
    const env = benchEnv(services, 'log_migration_bench', { queuePrefix: 'log-migration-bench' });
    const client = await MongoClient.connect(env.MONGO_URL);
    await writeSyntheticLog(client.db(), { events: EVENTS - ACCOUNT_EVENTS, readers: READERS, books: 200, threads: 500, batch: 5_000 });
    await writeAccountEvents(client.db());
    await client.close();
    console.log(`Wrote a log of ${EVENTS.toLocaleString('en-US')} events (${ACCOUNT_EVENTS} v1 account events of ${READERS} readers).`);
    const { ms, phases, output } = await runMigration(env);
    const order = Object.entries(phases).sort((a, b) => a[1] - b[1]);
    const spans = order.map(([phase, at], i) => `${phase} ${(((order[i + 1]?.[1] ?? ms) - at) / 1000).toFixed(1)} s`);
    const rate = EVENTS / (ms / 1000);
    console.log(`\nMigrated ${EVENTS.toLocaleString('en-US')} events in ${(ms / 1000).toFixed(1)} s: ${Math.round(rate)} events/s (start-up ${((order[0]?.[1] ?? 0) / 1000).toFixed(1)} s; ${spans.join(', ')})`);
    for (const line of output.split('\n').filter((line) => /events copied|switched/.test(line))) console.log(`  ${line}`);
    console.log(`Figures: ${saveFigures('log-migration', { events: EVENTS, accountEvents: ACCOUNT_EVENTS, ms, rate, phases })}`);
  } finally {
    await local.stopAll();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
