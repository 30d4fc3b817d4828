import { Injectable } from '@nestjs/common';
import { loadReaderLikes, type ReaderLikedStory, type ReaderLikesReadModel, SocialReadModelCollection, uncheckedUpdateCount } from '@shelf/contracts';
import { ReadModels } from '../../../platform/read-models';

/** A reader's liked stories with their updates, by user id. */
@Injectable()
export class LikedStoriesReadModels {
  constructor(private readonly readModels: ReadModels) {}

  likes(userId: string): Promise<ReaderLikesReadModel | null> {
    const parts = this.readModels.collection<ReaderLikesReadModel>(SocialReadModelCollection.ReaderLikes);
    return loadReaderLikes(userId, (filter) => parts.findOne(filter));
  }

  /** The stories the reader likes now. */
  async liked(userId: string): Promise<ReaderLikedStory[]> {
    return Object.values((await this.likes(userId))?.books ?? {}).filter((story) => story.liked);
  }

  async uncheckedCount(userId: string): Promise<number> {
    return uncheckedUpdateCount(await this.likes(userId));
  }
}
