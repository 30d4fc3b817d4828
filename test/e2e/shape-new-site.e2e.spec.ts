// A new site whose log was written before its workers first started (as `npm start` imports the demo catalog): the
// wake-ups wait in Redis, and BullMQ hands them out as soon as the workers' modules start. The shapes must be recorded
// before any of them is projected, or the site looks like one of an older shape and is rebuilt for nothing.
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ProjectionCollection, type ProjectionShapeDocument } from '@shelf/contracts';
import { testEnv } from '@test/support';
import { PartitionRunner, type Projector, PROJECTORS, SHAPE_UPGRADE_LEASE, ShapeUpgrade } from '../../workers/src/engine';
import { WorkersModule } from '../../workers/src/workers.module';
import { projectionsDone, seedCatalog, startSite, type TestSite } from '../site-harness';

const env = testEnv(__filename);

describe('a new site projected for the first time', () => {
  let site: TestSite;
  let workers: INestApplicationContext | undefined;

  beforeAll(async () => {
    site = await startSite(env);
    await site.workers.close();
    // Nothing projected and no shapes recorded yet: a new site.
    await site.store.db!.collection(ProjectionCollection.Shapes).deleteMany({});
    await site.store.db!.collection(ProjectionCollection.Checkpoints).deleteMany({});
    // Its catalog, written while no worker runs: wake-ups of many partitions wait in the events queue.
    await seedCatalog(site, 6, { projected: false });
  }, 60_000);

  afterAll(async () => {
    await workers?.close();
    await site?.close();
  }, 60_000);

  it('records every shape before projecting, and rebuilds nothing', async () => {
    // What happens first: a partition run, or the end of the shapes' check.
    const order: string[] = [];
    const [run, check] = [PartitionRunner.prototype.run, ShapeUpgrade.prototype.onModuleInit];
    jest.spyOn(PartitionRunner.prototype, 'run').mockImplementation(function (this: PartitionRunner, ...args) {
      order.push('run');
      return run.apply(this, args);
    });
    jest.spyOn(ShapeUpgrade.prototype, 'onModuleInit').mockImplementation(async function (this: ShapeUpgrade) {
      await check.apply(this);
      order.push('checked');
    });
    const shapes = site.store.db!.collection<ProjectionShapeDocument>(ProjectionCollection.Shapes);
    try {
      workers = await NestFactory.createApplicationContext(WorkersModule.register(env), { logger: ['error'] });
      await projectionsDone(site.store, workers, 60_000);
      // A rebuild would have taken the upgrade's lease at once, and built collections named `{read model}__{time}`.
      await new Promise((resolve) => setTimeout(resolve, 1000));
    } finally {
      jest.restoreAllMocks();
    }
    expect(order[0]).toBe('checked');
    expect(order).toContain('run');
    // Its hint is written with the first holding.
    expect(await site.store.db!.collection(ProjectionCollection.Locks).countDocuments({ _id: SHAPE_UPGRADE_LEASE as never })).toBe(0);
    const collections = (await site.store.db!.listCollections({}, { nameOnly: true }).toArray()).map((collection) => collection.name);
    expect(collections.filter((name) => name.includes('__'))).toEqual([]);
    const projectors = workers.get<Projector[]>(PROJECTORS).filter((projector) => projector.owns?.length);
    const recorded = Object.fromEntries((await shapes.find({}).toArray()).map((doc) => [doc._id, doc.shape]));
    expect(recorded).toEqual(Object.fromEntries(projectors.map((projector) => [projector.name, projector.shape ?? 1])));
  }, 120_000);
});
