import { Injectable } from '@nestjs/common';
import { type FeedTokenReadModel, LibraryReadModelCollection, type ReaderFeedsReadModel } from '@shelf/contracts';
import { ReadModels } from '../../../platform/read-models';

/** The Reading-shelf feed addresses as the workers' feed-tokens projector keeps them: each read is one `_id` lookup. */
@Injectable()
export class FeedTokensReadStore {
  constructor(private readonly readModels: ReadModels) {}

  /** Whose Reading shelf the address `tokenId` shows, or null when there is no such address or it was turned off. */
  async ownerOf(tokenId: string): Promise<FeedTokenReadModel | null> {
    const doc = await this.readModels.collection<FeedTokenReadModel>(LibraryReadModelCollection.FeedTokens).findOne({ _id: tokenId });
    return doc && doc.revoked_at === null ? doc : null;
  }

  /** The reader's address now, or null. */
  async readerFeed(userId: string): Promise<{ token_id: string; created_at: string } | null> {
    const doc = await this.readModels.collection<ReaderFeedsReadModel>(LibraryReadModelCollection.ReaderFeeds).findOne({ _id: userId });
    return doc?.token_id && doc.created_at ? { token_id: doc.token_id, created_at: doc.created_at } : null;
  }
}
