import { EventLogCollection, type PartitionHeadDocument } from '@shelf/contracts';
import type { Db } from 'mongodb';

/** The partition heads, as one string: it changes with every append (each draws its positions from them). */
export async function headsOf(db: Db): Promise<string> {
  const heads = await db.collection<PartitionHeadDocument>(EventLogCollection.Partitions).find({}).toArray();
  return JSON.stringify(heads.sort((a, b) => a._id.localeCompare(b._id)).map(({ _id, head }) => [_id, head]));
}

/** The heads once nothing was appended for `quietMs`; null when something was (the API still appends). */
export async function quietHeads(db: Db, quietMs: number): Promise<string | null> {
  const before = await headsOf(db);
  await new Promise((resolve) => setTimeout(resolve, quietMs));
  return (await headsOf(db)) === before ? before : null;
}

/**
 * Puts the migrated log in the log's place: `events` renamed to `backup` (kept for a rollback), then `migrated` to
 * `events`; indexes go with their collections. FerretDB 1.24 renames, but not onto an existing name (`dropTarget` is
 * not implemented), so the two renames are two steps: each is taken only if it is still to take, so a switch killed
 * between them is finished by running it again. Appends must have stopped (the API stopped): one landing between the
 * renames would make a new `events`, which the second rename then refuses to replace.
 */
export async function switchLog(db: Db, migrated: string, backup: string): Promise<void> {
  const names = async () => new Set((await db.listCollections({}, { nameOnly: true }).toArray()).map(({ name }) => name));
  let held = await names();
  if (held.has(EventLogCollection.Events) && held.has(migrated) && !held.has(backup)) {
    await db.renameCollection(EventLogCollection.Events, backup);
    held = await names();
  }
  if (held.has(migrated) && held.has(EventLogCollection.Events)) {
    throw new Error(
      `both ${EventLogCollection.Events} and ${migrated} exist after ${EventLogCollection.Events} was kept as ${backup}: something appended during the switch. ` +
        `Stop the API, move what ${EventLogCollection.Events} holds into ${migrated}, drop ${EventLogCollection.Events} and run the migration again.`,
    );
  }
  if (held.has(migrated)) await db.renameCollection(migrated, EventLogCollection.Events);
}
