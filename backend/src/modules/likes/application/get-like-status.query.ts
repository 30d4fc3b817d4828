import { Injectable } from '@nestjs/common';
import {
  bookKey,
  bookReadModelId,
  type LikeStatusResponse,
  partitionKey,
  partitionOf,
  readerLikesId,
  type ReaderLikesReadModel,
  SocialEventType,
  socialStreams,
  SocialReadModelCollection,
  type StoryLikesReadModel,
} from '@shelf/contracts';
import { DomainError } from '../../../domain/domain-error';
import { ReadModels } from '../../../platform/read-models';
import { CatalogReadStore } from '../../catalog';

/**
 * A book's like count and whether the reader likes it, from the read models: both follow a like once the workers have
 * projected it (the web client shows its own like at once, from the click).
 */
@Injectable()
export class GetLikeStatusQuery {
  constructor(
    private readonly readModels: ReadModels,
    private readonly catalog: CatalogReadStore,
  ) {}

  async execute(bookId: number, readerId: string | null): Promise<LikeStatusResponse> {
    const [exists, likes, isLiked] = await Promise.all([
      this.catalog.bookExists(bookId),
      this.readModels.collection<StoryLikesReadModel>(SocialReadModelCollection.StoryLikes).findOne({ _id: bookReadModelId(bookId) }),
      readerId ? this.readerLikes(bookId, readerId) : false,
    ]);
    if (!exists) throw new DomainError('not-found', 'Book not found.');
    return { isLiked, likeCount: { like_count: likes?.like_count ?? 0 } };
  }

  /**
   * A reader's liked stories are kept in one part per partition of the log (rm_reader_likes); a book's likes and
   * chapters share the book's partition, so its entry is in that one part alone.
   */
  private async readerLikes(bookId: number, readerId: string): Promise<boolean> {
    const partition = partitionOf(partitionKey(socialStreams.storyLike(bookId, readerId), SocialEventType.StoryLiked, null));
    const part = await this.readModels.collection<ReaderLikesReadModel>(SocialReadModelCollection.ReaderLikes).findOne({ _id: readerLikesId(readerId, partition) });
    return part?.books[bookKey(bookId)]?.liked ?? false;
  }
}
