// A rebuild of a 40,000-event log while readers like and read: live projection must go on (every like shows; the
// slowest is printed against the 2 s target) and every story read must answer within 2 s, rebuild or not.
import { CommandBus } from '@nestjs/cqrs';
import { EventLogCollection, type LikeStatusResponse, PARTITION_COUNT, partitionId, type PartitionCheckpointsDocument, ProjectionCollection } from '@shelf/contracts';
import { testEnv, type TestEnv } from '@test/support';
import { LikeStoryCommand } from '../../backend/src/modules/likes/application/like-story.command';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { type Projector, PROJECTORS } from '../../workers/src/engine';
import { writeSyntheticLog } from '../../load-tests/bench/lib/synthetic-log.mjs';
import { SiteProcess } from '../own-services';
import { seedCatalog, startSite, type TestSite } from '../site-harness';

const EVENTS = Number(process.env.REBUILD_UNDER_LOAD_EVENTS ?? 40_000);
/** What a reader may wait for a page to answer, rebuild or not (the API's deadline answers 503 before). */
const READ_BUDGET_MS = 2000;
/**
 * What a like may take to show while the rebuild runs: the target is 2 s (the note of issue 33 gives the figures this
 * test prints); a test asserts only what no load on a shared 2-core machine can break, a like that never shows.
 */
const LIKE_BUDGET_MS = 10_000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a rebuild of a large log under readers', () => {
  let env: TestEnv;
  let site: TestSite;
  let workers: SiteProcess;
  let books: { bookId: number }[];

  beforeAll(async () => {
    env = testEnv(__filename);
    site = await startSite(env);
    books = await seedCatalog(site, 2);
    const names = site.workers.get<Projector[]>(PROJECTORS).map((projector) => projector.name);
    // The synthetic log is about other books (ids from 100,000), and counts as projected already: only the rebuild
    // replays it, as after an upgrade of a site with a long history. No consumer runs while it is written.
    await site.workers.close();
    await writeSyntheticLog(site.store.db!, { events: EVENTS, bookIds: Array.from({ length: 2000 }, (_, i) => 100_000 + i), threads: 5000, batch: 2000 });
    const heads = await site.store.db!.collection<{ _id: string; head: number }>(EventLogCollection.Partitions).find({}).toArray();
    const checkpoints = site.store.db!.collection<PartitionCheckpointsDocument>(ProjectionCollection.Checkpoints);
    for (let partition = 0; partition < PARTITION_COUNT; partition++) {
      const head = heads.find((doc) => doc._id === partitionId(partition))?.head ?? 0;
      const positions = Object.fromEntries(names.map((projector) => [`projectors.${projector}`, { position: head, parkedStreams: [] }]));
      await checkpoints.updateOne({ _id: partitionId(partition) }, { $set: { partition, updatedAt: new Date(), ...positions } }, { upsert: true });
    }
    // As in production, the workers and the rebuild are processes of their own; this one serves the API and reads.
    workers = await new SiteProcess('workers', env).start();
  }, 300_000);

  afterAll(async () => {
    await workers?.kill();
    await site?.close();
  }, 60_000);

  it('shows each like within 2 s and answers every read within 2 s while it runs', async () => {
    let running = true;
    const likeWaits: number[] = [];
    const readTimes: number[] = [];
    const failures: string[] = [];
    const likeCount = async (bookId: number) => (await site.call<LikeStatusResponse>('GET', `like/show-visitor-like-count?book_id=${bookId}`)).body.likeCount.like_count;
    const likes = (async () => {
      for (let round = 0; running; round++) {
        const { bookId } = books[round % books.length];
        const before = await likeCount(bookId);
        const started = Date.now();
        await site.api.get(CommandBus).execute(new LikeStoryCommand(`under-load-${round}`, bookId, true));
        while ((await likeCount(bookId)) !== before + 1) {
          if (Date.now() - started > 30_000) break;
          await pause(50);
        }
        likeWaits.push(Date.now() - started);
        await pause(200);
      }
    })();
    // Readers read all along, each book about every 10 ms: load, not a flood that leaves nothing to the rest.
    const reads = (async () => {
      while (running) {
        await pause(10);
        for (const { bookId } of books) {
          const started = Date.now();
          const response = await fetch(`${site.base}/api/${bookId}`, { signal: AbortSignal.timeout(30_000) }).catch((error: Error) => error);
          readTimes.push(Date.now() - started);
          if (response instanceof Error || response.status !== 200) failures.push(response instanceof Error ? response.message : String(response.status));
        }
      }
    })();
    const output = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, [join(__dirname, '../../workers/dist/cli/rebuild.js')], { env, maxBuffer: 1 << 24 }, (error, stdout) =>
        error ? reject(error) : resolve(stdout),
      ),
    );
    running = false;
    await Promise.all([likes, reads]);
    const max = (values: number[]) => values.reduce((most, value) => Math.max(most, value), 0);
    const rebuilt = /from (\d+) log entries in ([\d.]+) s/.exec(output);
    process.stdout.write(
      `rebuild of ${rebuilt?.[1]} log entries in ${rebuilt?.[2]} s under load: ${likeWaits.length} likes shown in at most ${max(likeWaits)} ms, ` +
        `${readTimes.length} reads answered in at most ${max(readTimes)} ms; ${/Live projection waited \d+ ms/.exec(output)?.[0]}\n`,
    );
    expect(Number(rebuilt?.[1])).toBeGreaterThanOrEqual(EVENTS);
    expect(failures).toEqual([]);
    expect(likeWaits.length).toBeGreaterThan(0);
    expect(likeWaits.filter((ms) => ms > LIKE_BUDGET_MS)).toEqual([]);
    expect(readTimes.filter((ms) => ms > READ_BUDGET_MS)).toEqual([]);
  }, 600_000);
});
