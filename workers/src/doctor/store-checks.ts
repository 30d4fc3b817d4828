import {
  type CheckpointDocument,
  checkpointsOf,
  type PartitionCheckpointsDocument,
  EventLogCollection,
  MailCollection,
  type MailOutboxDocument,
  type MailSentDocument,
  type ParkedEventDocument,
  type PartitionHeadDocument,
  ProjectionCollection,
  projectionLagOf,
  READ_MODEL_VERSIONS_COLLECTION,
  type ReadModelVersionDocument,
} from '@shelf/contracts';
import type { Db } from 'mongodb';
import type { Projector } from '../engine';
import type { DoctorData, Outcome, ProjectorProgress } from './doctor-report';

/** What the doctor needs of a projector. */
export type ProjectorInfo = Pick<Projector, 'name' | 'owns'>;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Splits a long line after commas, into lines of about `width` characters. */
function wrap(line: string, width = 90): string[] {
  const lines: string[] = [];
  let current = '';
  for (const part of line.split(/(?<=, )/)) {
    if (current && current.length + part.length > width) {
      lines.push(current.trimEnd());
      current = '  ';
    }
    current += part;
  }
  return [...lines, current];
}

/** A duration as an operator reads it: 42 s, 7 min, 3 h, 2 d. */
export function ageOf(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 120) return `${s} s`;
  if (s < 7200) return `${Math.round(s / 60)} min`;
  return s < 172_800 ? `${Math.round(s / 3600)} h` : `${Math.round(s / 86_400)} d`;
}

/**
 * Each projector's checkpoints against the partitions' heads (projectionLagOf, as the API's health and the workers
 * compute it, here once per partition too). Lag counts log positions: every projector passes every position of its
 * partitions, also those of events it does not handle. Both collections are small (one document per partition).
 */
export async function checkProjections(db: Db, projectors: readonly string[] | null): Promise<Outcome<DoctorData['projections']>> {
  const [heads, checkpoints] = await Promise.all([
    db.collection<PartitionHeadDocument>(EventLogCollection.Partitions).find({}).toArray(),
    db.collection<PartitionCheckpointsDocument | CheckpointDocument>(ProjectionCollection.Checkpoints).find({}).toArray(),
  ]).then(([heads, docs]) => [heads, checkpointsOf(docs)] as const);
  // Without the workers' projectors (their context did not start), those with a checkpoint, as the API's health does.
  const names = projectors ?? [...new Set(checkpoints.map((checkpoint) => checkpoint.projector))].sort();
  const totals = projectionLagOf(heads, checkpoints, names);
  const byPartition = heads
    .sort((a, b) => a._id.localeCompare(b._id))
    .map((head) => [head._id, projectionLagOf([head], checkpoints, names)] as const);
  const progress: Record<string, ProjectorProgress> = Object.fromEntries(
    names.map((name) => [
      name,
      { behind: totals[name], partitions: Object.fromEntries(byPartition.filter(([, lag]) => lag[name] > 0).map(([id, lag]) => [id, lag[name]])) },
    ]),
  );
  const width = Math.max(0, ...names.map((name) => name.length));
  const details = names.map((name) => {
    const { behind, partitions } = progress[name];
    const where = Object.entries(partitions).map(([id, lag]) => `${id} ${lag}`).join(', ');
    return `${name.padEnd(width)}  ${behind === 0 ? 'up to date' : `${behind} behind: ${where}`}`;
  });
  const lagging = names.filter((name) => totals[name] > 0);
  const data = { projectors: progress, source: projectors ? ('workers' as const) : ('checkpoints' as const) };
  const from = projectors ? '' : ' (projectors taken from the checkpoints: the workers did not start)';
  if (lagging.length === 0) return { status: 'ok', summary: `up to date · ${plural(names.length, 'projector')}, ${plural(heads.length, 'partition')} with events${from}`, details, data };
  const most = Math.max(...lagging.map((name) => totals[name]));
  return { status: 'attention', summary: `${lagging.length} of ${plural(names.length, 'projector')} behind, by up to ${plural(most, 'log position')}${from}`, details, data };
}

/** Events the projectors set aside after failing every retry; few by nature, so counted by a scan. */
export async function checkParked(db: Db): Promise<Outcome<DoctorData['parked']>> {
  const docs = await db.collection<ParkedEventDocument>(ProjectionCollection.Parked).find({}, { projection: { projector: 1 } }).toArray();
  const byProjector: Record<string, number> = {};
  for (const { projector } of docs) byProjector[projector] = (byProjector[projector] ?? 0) + 1;
  const data = { total: docs.length, byProjector };
  if (docs.length === 0) return { status: 'ok', summary: 'none', data };
  const details = [...Object.entries(byProjector).map(([name, n]) => `${name}: ${n}`), 'see them with `npm run projections:parked -- list`, then retry or skip'];
  return { status: 'attention', summary: `${plural(docs.length, 'event')} parked`, details, data };
}

/** Failed e-mails the doctor names one by one; the rest are counted. */
const FAILED_MAILS_SHOWN = 10;

/**
 * E-mail written to the outbox and not yet marked sent, and among it what failed every try and waits for an operator
 * (state `failed`). A sender deletes the outbox entry once it has marked it sent, so what is left is unsent, but for
 * an entry a crash left between the two (ignored here). Few wait, so the outbox is read whole.
 */
export async function checkMailOutbox(db: Db, now = Date.now()): Promise<Outcome<DoctorData['mailOutbox']>> {
  const outbox = await db
    .collection<MailOutboxDocument>(MailCollection.Outbox)
    .find({}, { projection: { message: 0 } })
    .toArray();
  const sent = outbox.length === 0 ? [] : await db.collection<MailSentDocument>(MailCollection.Sent).find({ _id: { $in: outbox.map((doc) => doc._id) } }, { projection: { _id: 1 } }).toArray();
  const sentIds = new Set(sent.map((doc) => doc._id));
  const unsent = outbox.filter((doc) => !sentIds.has(doc._id));
  const failed = unsent.filter((doc) => doc.state === 'failed').sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const oldest = unsent.reduce<Date | null>((min, doc) => (min === null || doc.createdAt < min ? doc.createdAt : min), null);
  const data = {
    unsent: unsent.length,
    failed: failed.length,
    failedIds: failed.map((doc) => doc._id),
    oldestAt: oldest?.toISOString() ?? null,
    oldestAgeMs: oldest ? now - oldest.getTime() : null,
  };
  if (unsent.length === 0) return { status: 'ok', summary: 'nothing unsent', data };
  const details = failed
    .slice(0, FAILED_MAILS_SHOWN)
    .map((doc) => `${doc._id}: failed ${doc.failedAt?.toISOString() ?? '?'} after ${plural(doc.attempts ?? 0, 'try', 'tries')}: ${doc.lastError ?? 'no error recorded'}`);
  if (failed.length > FAILED_MAILS_SHOWN) details.push(`and ${failed.length - FAILED_MAILS_SHOWN} more`);
  if (failed.length > 0) details.push('see them with `npm run projections:parked -- list`, then retry or skip');
  const failedPart = failed.length > 0 ? ` (${failed.length} failed every try)` : '';
  return { status: 'attention', summary: `${plural(unsent.length, 'e-mail')} unsent${failedPart}, the oldest written ${ageOf(data.oldestAgeMs!)} ago`, details, data };
}

/** A rebuild's collection: `{readModel}__{base-36 time}` (see rebuildProjections). */
const REBUILT = /^(rm_.+)__[0-9a-z]+$/;

/**
 * Where each read model lives now (read_model_versions points the rebuilt ones at their collections; the others live
 * in the collection of their own name), and rebuild collections no pointer names: those of a rebuild under way, the
 * ones a finished rebuild replaced (dropped 10 s after it), or the leftovers of a rebuild that died.
 */
export async function checkReadModels(db: Db, projectors: readonly ProjectorInfo[] | null): Promise<Outcome<DoctorData['readModels']>> {
  const [pointers, names] = await Promise.all([
    db.collection<ReadModelVersionDocument>(READ_MODEL_VERSIONS_COLLECTION).find({}).toArray(),
    db.listCollections({}, { nameOnly: true }).toArray(),
  ]);
  const rebuilt = Object.fromEntries(pointers.map((pointer) => [pointer._id, pointer.collection]));
  const readModels = [...new Set([...(projectors ?? []).flatMap((projector) => projector.owns ?? []), ...Object.keys(rebuilt)])].sort();
  const collections = Object.fromEntries(readModels.map((readModel) => [readModel, rebuilt[readModel] ?? readModel]));
  const named = new Set(Object.values(rebuilt));
  const leftovers = names.map(({ name }) => name).filter((name) => REBUILT.test(name) && !named.has(name)).sort();
  const when = new Map(pointers.map((pointer) => [pointer._id, pointer.rebuiltAt]));
  const details = Object.entries(rebuilt)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([readModel, collection]) => `${readModel} → ${collection} (rebuilt ${when.get(readModel)?.toISOString() ?? '?'})`);
  const own = readModels.filter((readModel) => !rebuilt[readModel]);
  if (own.length > 0) details.push(...wrap(`in their own collections: ${own.join(', ')}`));
  const summary = `${plural(readModels.length, 'read model')}, ${Object.keys(rebuilt).length} rebuilt`;
  const data = { collections, rebuilt, leftovers };
  if (leftovers.length === 0) return { status: 'ok', summary: `${summary}, no rebuild leftovers`, details, data };
  details.push(...wrap(`not pointed at: ${leftovers.join(', ')}`), '  (a rebuild under way, what a rebuild replaced until it drops it 10 s later, or a failed rebuild\'s)');
  return { status: 'warn', summary: `${summary}, ${plural(leftovers.length, 'rebuild leftover')}`, details, data };
}
