import { Inject, Injectable } from '@nestjs/common';
import {
  bookReadModelId,
  type BookReadModel,
  type CatalogEvent,
  CatalogEventType,
  ReadModelCollection,
  SocialEventType,
  SocialReadModelCollection,
  type StoryLikeEvent,
  type StoryLikesReadModel,
} from '@shelf/contracts';
import type { SearchBookDocument, SearchEngine } from '@shelf/search-index';
import { LONG_SCAN } from '@shelf/server-config';
import { SEARCH_ENGINE } from '../../search-engine.provider';
import { type ProjectionContext, type Projector, ReadModels } from '../../engine';
import { toSearchDocument } from './to-search-document';

/**
 * Keeps the search index in step with a book's read models: rm_books (the catalog projector's) and its like count
 * (the story-likes projector's), so it runs after both.
 */
@Injectable()
export class SearchProjector implements Projector {
  readonly name = 'search';
  readonly handles = [...Object.values(CatalogEventType), SocialEventType.StoryLiked, SocialEventType.StoryUnliked];
  readonly after = ['catalog', 'story-likes'];

  constructor(
    private readonly readModels: ReadModels,
    @Inject(SEARCH_ENGINE) private readonly engine: SearchEngine,
  ) {}

  /** The stored read models it reads: after a batch's writes, or for a reindex. */
  private get books() {
    return this.readModels.collection<BookReadModel>(ReadModelCollection.Books);
  }

  private get likes() {
    return this.readModels.collection<StoryLikesReadModel>(SocialReadModelCollection.StoryLikes);
  }

  /** A book's search document is written again once per batch of the log, however many of its events the batch holds. */
  async apply(event: CatalogEvent | StoryLikeEvent, { models }: ProjectionContext): Promise<void> {
    const id = bookReadModelId(event.data.book_id);
    models.afterWrites(`search:${id}`, () => this.index(id));
  }

  private async index(id: string): Promise<void> {
    const [book, likes] = await Promise.all([this.books.findOne({ _id: id }), this.likes.findOne({ _id: id })]);
    const doc = book && toSearchDocument(book, likes?.like_count ?? 0);
    if (doc) await this.engine.upsert([doc]);
  }

  /**
   * Writes every book's search document again from the read models as they are now, a batch at a time (Projector.reindex:
   * a rebuild of `catalog` or `story-likes` calls it once their new read models are live). `progress` counts the books
   * read, of about how many the store holds.
   */
  async reindex(progress: (done: number, total: number) => void = () => undefined): Promise<void> {
    const likes = this.likes;
    const books = this.readModels.db.collection<BookReadModel>(this.readModels.physical(ReadModelCollection.Books));
    const total = await books.estimatedDocumentCount().catch(() => 0);
    let batch: SearchBookDocument[] = [];
    let read = 0;
    const flush = async () => {
      if (batch.length > 0) await this.engine.upsert(batch);
      batch = [];
      progress(read, Math.max(total, read));
    };
    for await (const book of books.find({}, LONG_SCAN)) {
      read++;
      const doc = toSearchDocument(book, (await likes.findOne({ _id: book._id }))?.like_count ?? 0);
      if (doc) batch.push(doc);
      if (batch.length === 200) await flush();
    }
    await flush();
  }
}
