// What an integration test needs to reach the services global-setup started, isolated from every other test file.
import { readServiceEnv, type ServiceEnv } from '@shelf/contracts';
import { createHash } from 'node:crypto';
import { basename } from 'node:path';

/**
 * The ServiceEnv of one test file: its own database and its own queue prefix, so files can run in parallel
 * without seeing each other's data. `testFile` is the file's path (`__filename`).
 */
export function testServiceEnv(testFile: string, overrides: Partial<ServiceEnv> = {}): ServiceEnv {
  const key = `${basename(testFile).replace(/\W+/g, '_').slice(0, 40)}_${createHash('sha1').update(testFile).digest('hex').slice(0, 8)}`;
  const env = readServiceEnv(process.env);
  const mongo = new URL(env.mongoUrl);
  mongo.pathname = `/t_${key}`;
  return { ...env, mongoUrl: mongo.toString(), queuePrefix: `t_${key}`, ...overrides };
}

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
