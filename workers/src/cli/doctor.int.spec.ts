// `npm run doctor` on the real store, Redis and SMTP catcher: a caught-up site, an event not yet projected, a parked
// event and an unsent e-mail, and a Redis that does not answer. The report is built by runDoctor; the command line
// (workers/dist, as `npm run doctor` runs it) is run once healthy and once with Redis away.
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { getConnectionToken } from '@nestjs/mongoose';
import {
  AccountEventType,
  type CatalogEvent,
  EventLogCollection,
  eventDocumentId,
  MailCollection,
  type MailOutboxDocument,
  partitionId,
  type PartitionHeadDocument,
  partitionKey,
  partitionOf,
  positionId,
  PERSONAL_KEYS_COLLECTION,
  type PersonalKeyDocument,
  type PositionDocument,
  type StoredEventDocument,
  UNOPENABLE_FIELDS_COLLECTION,
} from '@shelf/contracts';
import { type EnvVariables, readEnv, UnopenableField } from '@shelf/server-config';
import { testEnv } from '@test/support';
import type { Db } from 'mongodb';
import type { Connection } from 'mongoose';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { serviceEnvSchema } from '../config/service-env.schema';
import type { DoctorReport } from '../doctor/doctor-report';
import { runDoctor } from '../doctor/run-doctor';
import { PartitionRunner, type Projector, PROJECTORS } from '../engine';
import { dropLogBackup } from '../log-migration/log-backup';
import { LOG_MIGRATION_COLLECTION, type LogMigrationCheckpoint } from '../log-migration/log-migration';
import { personalKeysOf } from '../log/personal-keys-of';
import { WorkersModule } from '../workers.module';

const metadata = (name: string) => ({
  book_id: 7, english_book_name: name, original_book_name: '', associated_names: [], author: 'A', cover_image: '',
  raw_source: '', description: '', book_tl_note: '', diversities: 'Danmei/BL', original_languages: 'Chinese',
  completion_statuses: 'Ongoing', endings: 'Happy Ending', genres: ['Romance'], settings: ['Modern'], tags: ['Sweet'],
  part_of_series: [], shared_universe: [], similar_theme: [],
});
const bookEvent = (version: number, type: CatalogEvent['type'], name: string): CatalogEvent =>
  ({
    id: `doctor-book-7-${version}`, streamId: 'book-7', version, type, data: metadata(name),
    metadata: { actor: 't', correlationId: 'c', causationId: null }, occurredAt: new Date().toISOString(),
  }) as CatalogEvent;

/** Appends as the API's event store does: a position drawn in the event's partition, written, then the event. */
async function append(db: Db, event: CatalogEvent): Promise<{ partition: number; seq: number }> {
  const partition = partitionOf(partitionKey(event.streamId, event.type, event.data));
  const drawn = await db
    .collection<PartitionHeadDocument>(EventLogCollection.Partitions)
    .findOneAndUpdate({ _id: partitionId(partition) }, { $inc: { head: 1 } }, { upsert: true, returnDocument: 'after' });
  const seq = drawn!.head;
  const _id = eventDocumentId(event.streamId, event.version);
  await db.collection<PositionDocument>(EventLogCollection.Positions).insertOne({ _id: positionId(partition, seq), partition, seq, eventDocumentId: _id, eventId: event.id, at: new Date() });
  await db.collection<StoredEventDocument>(EventLogCollection.Events).insertOne({
    _id, eventId: event.id, streamId: event.streamId, version: event.version, type: event.type, data: event.data,
    metadata: event.metadata, occurredAt: new Date(event.occurredAt),
  });
  return { partition, seq };
}

/** A port nothing listens on: bound, then closed. */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

describe('npm run doctor', () => {
  const env = testEnv(__filename);
  let app: INestApplicationContext;
  let db: Db;
  let projectors: Projector[];
  let runner: PartitionRunner;
  const doctor = (overrides: EnvVariables = {}) => runDoctor({ env: readEnv(serviceEnvSchema, { ...env, ...overrides }), projectors: async () => projectors });

  beforeAll(async () => {
    app = await NestFactory.createApplicationContext(WorkersModule.register(env, { consume: false }), { logger: ['error'] });
    db = app.get<Connection>(getConnectionToken()).db!;
    projectors = app.get<Projector[]>(PROJECTORS);
    runner = app.get(PartitionRunner);
  });

  afterAll(async () => {
    await runner.letGoAll();
    await db.dropDatabase();
    await app.close();
  });

  it('reports 0 for a site whose dependencies answer and whose projectors are caught up', async () => {
    const { partition } = await append(db, bookEvent(1, 'book.published.v1', 'First Name'));
    await runner.run(partition);

    const report = await doctor();
    expect(report.summary).toMatch(/^OK/);
    expect(report.exitCode).toBe(0);
    const { checks } = report;
    for (const name of ['store', 'redis', 'search', 'smtp', 'workers', 'projections', 'parked', 'mailOutbox', 'readModels', 'personalKeys'] as const) {
      expect({ name, status: checks[name].status }).toEqual({ name, status: 'ok' });
    }
    expect(checks.store.data?.server).toMatch(/^(FerretDB|MongoDB) /);
    expect(checks.redis.data).toMatchObject({ maxmemoryPolicy: 'noeviction', aof: true });
    expect(checks.search.data).toEqual({ engine: 'embedded' });
    expect(checks.workers.data?.projectors).toEqual(projectors.map((projector) => projector.name));
    expect(checks.projections.data?.source).toBe('workers');
    for (const { name } of projectors) expect(checks.projections.data?.projectors[name]).toEqual({ behind: 0, partitions: {} });
    expect(checks.projections.details.every((line) => line.endsWith('up to date'))).toBe(true);
    expect(checks.parked.data).toEqual({ total: 0, byProjector: {} });
    expect(checks.mailOutbox.data).toEqual({ unsent: 0, failed: 0, failedIds: [], oldestAt: null, oldestAgeMs: null });
    expect(checks.readModels.data?.collections.rm_books).toBe('rm_books');
    expect(checks.readModels.data?.leftovers).toEqual([]);
  });

  it('shows an event appended but not yet projected as behind, in its partition, until it is projected', async () => {
    const event = bookEvent(2, 'book.updated.v1', 'Second Name');
    const { partition } = await append(db, event);

    const report = await doctor();
    expect(report.exitCode).toBe(2);
    expect(report.checks.projections.status).toBe('attention');
    const handlers = projectors.filter((projector) => projector.handles.includes(event.type)).map((projector) => projector.name);
    expect(handlers).toEqual(expect.arrayContaining(['catalog', 'search']));
    // Lag counts log positions: every projector has the position still to pass, those that apply the event and the others.
    for (const { name } of projectors) expect(report.checks.projections.data?.projectors[name]).toEqual({ behind: 1, partitions: { [partitionId(partition)]: 1 } });
    expect(report.checks.projections.details).toContain(`${'catalog'.padEnd(Math.max(...projectors.map((p) => p.name.length)))}  1 behind: ${partitionId(partition)} 1`);
    expect(report.summary).toMatch(/^NEEDS ATTENTION: projections/);

    await runner.run(partition);
    expect((await doctor()).exitCode).toBe(0);
  });

  it('reports a parked event and an unsent e-mail, then nothing once they are dealt with', async () => {
    const event = bookEvent(3, 'book.updated.v1', 'Third Name');
    const { partition, seq } = await append(db, event);
    await runner.run(partition);
    const parked = await runner.parked.park('catalog', partition, seq, event, 'Error: boom', 5);
    const outbox = db.collection<MailOutboxDocument>(MailCollection.Outbox);
    const createdAt = new Date(Date.now() - 90_000);
    await outbox.insertOne({ _id: 'doctor-mail-1', message: { userId: 'doctor-reader', to: 'reader@example.test', subject: 'Hello', text: 'Hi' }, createdAt });

    const report = await doctor();
    expect(report.exitCode).toBe(2);
    expect(report.checks.parked).toMatchObject({ status: 'attention', data: { total: 1, byProjector: { catalog: 1 } } });
    expect(report.checks.parked.details.join('\n')).toContain('npm run projections:parked -- list');
    expect(report.checks.mailOutbox).toMatchObject({ status: 'attention', data: { unsent: 1, failed: 0, failedIds: [], oldestAt: createdAt.toISOString() } });
    expect(report.checks.mailOutbox.data!.oldestAgeMs).toBeGreaterThanOrEqual(90_000);
    expect(report.checks.projections.status).toBe('ok');

    await runner.skipParked(parked._id);
    await outbox.deleteOne({ _id: 'doctor-mail-1' });
    expect((await doctor()).exitCode).toBe(0);
  });

  it('reports a sealed field that does not open under its live key, and keys stored unwrapped', async () => {
    const keys = personalKeysOf(db);
    const by = { actor: 'reader-d', correlationId: 'doctor', causationId: null };
    const { username } = (await keys.seal(AccountEventType.UsernameChanged, { userId: 'reader-d', username: 'Doctored' }, by)) as { username: string };
    const moved = { _id: 'user-reader-d:0000000002', eventId: 'e-moved', streamId: 'user-reader-d', version: 2, type: AccountEventType.UserRegisteredV2, data: { userId: 'reader-d', username }, metadata: by, occurredAt: new Date() };
    await expect(keys.open(moved)).rejects.toThrow(UnopenableField);
    await db.collection<PersonalKeyDocument>(PERSONAL_KEYS_COLLECTION).insertOne({ _id: 'reader-before-wrapping', key: new Uint8Array(32), createdAt: new Date() });

    const report = await doctor();
    expect(report.exitCode).toBe(2);
    expect(report.checks.personalKeys).toMatchObject({ status: 'attention', data: { unopenable: 1, unopenableIds: ['user-reader-d:0000000002/username'], unwrapped: 1 } });
    expect(report.summary).toMatch(/^NEEDS ATTENTION: keys/);

    await db.collection(UNOPENABLE_FIELDS_COLLECTION).deleteMany({});
    expect((await doctor()).checks.personalKeys).toMatchObject({ status: 'warn', data: { unopenable: 0, unwrapped: 1 } });
    // Its first use wraps it.
    await keys.isErased('reader-before-wrapping');
    expect((await doctor()).checks.personalKeys).toMatchObject({ status: 'ok', data: { unopenable: 0, unwrapped: 0 } });
  });

  it('flags rebuild collections no read model points at, without changing the verdict', async () => {
    await db.collection('rm_books__zz1').insertOne({ _id: 'x' } as never);
    try {
      const report = await doctor();
      expect(report.checks.readModels).toMatchObject({ status: 'warn', data: { leftovers: ['rm_books__zz1'] } });
      expect(report.exitCode).toBe(0);
    } finally {
      await db.dropCollection('rm_books__zz1');
    }
  });

  it('flags the log backup log:migrate kept, with its age and what it holds, until npm run log:drop-backup drops it', async () => {
    const checkpoints = db.collection<LogMigrationCheckpoint>(LOG_MIGRATION_COLLECTION);
    const switchedAt = new Date(Date.now() - 3 * 86_400_000);
    const backup = `events_before_migration_${(switchedAt.getTime() - 60_000).toString(36)}`;
    const checkpoint = { _id: 'events' as const, phase: 'switching' as const, backup, copied: 2, rewritten: 1, credentials: 1, chunks: 1, startedAt: switchedAt, updatedAt: switchedAt };
    await checkpoints.insertOne(checkpoint);
    await db.collection(backup).insertMany([{ _id: 'user-1:1', type: 'user.registered.v1', data: { passwordHash: 'old hash', email: 'plain@example.test' } } as never, { _id: 'user-1:2' } as never]);
    // Between the two renames of a switch, what is kept is no backup yet: the command leaves it.
    expect(await dropLogBackup(db)).toEqual({ outcome: 'not-switched', phase: 'switching' });
    await checkpoints.updateOne({ _id: 'events' }, { $set: { phase: 'switched', switchedAt } });

    const report = await doctor();
    expect(report.exitCode).toBe(2);
    expect(report.checks.logBackup).toMatchObject({
      status: 'attention',
      summary: `${backup} kept 3 d, with old password hashes and plain personal data`,
      data: { backups: [{ name: backup, events: 2, since: switchedAt.toISOString() }] },
    });
    expect(report.checks.logBackup.details).toContain(`${backup}: 2 events, kept 3 d`);
    expect(report.checks.logBackup.details.join('\n')).toContain('npm run log:drop-backup');
    expect(report.summary).toMatch(/^NEEDS ATTENTION: log backup/);

    const dropped = await new Promise<{ code: number; stdout: string }>((resolve) =>
      execFile(process.execPath, [join(__dirname, '../../dist/log-migration/drop-backup.js')], { env, timeout: 30_000 }, (error, stdout) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout })),
    );
    expect(dropped).toEqual({ code: 0, stdout: `Dropped ${backup} (2 events, kept since ${switchedAt.toISOString()}).\nNo rollback of the log migration from now on.\n` });
    expect(await db.listCollections({ name: backup }).toArray()).toEqual([]);
    expect(await checkpoints.findOne({ _id: 'events' })).toMatchObject({ phase: 'switched', backupDroppedAt: expect.any(Date) });
    expect((await doctor()).checks.logBackup).toMatchObject({ status: 'ok', summary: 'none kept', data: { backups: [] } });
    expect(await dropLogBackup(db)).toEqual({ outcome: 'none' });
    await checkpoints.deleteOne({ _id: 'events' });
  });

  it('reports a Redis that does not answer as down, within the time limit, with exit code 1', async () => {
    const started = Date.now();
    const report = await doctor({ REDIS_URL: `redis://127.0.0.1:${await closedPort()}` });
    expect(Date.now() - started).toBeLessThan(3000 + 2000);
    expect(report.exitCode).toBe(1);
    expect(report.checks.redis.status).toBe('down');
    expect(report.checks.store.status).toBe('ok');
    expect(report.summary).toMatch(/^DOWN: redis/);
  });

  it('reports a store that does not answer as down, and skips what only the store can tell', async () => {
    const loader = jest.fn(async () => projectors);
    const report = await runDoctor({ env: readEnv(serviceEnvSchema, { ...env, MONGO_URL: `mongodb://127.0.0.1:${await closedPort()}/doctor` }), projectors: loader, timeoutMs: 1000 });
    expect(report.exitCode).toBe(1);
    expect(report.checks.store.status).toBe('down');
    expect(report.checks.search).toMatchObject({ status: 'down', data: { engine: 'embedded' } });
    expect(report.checks.redis.status).toBe('ok');
    for (const name of ['workers', 'projections', 'parked', 'mailOutbox', 'readModels', 'personalKeys'] as const) expect(report.checks[name].status).toBe('skipped');
    expect(loader).not.toHaveBeenCalled();
  });

  describe('the command line', () => {
    const cli = join(__dirname, '../../dist/cli/doctor.js');
    // Built by `tsc -b` (npm run build, or the type-check `npm test` runs first).
    const built = existsSync(cli) ? it : it.skip;
    const run = (extra: Record<string, string>, args: string[]) =>
      new Promise<{ code: number; stdout: string }>((resolve) => {
        const childEnv = { ...env, ...extra };
        execFile(process.execPath, [cli, ...args], { env: childEnv, timeout: 30_000 }, (error, stdout) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout }));
      });

    built('prints the report as JSON and exits 0 on a healthy site', async () => {
      const { code, stdout } = await run({}, ['--json']);
      const report = JSON.parse(stdout) as DoctorReport;
      expect({ code, exitCode: report.exitCode, summary: report.summary }).toEqual({ code: 0, exitCode: 0, summary: expect.stringMatching(/^OK/) });
      expect(report.checks.workers.data?.projectors).toEqual(projectors.map((projector) => projector.name));
    });

    built('prints a line per check and exits 1 when Redis does not answer', async () => {
      const { code, stdout } = await run({ REDIS_URL: `redis://127.0.0.1:${await closedPort()}` }, []);
      expect(code).toBe(1);
      expect(stdout).toMatch(/^DOWN\s+redis\s+\d+ ms\s+down · /m);
      expect(stdout).toMatch(/^ok\s+store\s/m);
      expect(stdout.trim().split('\n').at(-1)).toMatch(/^DOWN: redis/);
    });
  });
});
