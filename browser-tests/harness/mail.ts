import { inject } from 'vitest';

interface CaughtMail {
  to: { address: string }[];
  subject: string;
  text?: string;
  html?: string;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * Waits for MailDev (REST `GET /email`) to have caught `count` mails to `address` and returns the last of them (the
 * first by default). E-mail goes out through the workers.
 */
export async function waitForMailTo(address: string, timeoutMs = 30_000, count = 1): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await fetch(`${inject('site').mailUrl}/email`);
    const mails = ((await response.json()) as CaughtMail[]).filter((caught) => caught.to.some((to) => to.address.toLowerCase() === address.toLowerCase()));
    if (mails.length >= count) return mails[count - 1];
    await sleep(250);
  }
  throw new Error(`no ${count > 1 ? `${count} e-mails` : 'e-mail'} to ${address} within ${timeoutMs} ms`);
}

/** The first link of the mail that goes to `path` on the site, e.g. /user/verify-email. */
export function linkIn(mail: CaughtMail, path: string): URL {
  const body = `${mail.text ?? ''} ${mail.html ?? ''}`;
  for (const match of body.matchAll(/https?:\/\/[^\s"'<>]+/g)) {
    const url = new URL(match[0].replaceAll('&amp;', '&'));
    if (url.pathname === path) return url;
  }
  throw new Error(`no link to ${path} in "${mail.subject}"`);
}
