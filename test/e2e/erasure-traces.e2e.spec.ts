// An erasure leaves nothing readable (issue 46): a reader who used every part of the site that keeps their words
// (comments, an edit, a reply in another's inbox, a report, a saved search, a mute both ways, a digest choice, a
// rename, a suspension's reason, an export, a mail still waiting in the queue) deletes the account. Then no document of
// any of the site's databases and no Redis key holds their address, either name or any text they wrote or that was
// written about them: at once, before any rebuild, and again after a full rebuild. Real store, Redis and SMTP.
import { QueueName } from '@shelf/contracts';
import { caughtMail, testEnv, waitForMail } from '@test/support';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { CommandBus } from '@nestjs/cqrs';
import { randomBytes } from 'node:crypto';
import { ChangeOperatorRoleCommand } from '../../backend/src/modules/accounts/application/change-operator-role.command';
import { appendComment, type Reader, rebuild, registerReader, seedCatalog, startSite, type TestSite } from '../site-harness';

const env = testEnv(__filename);
const PASSWORD = 'correct horse battery staple';
const mark = randomBytes(4).toString('hex');
const TEXT = {
  comment: `Words only the erased reader wrote ${mark}`,
  edited: `Words the erased reader edited in ${mark}`,
  reply: `A reply the erased reader left in another inbox ${mark}`,
  search: `My secret shelf ${mark}`,
  query: `keyword=secretquery${mark}`,
  suspension: `Suspended for a reason that names them ${mark}`,
  newName: `Renamed${mark}`,
};

describe('an erasure leaves nothing readable', () => {
  let site: TestSite;
  let redis: Redis;
  let mail: Queue;
  let eraser: Reader;
  let other: Reader;
  let operator: Reader;
  let formerName: string;

  const ok = async (method: string, path: string, who: Reader | null, body?: unknown) => {
    const answer = await site.call<Record<string, unknown>>(method, path.replace(/^\/api\//, ''), { body, token: who?.token, ip: who?.ip });
    if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };

  /** Every text that is the erased reader's, as it would be found in a stored value. */
  const theirs = () => [eraser.user.email, formerName, TEXT.newName, TEXT.comment, TEXT.edited, TEXT.reply, TEXT.search, TEXT.query, TEXT.suspension];

  /** Where each text shows in the site's databases, as `database.collection/_id: text`. */
  const storeTraces = async (texts: string[]) => {
    const found: string[] = [];
    const own = site.store.db!.databaseName;
    const { databases } = await site.store.db!.admin().listDatabases({ nameOnly: true });
    // Other test files' databases (t_…) hold other readers; the site's are its own and any it shares.
    for (const { name: database } of databases.filter(({ name }) => name === own || !name.startsWith('t_'))) {
      const db = site.store.getClient().db(database);
      for (const { name } of await db.listCollections({}, { nameOnly: true }).toArray()) {
        for (const doc of await db.collection(name).find({}).toArray()) {
          const json = JSON.stringify(doc).toLowerCase();
          for (const text of texts) if (json.includes(text.toLowerCase())) found.push(`${database}.${name}/${String(doc._id)}: ${text}`);
        }
      }
    }
    return found;
  };

  /** Where each text shows in any Redis key, whatever its type, as `key: text`. */
  const redisTraces = async (texts: string[]) => {
    const found: string[] = [];
    for await (const keys of redis.scanStream({ count: 500 }) as AsyncIterable<string[]>) {
      for (const key of keys) {
        const type = await redis.type(key);
        const value =
          type === 'string' ? await redis.get(key)
          : type === 'hash' ? await redis.hgetall(key)
          : type === 'list' ? await redis.lrange(key, 0, -1)
          : type === 'set' ? await redis.smembers(key)
          : type === 'zset' ? await redis.zrange(key, 0, -1)
          : type === 'stream' ? await redis.xrange(key, '-', '+')
          : null;
        const json = `${key} ${JSON.stringify(value)}`.toLowerCase();
        for (const text of texts) if (json.includes(text.toLowerCase())) found.push(`${key}: ${text}`);
      }
    }
    return found;
  };

  const traces = async (texts: string[]) => [...(await storeTraces(texts)), ...(await redisTraces(texts))];

  beforeAll(async () => {
    site = await startSite(env);
    redis = new Redis(env.REDIS_URL, { maxRetriesPerRequest: null });
    mail = new Queue(QueueName.Mail, { connection: redis, prefix: env.QUEUE_PREFIX });
    const [book] = await seedCatalog(site, 1);
    const thread = { book_id: book.bookId, chapter_id: book.chapterIds[0] };
    eraser = await registerReader(site, `Eraser${mark}`);
    other = await registerReader(site, `Witness${mark}`);
    operator = await registerReader(site, `Keeper${mark}`);
    await site.api.get(CommandBus).execute(new ChangeOperatorRoleCommand(operator.user.email, true, 'operators-cli:test'));
    formerName = eraser.user.username;

    await ok('POST', 'user/profile/change-username', eraser, { newUsername: TEXT.newName, honeypot: '' });
    const othersComment = String((await ok('POST', 'comment/post-comments', other, { ...thread, parent_comment_id: null, comment_content: `The witness speaks up here ${mark}` })).comment_id);
    const comment = String((await ok('POST', 'comment/post-comments', eraser, { ...thread, parent_comment_id: null, comment_content: TEXT.comment })).comment_id);
    await ok('POST', 'comment/edit-comments', eraser, { comment_id: comment, new_comment_content: TEXT.edited, honeypot: '' });
    // The replies go straight to the log, past the 30-second cooldown between one reader's posts.
    await appendComment(site, { userId: eraser.user.user_id, parent: { id: othersComment, author: other.user.user_id }, bookId: book.bookId, chapterId: thread.chapter_id, content: TEXT.reply });
    await appendComment(site, { userId: other.user.user_id, parent: { id: comment, author: eraser.user.user_id }, bookId: book.bookId, chapterId: thread.chapter_id, content: `The witness answers the eraser ${mark}` });
    await ok('POST', 'comment/report-comments', eraser, { comment_id: othersComment, reason: 'spoilers' });
    await ok('POST', 'comment/report-comments', other, { comment_id: comment, reason: 'harassment' });
    await ok('POST', 'like/like-book', eraser, { book_id: book.bookId });
    await ok('PUT', 'user/search-presets', eraser, { name: TEXT.search, query: TEXT.query });
    await ok('PUT', 'user/mutes', eraser, { user_id: other.user.user_id, relation: 'muted' });
    await ok('PUT', 'user/mutes', other, { user_id: eraser.user.user_id, relation: 'muted' });
    await ok('PUT', 'user/digests', eraser, { kind: 'replies', frequency: 'daily', time_zone: 'Europe/Berlin' });
    await ok('PUT', 'user/digests', eraser, { kind: 'replies', frequency: 'none', time_zone: 'Europe/Berlin' });
    await ok('POST', '/api/admin/moderation/suspend', operator, { user_id: eraser.user.user_id, days: 1, reason: TEXT.suspension });
    await ok('POST', '/api/admin/moderation/lift-suspension', operator, { user_id: eraser.user.user_id });
    const exported = await fetch(`${site.base}/api/user/data-export`, { headers: { authorization: `Bearer ${eraser.token}` } });
    expect(exported.status).toBeLessThan(300);
    await exported.arrayBuffer();
    await site.drained();
  }, 120_000);

  afterAll(async () => {
    await mail?.resume();
    await mail?.close();
    redis?.disconnect();
    await site?.close();
  });

  it('the scan sees what is theirs while the account lives, and what stays after', async () => {
    const seen = await traces(theirs());
    for (const text of [eraser.user.email, TEXT.newName, TEXT.edited, TEXT.reply, TEXT.search]) expect(seen.some((line) => line.endsWith(`: ${text}`))).toBe(true);
  }, 60_000);

  it('finds nothing of theirs in the store or Redis at once, with a mail still waiting, and none is sent', async () => {
    await ok('POST', 'user/profile/delete-account', eraser, { password: PASSWORD, honeypot: '' });
    const link = new URL(/https?:\/\/\S+/.exec((await waitForMail(eraser.user.email, 15_000, 'Confirm the deletion of your Novel Shelf account')).text)![0]);
    // A password-reset mail waits in the paused queue while the account is erased.
    await mail.pause();
    await ok('POST', 'user/forgot-password', null, { email: eraser.user.email, honeypot: '' });
    // The mail is queued once the workers have stored its batch.
    const waiting = async () => Object.values(await mail.getJobCounts('waiting', 'delayed', 'prioritized')).reduce((sum, count) => sum + count, 0);
    for (const deadline = Date.now() + 10_000; (await waiting()) === 0 && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await waiting()).toBeGreaterThan(0);
    const confirmed = await site.call('POST', 'user/delete-account', { body: { token: link.searchParams.get('token') } });
    expect(confirmed).toEqual({ status: 200, body: { success: true, message: 'Your account has been deleted.' } });
    await site.drained();

    expect(await traces(theirs())).toEqual([]);

    // The waiting mail is not sent once the queue runs again.
    await mail.resume();
    const deadline = Date.now() + 15_000;
    while (Object.values(await mail.getJobCounts('waiting', 'active', 'delayed', 'prioritized')).some((count) => count > 0) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const resets = (await caughtMail()).filter((message) => message.to.some((to) => to.address === eraser.user.email) && /password/i.test(message.subject));
    expect(resets).toEqual([]);
  }, 120_000);

  it('finds nothing of theirs after a full rebuild, and still sees the other reader', async () => {
    await rebuild(site.workers, { api: site.api });
    expect(await traces(theirs())).toEqual([]);
    expect(await traces([other.user.username, `The witness answers the eraser ${mark}`])).toEqual(expect.arrayContaining([expect.stringContaining(other.user.username)]));
  }, 180_000);
});
