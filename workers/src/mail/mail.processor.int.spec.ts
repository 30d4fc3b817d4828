// A job goes through BullMQ on the real Redis to the workers' mail processor, which sends it through a real SMTP
// exchange to the catcher, where the test reads it back. The delivery guarantees are tested through a gate in front of
// the catcher (a TCP relay of the SMTP exchange that can refuse every connection, or hold back the catcher's
// acceptance of a message and kill the worker process at that moment), with the built workers (workers/dist, as
// `npm start` runs them) and the built `npm run projections:parked` command.
import type { INestApplicationContext, LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { getConnectionToken } from '@nestjs/mongoose';
import {
  MailCollection,
  mailJobOptions,
  MailJobName,
  type MailOutboxDocument,
  type MailSentDocument,
  type MailMessage,
  QueueName,
} from '@shelf/contracts';
import { PersonalKeys, readEnv } from '@shelf/server-config';
import { type CaughtMail, caughtMail, testEnv, type TestEnv, testKeyEncryptionKey, waitForMail, waitFor } from '@test/support';
import { Queue, QueueEvents, Worker } from 'bullmq';
import { type Db, MongoClient } from 'mongodb';
import type { Connection } from 'mongoose';
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, type Server, connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { serviceEnvSchema } from '../config/service-env.schema';
import { runDoctor } from '../doctor/run-doctor';
import { type Projector, PROJECTORS } from '../engine';
import { WorkersModule } from '../workers.module';
import { MailOutbox, mailMessageId } from './mail-outbox';

const dist = join(__dirname, '../../dist');

/** Fails the test rather than skipping it: these tests run the built workers and command (`npx tsc -b` builds them). */
function built(file: string): string {
  const path = join(dist, file);
  if (!existsSync(path)) throw new Error(`${path} is not built: run \`npx tsc -b\` first`);
  return path;
}

/** The catcher's messages to `address`, with the Message-ID it read from each (without its angle brackets). */
async function mailTo(address: string): Promise<{ messageId: string; subject: string }[]> {
  const all = (await caughtMail()) as (CaughtMail & { messageId?: string })[];
  return all
    .filter((mail) => mail.to.some((to) => to.address === address))
    .map((mail) => ({ messageId: (mail.messageId ?? '').replace(/^<|>$/g, ''), subject: mail.subject }));
}

/**
 * A TCP relay between a mail sender and the SMTP catcher. `pass` relays; `refuse` answers every connection with a
 * 554 greeting (an SMTP server that refuses all mail); `reject` answers itself and rejects every recipient, quoting
 * the address as SMTP servers do; `crash` relays, but when the catcher accepts a message (its 250 to the end of the
 * data) it calls `onAccepted` and never relays that answer: the message is delivered, and the sender cannot have
 * learnt it.
 */
class SmtpGate {
  mode: 'pass' | 'refuse' | 'reject' | 'crash' = 'pass';
  onAccepted: () => void = () => undefined;
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly server: Server,
    private readonly upstream: URL,
  ) {
    server.on('connection', (client) => this.relay(client));
  }

  static async start(upstreamUrl: string): Promise<SmtpGate> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return new SmtpGate(server, new URL(upstreamUrl));
  }

  get url(): string {
    return `smtp://127.0.0.1:${(this.server.address() as { port: number }).port}`;
  }

  private relay(client: Socket): void {
    this.sockets.add(client);
    client.on('close', () => this.sockets.delete(client));
    client.on('error', () => undefined);
    if (this.mode === 'refuse') {
      client.end('554 5.3.2 not accepting mail now\r\n');
      return;
    }
    if (this.mode === 'reject') {
      client.write('220 gate ESMTP\r\n');
      client.on('data', (chunk: Buffer) => {
        for (const line of chunk.toString('latin1').split('\r\n').filter(Boolean)) {
          const recipient = /^RCPT TO:\s*<([^>]*)>/i.exec(line);
          if (recipient) client.write(`550 5.1.1 <${recipient[1]}>: Recipient address rejected\r\n`);
          else if (/^QUIT/i.test(line)) client.end('221 bye\r\n');
          else client.write('250 ok\r\n');
        }
      });
      return;
    }
    const crash = this.mode === 'crash';
    const server = connect(Number(this.upstream.port), this.upstream.hostname);
    this.sockets.add(server);
    server.on('close', () => this.sockets.delete(server));
    server.on('error', () => client.destroy());
    let sent = '';
    let dataEnded = false;
    client.on('data', (chunk: Buffer) => {
      sent = (sent + chunk.toString('latin1')).slice(-5);
      if (sent.endsWith('\r\n.\r\n')) dataEnded = true;
      server.write(chunk);
    });
    server.on('data', (chunk: Buffer) => {
      if (crash && dataEnded && /^250[ -]/m.test(chunk.toString('latin1'))) {
        dataEnded = false;
        this.onAccepted();
        server.destroy();
        client.destroy();
        return;
      }
      client.write(chunk);
    });
    client.on('close', () => server.destroy());
    server.on('end', () => client.end());
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

/** A Nest logger that keeps every line it is given. */
class LogLines implements LoggerService {
  readonly lines: string[] = [];
  log = (message: unknown) => void this.lines.push(String(message));
  error = (message: unknown) => void this.lines.push(String(message));
  warn = (message: unknown) => void this.lines.push(String(message));
}

/** Runs the built workers (workers/dist/main.js) with `env`, as `npm start` runs them. */
function startWorkers(env: TestEnv): { child: ChildProcess; exited: Promise<NodeJS.Signals | number | null> } {
  const child = spawn(process.execPath, [built('main.js')], { env, stdio: 'ignore' });
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
  return { child, exited };
}

/** `npm run projections:parked -- <args>` (its built script), with `env`. */
const parkedCommand = (env: TestEnv, args: string[]) =>
  new Promise<{ code: number; stdout: string }>((resolve) => {
    execFile(process.execPath, [built('cli/parked-events.js'), ...args], { env, timeout: 30_000 }, (error, stdout) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout }),
    );
  });

const message = (to: string, subject: string, userId = `reader-${randomUUID()}`): MailMessage => ({ userId, to, subject, text: `${subject}: the body.` });

describe('the mail queue', () => {
  const env = testEnv(__filename);
  const connection = { url: env.REDIS_URL };
  let workers: INestApplicationContext;
  let queue: Queue;
  let events: QueueEvents;

  beforeAll(async () => {
    workers = await NestFactory.createApplicationContext(WorkersModule.register(env), { logger: ['error'] });
    queue = new Queue(QueueName.Mail, { connection, prefix: env.QUEUE_PREFIX });
    events = new QueueEvents(QueueName.Mail, { connection, prefix: env.QUEUE_PREFIX });
    await events.waitUntilReady();
  });

  afterAll(async () => {
    await queue.obliterate({ force: true });
    await Promise.all([queue.close(), events.close()]);
    await workers.get<Connection>(getConnectionToken()).dropDatabase();
    await workers.close();
  });

  const outbox = () => workers.get<Connection>(getConnectionToken()).db!.collection<MailOutboxDocument>(MailCollection.Outbox);

  it('sends an outbox entry through SMTP, its job carrying the key alone', async () => {
    const key = `mail-sent-${randomUUID()}`;
    const to = `reader-${randomUUID()}@example.test`;
    await workers.get(MailOutbox).enqueue(key, { ...message(to, 'Verify your e-mail', 'reader-1'), text: 'Open this link to verify your address.' });
    const job = await waitFor('the job queued', () => queue.getJob(key));
    expect(job.data).toEqual({ key });
    await job.waitUntilFinished(events, 10000);

    const mail = await waitForMail(to);
    expect(mail.subject).toBe('Verify your e-mail');
    expect(mail.text.trim()).toBe('Open this link to verify your address.');
    const sent = await workers.get<Connection>(getConnectionToken()).db!.collection<MailSentDocument>(MailCollection.Sent).findOne({ _id: key });
    expect(sent).toMatchObject({ userId: 'reader-1', to });
    expect(JSON.stringify(await queue.getJob(key))).not.toContain(to);
  });

  it('sends nothing for a job whose outbox entry is gone, and completes it quietly', async () => {
    const key = `mail-gone-${randomUUID()}`;
    const to = `gone-${randomUUID()}@example.test`;
    // Its job waits (the queue paused) while the entry is deleted, as an erasure deletes a reader's waiting e-mail.
    await queue.pause();
    try {
      await workers.get(MailOutbox).enqueue(key, message(to, 'Reset your password'));
      await outbox().deleteOne({ _id: key });
    } finally {
      await queue.resume();
    }
    await (await waitFor('the job queued', () => queue.getJob(key))).waitUntilFinished(events, 10000);
    expect(await queue.getJob(key).then((done) => done?.isCompleted())).toBe(true);
    expect(await outbox().findOne({ _id: key })).toBeNull();
    expect(await mailTo(to)).toEqual([]);
  });

  it('puts nothing in the outbox for an erased account', async () => {
    const userId = `erased-${randomUUID()}`;
    await new PersonalKeys(() => workers.get<Connection>(getConnectionToken()).db!, testKeyEncryptionKey()).erase(userId);
    const key = `mail-erased-${randomUUID()}`;
    await workers.get(MailOutbox).enqueue(key, message(`erased-${randomUUID()}@example.test`, 'Verify your e-mail', userId));
    expect(await outbox().findOne({ _id: key })).toBeNull();
    expect(await queue.getJob(key)).toBeUndefined();
  });

  it('never sends a waiting message of an account erased since, before the erasure is projected', async () => {
    const userId = `erased-later-${randomUUID()}`;
    const key = `mail-erased-later-${randomUUID()}`;
    const to = `erased-later-${randomUUID()}@example.test`;
    await queue.pause();
    try {
      await workers.get(MailOutbox).enqueue(key, message(to, 'Reset your password', userId));
      expect(await outbox().findOne({ _id: key })).not.toBeNull();
      await new PersonalKeys(() => workers.get<Connection>(getConnectionToken()).db!, testKeyEncryptionKey()).erase(userId);
    } finally {
      await queue.resume();
    }
    await (await waitFor('the job queued', () => queue.getJob(key))).waitUntilFinished(events, 10000);
    expect(await outbox().findOne({ _id: key })).toBeNull();
    expect(await mailTo(to)).toEqual([]);
  });

  it('sends a job queued before v2 from its outbox entry, its data cut to the key', async () => {
    const key = `mail-v1-${randomUUID()}`;
    const to = `v1-${randomUUID()}@example.test`;
    const old = message(to, 'Verify your e-mail');
    await outbox().insertOne({ _id: key, message: old, createdAt: new Date(), state: 'queued', attempts: 0 });
    const job = await queue.add(MailJobName.SendV1, old, { ...mailJobOptions, jobId: key });
    await job.waitUntilFinished(events, 10000);
    expect(await mailTo(to)).toHaveLength(1);
    expect((await queue.getJob(key))!.data).toEqual({ key });
  });

  it('fails a job it has no handler for at once, without retrying it', async () => {
    const job = await queue.add('mail.unknown.v9', {}, mailJobOptions);
    await expect(job.waitUntilFinished(events, 10000)).rejects.toThrow('no handler for job "mail.unknown.v9"');
    const failed = await queue.getJob(job.id!);
    expect(failed?.attemptsMade).toBe(1);
  });
});

describe('e-mail delivery through crashes and refusals', () => {
  const env = testEnv(__filename);
  const { publicUrl } = readEnv(serviceEnvSchema, env);
  let gate: SmtpGate;
  let gated: TestEnv;
  let db: Db;

  beforeAll(async () => {
    gate = await SmtpGate.start(env.SMTP_URL);
    gated = { ...env, SMTP_URL: gate.url };
  });

  afterAll(async () => {
    const queue = new Queue(QueueName.Mail, { connection: { url: env.REDIS_URL }, prefix: env.QUEUE_PREFIX });
    await queue.obliterate({ force: true });
    await queue.close();
    const store = await new MongoClient(env.MONGO_URL).connect();
    await store.db().dropDatabase();
    await store.close();
    await gate.close();
  });

  it('sends a message whose sender was killed after the SMTP server accepted it once more, with the same Message-ID', async () => {
    // Only the test's own producer here (nothing consumes): the message is sent by worker processes.
    const producer = await NestFactory.createApplicationContext(WorkersModule.register(env, { consume: false }), { logger: ['error'] });
    let worker: ReturnType<typeof startWorkers> | undefined;
    try {
      db = producer.get<Connection>(getConnectionToken()).db!;
      const key = `mail-crash-${randomUUID()}`;
      const to = `crash-${randomUUID()}@example.test`;

      gate.mode = 'crash';
      const first = startWorkers(gated);
      worker = first;
      // Killed the moment the catcher accepted the message, before the process can hear of it.
      const killed = new Promise<void>((resolve) => {
        gate.onAccepted = () => {
          first.child.kill('SIGKILL');
          gate.onAccepted = () => undefined;
          resolve();
        };
      });
      await producer.get(MailOutbox).enqueue(key, message(to, 'Verify your e-mail'));
      await killed;
      expect(await first.exited).toBe('SIGKILL');
      await waitForMail(to);
      const afterCrash = await db.collection<MailOutboxDocument>(MailCollection.Outbox).findOne({ _id: key });
      const sentAfterCrash = await db.collection<MailSentDocument>(MailCollection.Sent).findOne({ _id: key });

      // A new worker process: BullMQ hands it the job the killed one held once its lock expires (10 s) and its stalled
      // check (every 10 s) sees it: up to 20 s, more on a busy machine.
      gate.mode = 'pass';
      worker = startWorkers(gated);
      const sent = await waitFor('the message recorded sent', () => db.collection<MailSentDocument>(MailCollection.Sent).findOne({ _id: key }), 150_000);
      await waitFor('the outbox emptied', async () => !(await db.collection<MailOutboxDocument>(MailCollection.Outbox).findOne({ _id: key })));
      await waitFor('the second delivery caught', async () => (await mailTo(to)).length >= 2);

      const deliveries = await mailTo(to);
      const messageId = mailMessageId(key, publicUrl);
      // Two deliveries (the one the killed process never learnt of, and the resend), both with the outbox's Message-ID.
      expect(deliveries.map((mail) => mail.messageId)).toEqual([messageId, messageId].map((id) => id.replace(/^<|>$/g, '')));
      expect(messageId).toBe(`<${key}@${new URL(publicUrl).hostname}>`);
      // Marked before the send, not recorded sent: what the restarted worker found.
      expect(afterCrash).toMatchObject({ state: 'sending', attempts: 1, messageId });
      expect(sentAfterCrash).toBeNull();
      expect(sent).toMatchObject({ to, messageId, attempts: 2 });
    } finally {
      if (worker && worker.child.exitCode === null && worker.child.signalCode === null) {
        worker.child.kill('SIGTERM');
        await worker.exited;
      }
      await producer.close();
    }
  }, 210_000);

  it('cuts the jobs queued before v2, failed or done, to their keys', async () => {
    const producer = await NestFactory.createApplicationContext(WorkersModule.register(env, { consume: false }), { logger: ['error'] });
    const connection = { url: env.REDIS_URL };
    const queue = new Queue(QueueName.Mail, { connection, prefix: env.QUEUE_PREFIX });
    const events = new QueueEvents(QueueName.Mail, { connection, prefix: env.QUEUE_PREFIX });
    // The worker of before v2, which kept the message in the job: one send fails, the other is done.
    const before = new Worker(
      QueueName.Mail,
      async (job) => {
        if (job.id!.startsWith('mail-v1-failed')) throw new Error('550 refused');
      },
      { connection, prefix: env.QUEUE_PREFIX },
    );
    try {
      await events.waitUntilReady();
      const jobs = await Promise.all(
        ['mail-v1-failed', 'mail-v1-done'].map((id) => queue.add(MailJobName.SendV1, message(`${id}@example.test`, 'Verify your e-mail'), { attempts: 1, jobId: `${id}-${randomUUID()}` })),
      );
      await Promise.allSettled(jobs.map((job) => job.waitUntilFinished(events, 10_000)));
      expect(await producer.get(MailOutbox).cutOldJobs()).toBe(2);
      for (const job of jobs) expect((await queue.getJob(job.id!))!.data).toEqual({ key: job.id });
    } finally {
      await before.close();
      await Promise.all([events.close(), queue.close()]);
      await producer.close();
    }
  });

  it('shows a message the SMTP server refused every try to the doctor and the parked listing; retried, it is sent once', async () => {
    const workers = await NestFactory.createApplicationContext(WorkersModule.register(gated), { logger: [] });
    const queue = new Queue(QueueName.Mail, { connection: { url: env.REDIS_URL }, prefix: env.QUEUE_PREFIX });
    try {
      db = workers.get<Connection>(getConnectionToken()).db!;
      const outbox = db.collection<MailOutboxDocument>(MailCollection.Outbox);
      const key = `mail-refused-${randomUUID()}`;
      const to = `refused-${randomUUID()}@example.test`;
      const messageId = mailMessageId(key, publicUrl);

      gate.mode = 'refuse';
      // Two tries a tenth of a second apart, instead of the mail queue's hour of them.
      const mail = message(to, 'Reset your password');
      await workers.get(MailOutbox).enqueue(key, mail, { ...mailJobOptions, attempts: 2, backoff: { type: 'fixed', delay: 100 } });
      await waitFor('the job failed', async () => (await queue.getJob(key))?.isFailed());

      const report = await runDoctor({ env: readEnv(serviceEnvSchema, gated), projectors: async () => workers.get<Projector[]>(PROJECTORS) });
      expect(report.checks.mailOutbox).toMatchObject({ status: 'attention', data: { unsent: 1, failed: 1, failedIds: [key] } });
      expect(report.checks.mailOutbox.summary).toMatch(/^1 e-mail unsent \(1 failed every try\)/);
      expect(report.checks.mailOutbox.details[0]).toMatch(new RegExp(`^${key}: failed \\S+ after 2 tries: Invalid greeting`));
      expect(report.checks.mailOutbox.details.join('\n')).toContain('npm run projections:parked -- list');

      const listed = await parkedCommand(gated, ['list']);
      expect(listed.code).toBe(0);
      expect(listed.stdout).toContain(`${key}\n  e-mail to user ${mail.userId} "Reset your password" ${messageId}, failed `);
      expect(listed.stdout).not.toContain(to);
      expect(listed.stdout).toMatch(/after 2 tries\n {2}Invalid greeting/);
      expect(await mailTo(to)).toEqual([]);

      gate.mode = 'pass';
      const retried = await parkedCommand(gated, ['retry', key]);
      expect(retried).toEqual({ code: 0, stdout: `${key}: requeued\n` });
      const sent = await waitFor('the message recorded sent', () => db.collection<MailSentDocument>(MailCollection.Sent).findOne({ _id: key }));
      await waitFor('the outbox emptied', async () => !(await outbox.findOne({ _id: key })));
      await waitFor('the job done', async () => (await queue.getJob(key))?.isCompleted());

      expect(sent).toMatchObject({ to, messageId, attempts: 3 });
      expect(await mailTo(to)).toEqual([{ messageId: messageId.replace(/^<|>$/g, ''), subject: 'Reset your password' }]);
      expect((await parkedCommand(gated, ['retry', key])).stdout).toBe(`${key}: not parked nor failed (already retried or skipped?)\n`);
      const after = await runDoctor({ env: readEnv(serviceEnvSchema, gated), projectors: async () => workers.get<Projector[]>(PROJECTORS) });
      expect(after.checks.mailOutbox).toMatchObject({ status: 'ok', data: { unsent: 0, failed: 0 } });
      expect(await mailTo(to)).toHaveLength(1);
    } finally {
      await queue.close();
      await workers.close();
    }
  }, 90_000);

  it('keeps no address in its log lines, the outbox or the job when the SMTP server rejects the recipient quoting it', async () => {
    const logs = new LogLines();
    const workers = await NestFactory.createApplicationContext(WorkersModule.register(gated), { logger: logs });
    const queue = new Queue(QueueName.Mail, { connection: { url: env.REDIS_URL }, prefix: env.QUEUE_PREFIX });
    try {
      db = workers.get<Connection>(getConnectionToken()).db!;
      const key = `mail-rejected-${randomUUID()}`;
      const to = `rejected-${randomUUID()}@example.test`;
      gate.mode = 'reject';
      await workers.get(MailOutbox).enqueue(key, message(to, 'Reset your password'), { ...mailJobOptions, attempts: 2, backoff: { type: 'fixed', delay: 100 } });
      const job = await waitFor('the job failed', async () => ((await queue.getJob(key))?.failedReason ? queue.getJob(key) : undefined));
      const entry = await waitFor('the entry marked failed', () => db.collection<MailOutboxDocument>(MailCollection.Outbox).findOne({ _id: key, state: 'failed' }));

      // The server quoted the address; what is kept of its answer names none.
      expect(entry.lastError).toMatch(/550 5\.1\.1 <\[address\]>: Recipient address rejected/);
      expect(job!.failedReason).toMatch(/<\[address\]>: Recipient address rejected/);
      expect(JSON.stringify({ data: job!.data, failedReason: job!.failedReason, stacktrace: job!.stacktrace })).not.toContain(to);
      const failedLine = await waitFor('the failure logged', async () => logs.lines.find((line) => line.includes(`e-mail ${key} failed every try`)));
      expect(failedLine).toContain('[address]');
      expect(logs.lines.filter((line) => line.includes(to))).toEqual([]);
    } finally {
      gate.mode = 'pass';
      await queue.close();
      await workers.close();
    }
  }, 60_000);
});
