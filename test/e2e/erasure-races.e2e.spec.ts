// Two tabs: a reader posts a comment in one and confirms the deletion of their account in the other right after, while
// the workers lag (frozen, so the comment is not yet in the reader's activity when the deletion looks there). Once the
// workers go on, the comment shows as "[deleted account]" and no read model holds its text or the reader's name, as a
// rebuild would have it. Real store, Redis and SMTP; the workers a process of their own, to freeze.
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import {
  type CommentPageReadModel,
  type CommentsResponse,
  ERASED_NAME,
  ModerationReadModelCollection as M,
  SocialReadModelCollection as S,
} from '@shelf/contracts';
import { pageComments } from '@shelf/read-model-formats';
import { testEnv, waitForMail } from '@test/support';
import { WorkersModule } from '../../workers/src/workers.module';
import { SiteProcess } from '../own-services';
import { projectionsDone, type Reader, readModelSnapshot, rebuild, registerReader, seedCatalog, startSite, type TestSite } from '../site-harness';

const env = testEnv(__filename);
const PASSWORD = 'correct horse battery staple';
const LAST_WORDS = `Posted in the other tab just before leaving ${Date.now()}`;
const NAMES = [S.CommentPages, M.ModeratedComments, M.ModerationQueue];

describe('a comment posted while its author deletes the account', () => {
  let site: TestSite;
  let tools: INestApplicationContext;
  let workers: SiteProcess;
  let reader: Reader;
  let thread: { book_id: number; chapter_id: number | null };

  /** Where the reader's name or last comment shows in a read model's documents (thread pages unpacked). */
  const traces = (docs: unknown[]) =>
    docs.flatMap((doc) => {
      const page = doc as CommentPageReadModel;
      const json = JSON.stringify(typeof page.packed === 'string' ? [doc, pageComments(page)] : doc);
      return [reader.user.username, LAST_WORDS].filter((text) => json.includes(text)).map((text) => `${String(page._id)}: ${text}`);
    });

  beforeAll(async () => {
    site = await startSite(env);
    const [book] = await seedCatalog(site, 1);
    thread = { book_id: book.bookId, chapter_id: null };
    reader = await registerReader(site, 'Two tabs');
    await site.drained();
    // From here the workers are a process of their own, to freeze; they have opened the reader's events, so they know
    // the reader's key.
    await site.workers.close();
    tools = await NestFactory.createApplicationContext(WorkersModule.register(env, { consume: false }), { logger: ['error'] });
    workers = await new SiteProcess('workers', env).start();
  }, 120_000);

  afterAll(async () => {
    await workers?.kill();
    await tools?.close();
    await site?.close();
  }, 60_000);

  it('shows it as [deleted account] once the workers go on, and no read model keeps its text', async () => {
    await site.call('POST', 'user/profile/delete-account', { body: { password: PASSWORD, honeypot: '' }, token: reader.token, ip: reader.ip });
    const link = new URL(/https?:\/\/\S+/.exec((await waitForMail(reader.user.email, 15_000, 'Confirm the deletion of your Novel Shelf account')).text)![0]);
    await projectionsDone(site.store, tools, 60_000);

    workers.freeze();
    const posted = await site.call<{ comment_id: string }>('POST', 'comment/post-comments', {
      body: { ...thread, parent_comment_id: null, comment_content: LAST_WORDS, honeypot: '' },
      token: reader.token,
      ip: reader.ip,
    });
    expect(posted.status).toBe(200);
    expect((await site.call('POST', 'user/delete-account', { body: { token: link.searchParams.get('token') } })).body).toEqual({
      success: true,
      message: 'Your account has been deleted.',
    });
    workers.thaw();
    await projectionsDone(site.store, tools, 60_000);

    const shown = (await site.call<CommentsResponse>('GET', `comment/show-comments?book_id=${thread.book_id}&chapter_id=&criteria=oldest`)).body.comments;
    expect(shown.map(({ comment_id, username, comment_content }) => ({ comment_id, username, comment_content }))).toEqual([
      { comment_id: posted.body.comment_id, username: ERASED_NAME, comment_content: ERASED_NAME },
    ]);
    const live = await readModelSnapshot(tools, NAMES);
    for (const name of NAMES) expect({ name, traces: traces(live[name]) }).toEqual({ name, traces: [] });
    // The same as a rebuild from the log gives (the workers let go of their partitions for it).
    await workers.stop();
    await rebuild(tools, { api: site.api });
    expect(await readModelSnapshot(tools, NAMES)).toEqual(live);
  }, 180_000);
});
