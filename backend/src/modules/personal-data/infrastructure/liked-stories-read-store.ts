import { Injectable } from '@nestjs/common';
import { loadReaderLikes, type ReaderLikedStory, type ReaderLikesReadModel, SocialReadModelCollection } from '@shelf/contracts';
import { ReadModels } from '../../../platform/read-models';

/** The stories a reader likes now, from their liked-stories parts (one `_id` lookup per partition). */
@Injectable()
export class LikedStoriesReadStore {
  constructor(private readonly readModels: ReadModels) {}

  async liked(userId: string): Promise<ReaderLikedStory[]> {
    const parts = this.readModels.collection<ReaderLikesReadModel>(SocialReadModelCollection.ReaderLikes);
    const likes = await loadReaderLikes(userId, (filter) => parts.findOne(filter));
    return Object.values(likes?.books ?? {}).filter((story) => story.liked);
  }
}
