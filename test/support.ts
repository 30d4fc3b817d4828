// What an integration test needs to reach the services global-setup started, isolated from every other test file.
import { type EnvVariables, KeyEncryptionKey } from '@shelf/server-config';
import { type Db, MongoClient } from 'mongodb';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

/** The environment of one test file: what global-setup provides is always there. */
export type TestEnv = EnvVariables & Record<'MONGO_URL' | 'REDIS_URL' | 'SMTP_URL' | 'AUTH_SECRET' | 'QUEUE_PREFIX', string>;

/**
 * The environment variables of one test file, which the API and the workers read as they read process.env (createApp,
 * WorkersModule.register, startSite): process.env, where global-setup names the services, with the file's own database
 * and queue prefix, so files can run in parallel without seeing each other's data; `overrides` on top. `testFile` is
 * the file's path (`__filename`).
 */
export function testEnv(testFile: string, overrides: EnvVariables = {}): TestEnv {
  const key = `${basename(testFile).replace(/\W+/g, '_').slice(0, 40)}_${createHash('sha1').update(testFile).digest('hex').slice(0, 8)}`;
  if (!process.env.MONGO_URL) throw new Error('MONGO_URL is not set: run the tests with Jest, whose global setup starts the services.');
  const mongo = new URL(process.env.MONGO_URL);
  mongo.pathname = `/t_${key}`;
  // The erasure ledger, like the database, is the file's own.
  const ledger = join(tmpdir(), 'shelf-test-ledgers', `${key}.erasures`);
  const own: EnvVariables = { MONGO_URL: mongo.toString(), QUEUE_PREFIX: `t_${key}`, ERASURE_LEDGER: ledger };
  return { ...process.env, ...own, ...overrides } as TestEnv;
}

/** The key-encryption key global-setup gave the tests' processes (KEY_ENCRYPTION_KEY): it opens the keys they made. */
export const testKeyEncryptionKey = (): KeyEncryptionKey => new KeyEncryptionKey(process.env.KEY_ENCRYPTION_KEY!);

export interface CaughtMail {
  id: string;
  subject: string;
  text: string;
  html?: string;
  to: { address: string }[];
}

/** Every message the SMTP catcher holds, newest last. */
export async function caughtMail(): Promise<CaughtMail[]> {
  const response = await fetch(new URL('/email', process.env.MAIL_CATCHER_URL));
  if (!response.ok) throw new Error(`the mail catcher answered ${response.status}`);
  return (await response.json()) as CaughtMail[];
}

/**
 * Polls the catcher until a message to `address` (with `subject`, when given) arrives — the newest one — or fails
 * after `timeoutMs`. No fixed sleeps.
 */
export async function waitForMail(address: string, timeoutMs = 10000, subject?: string): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await caughtMail())
      .filter((mail) => mail.to.some((to) => to.address === address) && (subject === undefined || mail.subject === subject))
      .at(-1);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${address} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Polls `check` every 100 ms until it gives something truthy, or fails after `timeoutMs`, naming `what`. */
export async function waitFor<T>(what: string, check: () => Promise<T>, timeoutMs = 20_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The test file's own database through a driver client, empty before its tests and dropped after them: call it in a
 * `describe`, and read the database from the function it returns once the tests run.
 */
export function testDatabase(testFile: string): () => Db {
  let client: MongoClient | undefined;
  beforeAll(async () => {
    client = await MongoClient.connect(testEnv(testFile).MONGO_URL);
    await client.db().dropDatabase();
  });
  afterAll(async () => {
    await client?.db().dropDatabase();
    await client?.close();
  });
  return () => client!.db();
}

/** A seeded random number generator (mulberry32), so that a failing case, or a fault schedule, can be run again. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
