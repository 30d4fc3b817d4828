import { AccountEventType, EventLogCollection, type StoredEventDocument } from '@shelf/contracts';
import { LONG_SCAN } from '@shelf/server-config';
import type { Db } from 'mongodb';
import { personalKeysOf } from './personal-keys-of';

/**
 * Erases again the personal key of every account the log says was erased (`user.erased.v1`): after a backup taken
 * before some erasures is restored, it holds their keys again (docs/operations.md, "Erasure and backups"). Reads the
 * log's erasures with one scan; resolves with how many accounts the log erased and how many keys it erased again.
 */
export async function reapplyErasures(db: Db): Promise<{ erased: number; keysErased: number }> {
  const keys = personalKeysOf(db);
  const erasures = db.collection<StoredEventDocument>(EventLogCollection.Events).find({ type: AccountEventType.UserErased }, { projection: { data: 1 }, ...LONG_SCAN });
  let [erased, keysErased] = [0, 0];
  for await (const { data } of erasures) {
    const { userId } = data as { userId: string };
    erased++;
    if (await keys.isErased(userId)) continue;
    await keys.erase(userId);
    keysErased++;
  }
  return { erased, keysErased };
}
