import { Inject, Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
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
import type { Connection } from 'mongoose';
import { SEARCH_ENGINE } from '../../search-engine.provider';
import type { Projector } from '../projector';
import { toSearchDocument } from './to-search-document';

/**
 * Keeps the search index in step with a book's read models: rm_books (the catalogue projector's) and its like count
 * (the story-likes projector's), so it runs after both.
 */
@Injectable()
export class SearchProjector implements Projector {
  readonly name = 'search';
  readonly handles = [...Object.values(CatalogEventType), SocialEventType.StoryLiked, SocialEventType.StoryUnliked];
  readonly after = ['catalog', 'story-likes'];

  constructor(
    @InjectConnection() private readonly connection: Connection,
    @Inject(SEARCH_ENGINE) private readonly engine: SearchEngine,
  ) {}

  private get books() {
    return this.connection.collection<BookReadModel>(ReadModelCollection.Books);
  }

  private get likes() {
    return this.connection.collection<StoryLikesReadModel>(SocialReadModelCollection.StoryLikes);
  }

  async apply(event: CatalogEvent | StoryLikeEvent): Promise<void> {
    const id = bookReadModelId(event.data.book_id);
    const [book, likes] = await Promise.all([this.books.findOne({ _id: id }), this.likes.findOne({ _id: id })]);
    const doc = book && toSearchDocument(book, likes?.like_count ?? 0);
    if (doc) await this.engine.upsert([doc]);
  }

  async rebuild(): Promise<void> {
    const likeCounts = new Map((await this.likes.find({}).toArray()).map((likes) => [likes._id, likes.like_count]));
    const docs = (await this.books.find({}).toArray())
      .map((book) => toSearchDocument(book, likeCounts.get(book._id) ?? 0))
      .filter((doc): doc is SearchBookDocument => doc !== null);
    await this.engine.replaceAll(docs);
  }
}
