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
 */
export async function recordNameChange(models: BatchModels, event: UsernameChangedV1 | UserErasedV1): Promise<void> {
  const username = event.type === AccountEventType.UserErased ? ERASED_NAME : event.data.username;
  const partition = partitionId(partitionOf(partitionKey(event.streamId, event.type, event.data)));
  const heads = models.collection<NameChangesHead>(C.NameChangeHeads);
  const head = await heads.findOne({ _id: partition });
  if (head?.applied.includes(event.id)) return;
  const item = head?.count ?? 0;
  await models.collection<NameChangePage>(C.NameChangePages).updateOne(
    { _id: pageId(partition, Math.floor(item / PAGE_ITEMS)) },
    { $set: { [`changes.n${item}`]: { user_id: event.data.userId, username, version: event.version } } },
    { upsert: true },
  );
  await heads.replaceOne({ _id: partition }, { count: item + 1, applied: rememberApplied(head?.applied ?? [], event.id) }, { upsert: true });
}
