// The readers of a run, seeded through the site's API as people sign up: each registers (from an address of its
// own), and those who comment also verify their address with the link the site e-mailed them and log in. A stock
// keeps them across the k6 runs of one `npm run load` (the capacity search makes several) and seeds new ones only
// when a run needs more; readers are named for the run, so no run depends on what an earlier one left behind.
import { setTimeout as sleep } from 'node:timers/promises';
import { URL } from 'node:url';
import { Buffer } from 'node:buffer';
import { clientAddress } from '../lib/addresses.mjs';
import { READER_NAME_PREFIX } from '../lib/plan.mjs';
import { callApi, caughtMail } from './site-api.mjs';

const PASSWORD = 'a load-test reader passphrase';
const CONCURRENCY = 4;
const MAIL_TIMEOUT_MS = 180_000;
/** A leased access token is renewed by its virtual user this long before it expires (lib/readers.js). */
const RENEWED_BEFORE_MS = 60_000;

/** Runs `work` on every item, `CONCURRENCY` at a time. */
async function eachLimited(items, work) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (queue.length) await work(queue.shift());
    }),
  );
}

const expiryOf = (token) => 1000 * JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).exp;

export class ReaderStock {
  constructor(site, runId) {
    Object.assign(this, { site, runId });
    this.pools = { social: [], live: [], churn: [] };
    this.churnUsed = 0;
    // Addresses from a random place in the block: the site allows 10 registrations per address an hour.
    this.nextAddress = Math.floor(Math.random() * (1 << 21));
  }

  /**
   * Readers for a k6 run of at most `seconds`: the first `social` and `live` readers of their pools, logged in with
   * tokens that stay valid throughout (so their virtual users never renew them, and the next run may take them
   * again), and `churn` readers no earlier run used.
   */
  async forRun({ social, live, churn }, seconds) {
    await this.seed('social', social);
    await this.seed('live', live);
    await this.seed('churn', this.churnUsed + churn);
    const signedIn = [...this.pools.social.slice(0, social), ...this.pools.live.slice(0, live)];
    const validUntil = Date.now() + seconds * 1000 + RENEWED_BEFORE_MS + 60_000;
    await eachLimited(
      signedIn.filter((reader) => !reader.token || expiryOf(reader.token) < validUntil),
      async (reader) => Object.assign(reader, await this.logIn(reader)),
    );
    const churnReaders = this.pools.churn.slice(this.churnUsed, this.churnUsed + churn);
    this.churnUsed += churn;
    // A reader an earlier run had may have commented up to its end, which is before now: its cooldown counts from now.
    const now = Date.now();
    const leased = (reader) => {
      const lastCommentAt = reader.leased ? now : 0;
      reader.leased = true;
      return { email: reader.email, username: reader.username, user_id: reader.user_id, token: reader.token, refreshToken: reader.refreshToken, lastCommentAt };
    };
    return { social: this.pools.social.slice(0, social).map(leased), live: this.pools.live.slice(0, live).map(leased), churn: churnReaders };
  }

  /** Registers readers into `pool` until it holds `count`; the signed-in pools' readers are verified. */
  async seed(pool, count) {
    const first = this.pools[pool].length;
    const fresh = Array.from({ length: Math.max(0, count - first) }, (_, n) => ({
      email: `${pool}.${this.runId}.${first + n}@load.test`,
      username: `${READER_NAME_PREFIX[pool]}${this.runId}-${first + n}`,
      password: PASSWORD,
      address: clientAddress('seeding', this.nextAddress++),
    }));
    if (!fresh.length) return;
    await eachLimited(fresh, async (reader) => {
      const body = { email: reader.email, password: reader.password, username: reader.username, honeypot: '' };
      const { status, data, retried } = await callApi(this.site.baseUrl, 'POST', '/api/user/register', { address: reader.address, body });
      // Usernames are the run's own: taken on a retry means the attempt that answered 503 registered the reader.
      if (!(status === 200 && data.success) && !(retried && status === 400)) throw new Error(`registering ${reader.email} answered ${status}: ${JSON.stringify(data)}`);
    });
    if (pool !== 'churn') {
      const links = await this.verificationLinks(fresh);
      // Whether a verification took shows at log-in (forRun): one retried after a 503 may find its link used up.
      await eachLimited(fresh, (reader) => callApi(this.site.baseUrl, 'GET', `/api/user/verify-email?${links.get(reader.email).searchParams}`, { address: reader.address }));
    }
    this.pools[pool].push(...fresh);
  }

  /** Logs a reader in: { user_id, token, refreshToken }. */
  async logIn(reader) {
    const body = { email: reader.email, password: reader.password, honeypot: '' };
    const { status, data } = await callApi(this.site.baseUrl, 'POST', '/api/user/login', { address: reader.address, body });
    if (status !== 200 || !data.token) throw new Error(`logging in ${reader.email} answered ${status}: ${JSON.stringify(data)}`);
    if (!data.user.email_verified) throw new Error(`${reader.email} is not verified`);
    return { user_id: data.user.user_id, token: data.token, refreshToken: data.refreshToken };
  }

  /** The verification link the site e-mailed to each reader, waiting for the workers to send them all. */
  async verificationLinks(readers) {
    const { mailUrl } = this.site;
    if (!mailUrl) throw new Error('readers are verified through the e-mail the site sends: set MAIL_URL to its MailDev (npm start: http://127.0.0.1:1080)');
    const wanted = new Set(readers.map((reader) => reader.email));
    const links = new Map();
    const deadline = Date.now() + MAIL_TIMEOUT_MS;
    while (links.size < wanted.size) {
      if (Date.now() > deadline) throw new Error(`only ${links.size} of ${wanted.size} verification e-mails arrived within ${MAIL_TIMEOUT_MS / 1000} s`);
      for (const mail of await caughtMail(mailUrl)) {
        const to = mail.to.map((recipient) => recipient.address.toLowerCase()).find((address) => wanted.has(address));
        const link = to && /https?:\/\/\S+verify-email\S*/.exec(mail.text)?.[0];
        if (link) links.set(to, new URL(link));
      }
      if (links.size < wanted.size) await sleep(500);
    }
    return links;
  }
}
