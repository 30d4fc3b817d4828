import { Injectable } from '@nestjs/common';
import { LibraryReadModelCollection, type MuteLists, type ReaderMutesReadModel } from '@shelf/contracts';
import { ReadModels } from '../../../platform/read-models';

/** The ids of the readers someone muted and blocked, for checking comments against them. */
export interface MuteSets {
  muted: ReadonlySet<string>;
  blocked: ReadonlySet<string>;
}

const NONE: MuteSets = { muted: new Set(), blocked: new Set() };

/** A reader's muted and blocked readers as the workers' mutes projector keeps them: one `_id` lookup. */
@Injectable()
export class MutesReadStore {
  constructor(private readonly readModels: ReadModels) {}

  async lists(userId: string): Promise<MuteLists> {
    const doc = await this.read(userId);
    return { muted: doc?.muted ?? [], blocked: doc?.blocked ?? [] };
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
