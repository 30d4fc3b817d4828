import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { PARTITION_COUNT, ProjectionCollection, type ProjectionShapeDocument } from '@shelf/contracts';
import type { EnvVariables } from '@shelf/server-config';
import type { Db } from 'mongodb';
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { Checkpoints } from './checkpoints';
import { type LeaseDocument, Leases } from './leases';
import { PROJECTORS, type Projector } from './projector';
import { ReadModels } from './read-models';

/** The environment the workers were started with, for the rebuild they start. */
export const WORKER_VARIABLES = Symbol('WORKER_VARIABLES');

/** The rebuild command (workers/src/cli/rebuild.ts), built (from the workers' sources and from their build alike). */
const REBUILD_MAIN = join(__dirname, '..', '..', 'dist', 'cli', 'rebuild.js');

/** The lease of the one worker process rebuilding read models of an older shape. */
export const SHAPE_UPGRADE_LEASE = 'shape-upgrade';
/** A holding not renewed for this long belongs to a process that died: another may take it. */
const LEASE_MS = 120_000;
const RENEW_MS = 30_000;

export const shapeOf = (projector: Projector): number => projector.shape ?? 1;

/** Records that these projectors' read models are in their current shape. */
export async function recordShapes(db: Db, projectors: readonly Projector[]): Promise<void> {
  const shapes = db.collection<ProjectionShapeDocument>(ProjectionCollection.Shapes);
  const at = new Date();
  await Promise.all(projectors.map((projector) => shapes.replaceOne({ _id: projector.name }, { shape: shapeOf(projector), at }, { upsert: true })));
}

/**
 * The projectors whose read models are of an older shape than theirs: a shape recorded lower, or none recorded (a site
 * from before shapes were recorded) for a projector past shape 1 that has projected already (`projected`). The others
 * with no shape recorded are returned as `current`: a new site, or read models whose shape never changed.
 */
export function outdatedShapes(projectors: readonly Projector[], recorded: ReadonlyMap<string, number>, projected: ReadonlySet<string>) {
  const outdated: Projector[] = [];
  const current: Projector[] = [];
  for (const projector of projectors) {
    const shape = recorded.get(projector.name);
    if (shape === undefined) (shapeOf(projector) > 1 && projected.has(projector.name) ? outdated : current).push(projector);
    else if (shape < shapeOf(projector)) outdated.push(projector);
  }
  return { outdated, current };
}

/**
 * When the workers start, brings read models of an older shape to the projectors' current one: it records the shape of
 * a new site's, and has `npm run projections:rebuild` rebuild the others (one worker process at a time, under the
 * SHAPE_UPGRADE_LEASE), while live projection goes on; the rebuild records their shape when it swaps them in. Readers
 * are served the old read models until then. A rebuild that fails is tried again at the next start.
 */
@Injectable()
export class ShapeUpgrade implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(ShapeUpgrade.name);
  private rebuild: ChildProcess | null = null;
  private markChecked!: () => void;
  /**
   * Settles once the shapes are checked (and a new site's recorded). Partitions are projected only after it: BullMQ's
   * workers take wake-ups as soon as their module starts, and a site projected before its shapes are recorded would
   * look like one of an older shape and be rebuilt for nothing.
   */
  readonly checked = new Promise<void>((resolve) => (this.markChecked = resolve));

  constructor(
    private readonly readModels: ReadModels,
    @Inject(PROJECTORS) private readonly projectors: Projector[],
    @Inject(WORKER_VARIABLES) private readonly variables: EnvVariables,
  ) {}

  private get shapes() {
    return this.readModels.db.collection<ProjectionShapeDocument>(ProjectionCollection.Shapes);
  }

  /** Before any partition is projected (see `checked`), so that a new site's shapes are recorded before it projects. */
  async onModuleInit(): Promise<void> {
    try {
      const withReadModels = this.projectors.filter((projector) => projector.owns?.length);
      const recorded = new Map((await this.shapes.find({}).toArray()).map((doc) => [doc._id, doc.shape]));
      const { outdated, current } = outdatedShapes(withReadModels, recorded, await this.projected(withReadModels.filter((p) => !recorded.has(p.name))));
      if (current.length > 0) await recordShapes(this.readModels.db, current);
      if (outdated.length > 0) {
        const names = outdated.map((projector) => projector.name);
        void this.upgrade(names).catch((error: unknown) => this.logger.error(`Could not rebuild ${names.join(', ')} (${String(error)}); tried again at the next start.`));
      }
    } catch (error) {
      this.logger.error(`Could not check the read models' shapes (${String(error)}); they are checked again at the next start.`);
    } finally {
      this.markChecked();
    }
  }

  onApplicationShutdown(): void {
    this.rebuild?.kill();
  }

  /** Of these projectors, those with a position past 0 in some partition. */
  private async projected(projectors: Projector[]): Promise<Set<string>> {
    const names = projectors.map((projector) => projector.name);
    const checkpoints = new Checkpoints(this.readModels.db);
    const found = new Set<string>();
    for (let partition = 0; partition < PARTITION_COUNT && found.size < names.length; partition++) {
      for (const [name, checkpoint] of await checkpoints.loadPartition(partition, names)) if (checkpoint.position > 0) found.add(name);
    }
    return found;
  }

  private async upgrade(names: string[]): Promise<void> {
    const leases = new Leases(this.readModels.db.collection<LeaseDocument>(ProjectionCollection.Locks));
    const lease = await leases.tryAcquire(SHAPE_UPGRADE_LEASE, LEASE_MS);
    if (!lease) return; // another process is at it
    const renew = setInterval(() => void leases.renew(lease, LEASE_MS).catch(() => undefined), RENEW_MS);
    try {
      this.logger.warn(`Read models of ${names.join(', ')} are of an older shape: rebuilding them from the log (the site keeps serving the old ones).`);
      const code = await new Promise<number | null>((resolve) => {
        const child = spawn(process.execPath, [REBUILD_MAIN, ...names], { env: { ...process.env, ...this.variables }, stdio: ['ignore', 'ignore', 'inherit'] });
        this.rebuild = child;
        child.once('error', () => resolve(null));
        child.once('exit', (exitCode) => resolve(exitCode));
      });
      this.rebuild = null;
      if (code === 0) this.logger.log(`Rebuilt ${names.join(', ')} in their current shape.`);
      else this.logger.error(`The rebuild of ${names.join(', ')} failed (exit ${code}); it is tried again at the next start.`);
    } finally {
      clearInterval(renew);
      await leases.release(lease).catch(() => undefined);
    }
  }
}
