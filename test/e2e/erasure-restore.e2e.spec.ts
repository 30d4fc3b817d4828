// A backup taken before an erasure, restored: its store knows nothing of the erasure (the key is back, the log has no
// `user.erased.v1`), but the erasure ledger, kept outside the store, does. `erasures:reapply` runs every step of the
// erasure again for the ledger's accounts, and after the rebuild it asks for, nothing of the reader is left. Real store,
// Redis and SMTP; the workers are stopped for the restore, as an operator would.
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AccountEventType, EventLogCollection, type LikeStatusResponse, PERSONAL_KEYS_COLLECTION, type PersonalKeyDocument } from '@shelf/contracts';
import { ErasureLedger } from '@shelf/server-config';
import { testEnv, waitForMail } from '@test/support';
import type { Document } from 'mongodb';
import { rm } from 'node:fs/promises';
import { ErasuresCliModule } from '../../backend/src/modules/personal-data/cli/erasures-cli.module';
import { ReapplyErasures } from '../../backend/src/modules/personal-data/application/reapply-erasures';
import { WorkersModule } from '../../workers/src/workers.module';
import { projectionsDone, type Reader, rebuild, registerReader, seedCatalog, startSite, type TestSite } from '../site-harness';

const env = testEnv(__filename);
const PASSWORD = 'correct horse battery staple';
const COMMENT = `Written before the backup by the reader erased after it ${Date.now()}`;

describe('an erasure after the backup a restore brings back', () => {
  let site: TestSite;
  let workers: INestApplicationContext;
  let book: { bookId: number; chapterIds: number[] };
  let reader: Reader;
  let other: Reader;
  const db = () => site.store.db!;
  const likeCount = async () => (await site.call<LikeStatusResponse>('GET', `like/show-visitor-like-count?book_id=${book.bookId}`)).body.likeCount.like_count;
  const erasuresOf = (userId: string) => db().collection(EventLogCollection.Events).countDocuments({ type: AccountEventType.UserErased, 'data.userId': userId });
  const keyOf = (userId: string) => db().collection<PersonalKeyDocument>(PERSONAL_KEYS_COLLECTION).findOne({ _id: userId });
  /** Where each text shows in any document of any collection, as `collection/_id: text`. */
  const traces = async (texts: string[]) => {
    const found: string[] = [];
    for (const { name } of await db().listCollections({}, { nameOnly: true }).toArray()) {
      for (const doc of await db().collection(name).find({}).toArray()) {
        const json = JSON.stringify(doc).toLowerCase();
        for (const text of texts) if (json.includes(text.toLowerCase())) found.push(`${name}/${String(doc._id)}: ${text}`);
      }
    }
    return found;
  };
  /** A copy of every document of every collection: the backup. */
  const backUp = async () => {
    const copy = new Map<string, Document[]>();
    for (const { name } of await db().listCollections({}, { nameOnly: true }).toArray()) copy.set(name, await db().collection(name).find({}).toArray());
    return copy;
  };
  /** The backup put back in place of what the store holds (indexes stay). */
  const restore = async (copy: Map<string, Document[]>) => {
    for (const { name } of await db().listCollections({}, { nameOnly: true }).toArray()) await db().collection(name).deleteMany({});
    for (const [name, docs] of copy) if (docs.length > 0) await db().collection(name).insertMany(docs);
  };
  const reapply = async () => {
    const cli = await NestFactory.createApplicationContext(ErasuresCliModule.register(env), { logger: ['error'] });
    try {
      return await cli.get(ReapplyErasures).run();
    } finally {
      await cli.close();
    }
  };

  beforeAll(async () => {
    await rm(env.ERASURE_LEDGER!, { force: true });
    site = await startSite(env);
    workers = site.workers;
    [book] = await seedCatalog(site, 1);
    [reader, other] = [await registerReader(site, 'Restored'), await registerReader(site, 'Stays')];
    const posted = await site.call('POST', 'comment/post-comments', {
      body: { book_id: book.bookId, chapter_id: book.chapterIds[0], parent_comment_id: null, comment_content: COMMENT },
      token: reader.token,
    });
    expect(posted.status).toBe(200);
    expect((await site.call('POST', 'like/like-book', { body: { book_id: book.bookId }, token: reader.token, ip: reader.ip })).status).toBe(200);
    await site.drained();
  }, 90_000);

  afterAll(async () => {
    await site.store.dropDatabase();
    await site.api.close();
    await workers.close();
  });

  it('erases the reader again after the restore, by the ledger: key, account, sessions, likes and, after the rebuild, every trace', async () => {
    const backup = await backUp();
    await site.call('POST', 'user/profile/delete-account', { body: { password: PASSWORD }, token: reader.token });
    const link = new URL(/https?:\/\/\S+/.exec((await waitForMail(reader.user.email, 15_000, 'Confirm the deletion of your Novel Shelf account')).text)![0]);
    expect((await site.call('POST', 'user/delete-account', { body: { token: link.searchParams.get('token') } })).status).toBe(200);
    await site.drained();
    // The ledger names the account by its id and time only.
    expect(await new ErasureLedger(env.ERASURE_LEDGER!).entries()).toEqual([{ userId: reader.user.user_id, at: expect.any(Date) }]);

    await workers.close();
    await restore(backup);
    // The restored store knows nothing of the erasure.
    expect((await keyOf(reader.user.user_id))?.wrappedKey).toBeDefined();
    expect(await erasuresOf(reader.user.user_id)).toBe(0);

    expect(await reapply()).toEqual({ accounts: 1, onlyInLog: 0, keysBack: 1 });
    expect(await keyOf(reader.user.user_id)).toMatchObject({ erasedAt: expect.any(Date) });
    expect((await keyOf(reader.user.user_id))).not.toHaveProperty('wrappedKey');
    expect(await erasuresOf(reader.user.user_id)).toBe(1);
    // Their sessions and password are gone again: no refresh, no log-in.
    const login = await site.call('POST', 'user/login', { body: { email: reader.user.email, password: PASSWORD, honeypot: '' }, ip: reader.ip });
    expect(login.status).toBe(401);

    workers = await NestFactory.createApplicationContext(WorkersModule.register(env), { logger: ['error'] });
    await projectionsDone(site.store, workers);
    await rebuild(workers, { api: site.api });
    expect(await likeCount()).toBe(0);
    expect(await traces([reader.user.email, reader.user.username, COMMENT])).toEqual([]);
    // The scan sees what stays: the other reader.
    expect(await traces([other.user.username])).not.toEqual([]);

    // Run again, it finds everything done: nothing appended twice.
    expect(await reapply()).toEqual({ accounts: 1, onlyInLog: 0, keysBack: 0 });
    expect(await erasuresOf(reader.user.user_id)).toBe(1);
  }, 120_000);
});
