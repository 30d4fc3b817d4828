import {
  type NameChangePage,
  type NameChangesHead,
  PAGE_ITEMS,
  pageId,
  partitionId,
  partitionKey,
  partitionOf,
  rememberApplied,
  SocialReadModelCollection,
  type UsernameChangedV1,
  type UserErasedV1,
  AccountEventType,
  ERASED_NAME,
} from '@shelf/contracts';
import type { BatchModels } from '../../engine';

const C = SocialReadModelCollection;

/**
 * Each partition's log of username changes, which the API keeps in memory to name the authors of a whole thread as
 * they are called now without one lookup per author (backend: author-names.ts); an erasure is a change to ERASED_NAME.
 * A user's events are all in their stream's partition, so its consumer alone writes that partition's log: the page
 * first, then the head that counts it and remembers the event (a retry before the head is written puts the change in the same place again).
 * An erasure first renames the user's former changes ERASED_NAME, as a rebuild reads them (their names sealed under the
 * erased key): it reads every page of the partition's log, a cost only erasures pay.
 */
export async function recordNameChange(models: BatchModels, event: UsernameChangedV1 | UserErasedV1): Promise<void> {
  const username = event.type === AccountEventType.UserErased ? ERASED_NAME : event.data.username;
  const partition = partitionId(partitionOf(partitionKey(event.streamId, event.type, event.data)));
  const heads = models.collection<NameChangesHead>(C.NameChangeHeads);
  const head = await heads.findOne({ _id: partition });
  if (head?.applied.includes(event.id)) return;
  const item = head?.count ?? 0;
  if (event.type === AccountEventType.UserErased) await forgetFormerNames(models, partition, item, event.data.userId);
  await models.collection<NameChangePage>(C.NameChangePages).updateOne(
    { _id: pageId(partition, Math.floor(item / PAGE_ITEMS)) },
    { $set: { [`changes.n${item}`]: { user_id: event.data.userId, username, version: event.version } } },
    { upsert: true },
  );
  await heads.replaceOne({ _id: partition }, { count: item + 1, applied: rememberApplied(head?.applied ?? [], event.id) }, { upsert: true });
}

/** Renames `userId`'s changes among the partition's first `count` ERASED_NAME. */
async function forgetFormerNames(models: BatchModels, partition: string, count: number, userId: string): Promise<void> {
  const pages = models.collection<NameChangePage>(C.NameChangePages);
  for (let page = 0; page * PAGE_ITEMS < count; page++) {
    const id = pageId(partition, page);
    const changes = Object.entries((await pages.findOne({ _id: id }))?.changes ?? {});
    const renamed = changes.filter(([, change]) => change.user_id === userId && change.username !== ERASED_NAME).map(([item]) => [`changes.${item}.username`, ERASED_NAME]);
    if (renamed.length > 0) await pages.updateOne({ _id: id }, { $set: Object.fromEntries(renamed) });
  }
}
