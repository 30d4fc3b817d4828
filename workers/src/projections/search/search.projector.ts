import { Inject, Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import {
  bookReadModelId,
  type BookReadModel,
  type CatalogEvent,
  CatalogEventType,
  ReadModelCollection,
  SocialEventType,
  type StoryLikeEvent,
} from '@shelf/contracts';
import type { SearchBookDocument, SearchEngine } from '@shelf/search-index';
import type { Connection } from 'mongoose';
import { SEARCH_ENGINE } from '../../search-engine.provider';
import type { Projector } from '../projector';
import { toSearchDocument } from './to-search-document';

/** Keeps the search index in step with rm_books; runs after the catalogue and like projectors have written the book. */
@Injectable()
export class SearchProjector implements Projector {
  readonly name = 'search';
  readonly handles = [...Object.values(CatalogEventType), SocialEventType.StoryLiked, SocialEventType.StoryUnliked];

  constructor(
    @InjectConnection() private readonly connection: Connection,
    @Inject(SEARCH_ENGINE) private readonly engine: SearchEngine,
  ) {}

  private get books() {
    return this.connection.collection<BookReadModel>(ReadModelCollection.Books);
  }

  async apply(event: CatalogEvent | StoryLikeEvent): Promise<void> {
    const book = await this.books.findOne({ _id: bookReadModelId(event.data.book_id) });
    const doc = book && toSearchDocument(book);
    if (doc) await this.engine.upsert([doc]);
  }

  async rebuild(): Promise<void> {
    const docs = (await this.books.find({}).toArray()).map(toSearchDocument).filter((doc): doc is SearchBookDocument => doc !== null);
    await this.engine.replaceAll(docs);
  }
}
