import { Injectable, NotFoundException } from '@nestjs/common';
import { bookReadModelId, type LikeStatusResponse, socialStreams, SocialReadModelCollection, type StoryLikesReadModel } from '@shelf/contracts';
import { EventStore } from '../../../event-store/event-store';
import { ReadModels } from '../../../platform/read-models';
import { CatalogReadStore } from '../../catalog/infrastructure/catalog-read-store';
import { foldStoryLike } from '../domain/story-like-decisions';

/**
 * A book's like count and whether the reader likes it. The reader's own like is read from their like stream, so it
 * is right the moment their like is acknowledged; the count follows once the workers have projected it.
 */
@Injectable()
export class GetLikeStatusQuery {
  constructor(
    private readonly readModels: ReadModels,
    private readonly store: EventStore,
    private readonly catalog: CatalogReadStore,
  ) {}

  async execute(bookId: number, readerId: string | null): Promise<LikeStatusResponse> {
    const [exists, likes] = await Promise.all([
      this.catalog.bookExists(bookId),
      this.readModels.collection<StoryLikesReadModel>(SocialReadModelCollection.StoryLikes).findOne({ _id: bookReadModelId(bookId) }),
    ]);
    if (!exists) throw new NotFoundException('Book not found.');
    const isLiked = readerId ? foldStoryLike(await this.store.readStream(socialStreams.storyLike(bookId, readerId))) : false;
    return { isLiked, likeCount: { like_count: likes?.like_count ?? 0 } };
  }
}
