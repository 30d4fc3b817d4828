// A site whose read models are of an older shape: the workers find it when they start and rebuild those read models
// from the log (the built `projections:rebuild`), while a new site's shapes are only recorded — on the real store,
// Redis and SMTP catcher.
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type CommentsResponse, ProjectionCollection, type ProjectionShapeDocument, SocialReadModelCollection } from '@shelf/contracts';
import { testEnv } from '@test/support';
import { ReadModels as ApiReadModels } from '../../backend/src/platform/read-models';
import { type LeaseDocument, Leases, type Projector, PROJECTORS, ReadModels, SHAPE_UPGRADE_LEASE } from '../../workers/src/engine';
import { WorkersModule } from '../../workers/src/workers.module';
import { appendComment, seedCatalog, startSite, type TestSite } from '../site-harness';

const env = testEnv(__filename);

describe('read models of an older shape', () => {
  let site: TestSite;
  let workers: INestApplicationContext | undefined;
  let thread: { book_id: number; chapter_id: number };
  let commentId: string;

  const shapes = () => site.store.db!.collection<ProjectionShapeDocument>(ProjectionCollection.Shapes);
  const shown = async () => site.call<CommentsResponse>('GET', `comment/show-comments?book_id=${thread.book_id}&chapter_id=${thread.chapter_id}&criteria=oldest`);

  beforeAll(async () => {
    site = await startSite(env);
    const [book] = await seedCatalog(site, 1);
    thread = { book_id: book.bookId, chapter_id: book.chapterIds[0] };
    commentId = await appendComment(site, { userId: 'shape-reader', bookId: book.bookId, chapterId: book.chapterIds[0], content: 'Written before the upgrade.' });
    await site.drained();
  }, 60_000);

  afterAll(async () => {
    await workers?.close();
    await site?.close();
  }, 60_000);

  it("records a new site's shapes when the workers start, rebuilding nothing", async () => {
    const projectors = site.workers.get<Projector[]>(PROJECTORS).filter((projector) => projector.owns?.length);
    const recorded = new Map((await shapes().find({}).toArray()).map((doc) => [doc._id, doc.shape]));
    expect(Object.fromEntries(recorded)).toEqual(Object.fromEntries(projectors.map((projector) => [projector.name, projector.shape ?? 1])));
    expect(recorded.get('comment-threads')).toBe(2);
    expect((await shown()).body.comments.map((comment) => comment.comment_id)).toEqual([commentId]);
  });

  it('rebuilds the read models of a site from before shapes were recorded, once the workers start again', async () => {
    await site.workers.close();
    // The site as an older version left it: thread pages of nested comments, and no shapes recorded.
    const readModels = site.workers.get(ReadModels);
    const pages = site.store.db!.collection(readModels.physical(SocialReadModelCollection.CommentPages));
    const [page] = await pages.find({}).toArray();
    await pages.replaceOne({ _id: page._id }, { comments: { [`k${commentId}`]: { comment_id: commentId } } });
    await shapes().deleteMany({});

    workers = await NestFactory.createApplicationContext(WorkersModule.register(env), { logger: ['error'] });
    const leases = new Leases(site.store.db!.collection<LeaseDocument>(ProjectionCollection.Locks));
    const deadline = Date.now() + 120_000;
    for (;;) {
      const docs = await shapes().find({}).toArray();
      // Recorded by the rebuild as it swaps the read models in; the lease let go once it has finished.
      if (docs.some((doc) => doc._id === 'comment-threads' && doc.shape === 2) && !(await leases.held(SHAPE_UPGRADE_LEASE))) break;
      if (Date.now() > deadline) throw new Error(`not rebuilt within 120 s: ${JSON.stringify(docs)}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await site.api.get(ApiReadModels).refresh();
    const { status, body } = await shown();
    expect(status).toBe(200);
    expect(body.comments.map((comment) => [comment.comment_id, comment.comment_content])).toEqual([[commentId, 'Written before the upgrade.']]);
    // The moderation and audit-trail read models, of an older shape too, were rebuilt with the thread's.
    const rebuilt = await shapes().find({ _id: { $in: ['moderation', 'audit-trail'] } }).toArray();
    expect(Object.fromEntries(rebuilt.map((doc) => [doc._id, doc.shape]))).toEqual({ moderation: 2, 'audit-trail': 3 });
  }, 150_000);
});
