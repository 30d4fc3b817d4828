import { Injectable } from '@nestjs/common';
import { LibraryReadModelCollection, type MutedReaderRef, type MuteLists, type ReaderMutesReadModel } from '@shelf/contracts';
import { ReadModels } from '../../../platform/read-models';
import { UsersReadStore } from '../../accounts';

/** The ids of the readers someone muted and blocked, for checking comments against them. */
export interface MuteSets {
  muted: ReadonlySet<string>;
  blocked: ReadonlySet<string>;
}

const NONE: MuteSets = { muted: new Set(), blocked: new Set() };

/** A reader's muted and blocked readers as the workers' mutes projector keeps them: one `_id` lookup. */
@Injectable()
export class MutesReadStore {
  constructor(
    private readonly readModels: ReadModels,
    private readonly users: UsersReadStore,
  ) {}

  /**
   * The lists with each reader's name now, from their account (one `_id` read each, at most MUTE_LIMIT a list): the
   * mutes document keeps none, so an erased reader is listed by the name their account reads as, ERASED_NAME.
   */
  async lists(userId: string): Promise<MuteLists> {
    const doc = await this.read(userId);
    const [muted, blocked] = [doc?.muted ?? [], doc?.blocked ?? []];
    const names = await this.users.names([...muted, ...blocked].map((entry) => entry.user_id));
    const named = (list: MutedReaderRef[]) => list.map((entry) => ({ user_id: entry.user_id, username: names.get(entry.user_id) ?? '', since: entry.since }));
    return { muted: named(muted), blocked: named(blocked) };
  }

  /** The same as sets of user ids; none for a visitor (null). */
  async sets(userId: string | null): Promise<MuteSets> {
    const doc = userId ? await this.read(userId) : null;
    if (!doc || (doc.muted.length === 0 && doc.blocked.length === 0)) return NONE;
    return { muted: new Set(doc.muted.map((entry) => entry.user_id)), blocked: new Set(doc.blocked.map((entry) => entry.user_id)) };
  }

  /** Whether `userId` has blocked `targetId`. */
  async hasBlocked(userId: string, targetId: string): Promise<boolean> {
    return (await this.sets(userId)).blocked.has(targetId);
  }

  private read(userId: string): Promise<ReaderMutesReadModel | null> {
    return this.readModels.collection<ReaderMutesReadModel>(LibraryReadModelCollection.ReaderMutes).findOne({ _id: userId });
  }
}
