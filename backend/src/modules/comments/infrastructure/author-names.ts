import { Injectable } from '@nestjs/common';
import {
  type CommentEntry,
  type NameChange,
  type NameChangePage,
  type NameChangesHead,
  PAGE_ITEMS,
  PARTITION_COUNT,
  pageId,
  partitionId,
  SocialReadModelCollection,
} from '@shelf/contracts';
import { ReadModels } from '../../../platform/read-models';
import { UsersReadStore } from '../../accounts';

const C = SocialReadModelCollection;

/** What this process has read of the log of username changes (one per collection: a rebuild starts another). */
interface Followed {
  collection: string;
  /** The latest change of each user who changed their name. */
  latest: Map<string, NameChange>;
  /** Per partition, the changes read (items 0 … n − 1). */
  read: number[];
}

/**
 * The names comment authors are called by now. A comment keeps the name its author posted with, so only those who
 * changed theirs since need another: for a few authors their accounts are looked up (one read each); for more, the
 * log of username changes the workers keep per partition (comment-threads: name-changes.ts) is followed in memory, at
 * one read of each partition's head per call (and the pages of changes not read yet), whatever the number of authors.
 */
@Injectable()
export class AuthorNames {
  private followed: Followed | null = null;

  constructor(
    private readonly readModels: ReadModels,
    private readonly users: UsersReadStore,
  ) {}

  /** The current name of each author of `entries` whose comments should show another than theirs (by user id). */
  async of(entries: readonly CommentEntry[]): Promise<ReadonlyMap<string, string>> {
    const authors = [...new Set(entries.map((entry) => entry.user_id))];
    if (authors.length <= PARTITION_COUNT) return this.users.names(authors);
    const { latest } = await this.catchUp();
    return new Map(authors.flatMap((author) => (latest.has(author) ? [[author, latest.get(author)!.username] as const] : [])));
  }

  /** Reads the changes made since the last call. */
  private async catchUp(): Promise<Followed> {
    const heads = this.readModels.collection<NameChangesHead>(C.NameChangeHeads);
    if (this.followed?.collection !== heads.collectionName) {
      this.followed = { collection: heads.collectionName, latest: new Map(), read: new Array<number>(PARTITION_COUNT).fill(0) };
    }
    const followed = this.followed;
    const counts = await Promise.all(Array.from({ length: PARTITION_COUNT }, async (_, partition) => (await heads.findOne({ _id: partitionId(partition) }))?.count ?? 0));
    await Promise.all(counts.map((count, partition) => (count > followed.read[partition] ? this.readChanges(followed, partition, count) : undefined)));
    return followed;
  }

  /** Applies a partition's changes from the first not read to `count`, or to the first not stored yet. */
  private async readChanges(followed: Followed, partition: number, count: number): Promise<void> {
    const pages = this.readModels.collection<NameChangePage>(C.NameChangePages);
    const from = followed.read[partition];
    const pageNumbers = Array.from({ length: Math.floor((count - 1) / PAGE_ITEMS) - Math.floor(from / PAGE_ITEMS) + 1 }, (_, i) => Math.floor(from / PAGE_ITEMS) + i);
    const docs = await Promise.all(pageNumbers.map((page) => pages.findOne({ _id: pageId(partitionId(partition), page) })));
    let item = from;
    for (; item < count; item++) {
      const change = docs[Math.floor(item / PAGE_ITEMS) - pageNumbers[0]]?.changes[`n${item}`];
      if (!change) break;
      const known = followed.latest.get(change.user_id);
      if (!known || known.version < change.version) followed.latest.set(change.user_id, change);
    }
    followed.read[partition] = Math.max(followed.read[partition], item);
  }
}
