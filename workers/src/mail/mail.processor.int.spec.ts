// A job goes through BullMQ on the real Redis to the workers' mail processor, which sends it through a real SMTP
// exchange to the catcher, where the test reads it back. The delivery guarantees are tested through a gate in front of
// the catcher (a TCP relay of the SMTP exchange that can refuse every connection, or hold back the catcher's
// acceptance of a message and kill the worker process at that moment), with the built workers (workers/dist, as
// `npm start` runs them) and the built `npm run projections:parked` command.
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { getConnectionToken } from '@nestjs/mongoose';
import {
  MailCollection,
  type MailJobs,
  mailJobOptions,
  MailJobName,
  type MailOutboxDocument,
  type MailSentDocument,
  QueueName,
  type SendMailJobV1,
} from '@shelf/contracts';
import { readEnv } from '@shelf/server-config';
import { type CaughtMail, caughtMail, testEnv, type TestEnv, waitForMail } from '@test/support';
import { Queue, QueueEvents } from 'bullmq';
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

/** Polls `check` until it gives something truthy, or fails after `timeoutMs`. */
async function waitFor<T>(what: string, check: () => Promise<T>, timeoutMs = 20_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
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
 * 554 greeting (an SMTP server that refuses all mail); `crash` relays, but when the catcher accepts a message (its 250
 * to the end of the data) it calls `onAccepted` and never relays that answer: the message is delivered, and the
 * sender cannot have learnt it.
 */
class SmtpGate {
  mode: 'pass' | 'refuse' | 'crash' = 'pass';
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

const message = (to: string, subject: string): SendMailJobV1 => ({ to, subject, text: `${subject}: the body.` });

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

  it('sends a queued message through SMTP', async () => {
    const message: MailJobs['mail.send.v1'] = {
      to: 'reader@example.test',
      subject: 'Verify your e-mail',
      text: 'Open this link to verify your address.',
    };
    const job = await queue.add(MailJobName.Send, message, mailJobOptions);
    await job.waitUntilFinished(events, 10000);

    const mail = await waitForMail('reader@example.test');
    expect(mail.subject).toBe('Verify your e-mail');
    expect(mail.text.trim()).toBe('Open this link to verify your address.');
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

      // A new worker process: BullMQ hands it the job the killed one held once its lock expires (30 s) and its stalled
      // check (every 30 s) sees it: up to a minute, more on a busy machine.
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
      await workers.get(MailOutbox).enqueue(key, message(to, 'Reset your password'), { ...mailJobOptions, attempts: 2, backoff: { type: 'fixed', delay: 100 } });
      await waitFor('the job failed', async () => (await queue.getJob(key))?.isFailed());

      const report = await runDoctor({ env: readEnv(serviceEnvSchema, gated), projectors: async () => workers.get<Projector[]>(PROJECTORS) });
      expect(report.checks.mailOutbox).toMatchObject({ status: 'attention', data: { unsent: 1, failed: 1, failedIds: [key] } });
      expect(report.checks.mailOutbox.summary).toMatch(/^1 e-mail unsent \(1 failed every try\)/);
      expect(report.checks.mailOutbox.details[0]).toMatch(new RegExp(`^${key}: failed \\S+ after 2 tries: Invalid greeting`));
      expect(report.checks.mailOutbox.details.join('\n')).toContain('npm run projections:parked -- list');

      const listed = await parkedCommand(gated, ['list']);
      expect(listed.code).toBe(0);
      expect(listed.stdout).toContain(`${key}\n  e-mail to ${to} "Reset your password" ${messageId}, failed `);
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
});
