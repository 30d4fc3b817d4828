import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import {
  bookReadModelId,
  type BookReadModel,
  type CatalogEvent,
  CatalogEventType,
  type ChapterReadModel,
  chapterReadModelId,
  ReadModelCollection,
} from '@shelf/contracts';
import { type Collection, type Filter, MongoServerError, type OptionalUnlessRequiredId, type WithoutId } from 'mongodb';
import type { Connection } from 'mongoose';
import type { Projector } from '../projector';
import { bookIdOf, emptyBook, reduceBook, reduceChapter } from './catalog-reducers';

const isDuplicateKey = (error: unknown) => error instanceof MongoServerError && error.code === 11000;

/** Projects the catalogue into rm_books (metadata and chapter lists) and rm_chapters (chapter texts). */
@Injectable()
export class CatalogProjector implements Projector {
  readonly name = 'catalog';
  readonly handles = Object.values(CatalogEventType);

  constructor(@InjectConnection() private readonly connection: Connection) {}

  private get books() {
    return this.connection.collection<BookReadModel>(ReadModelCollection.Books);
  }

  private get chapters() {
    return this.connection.collection<ChapterReadModel>(ReadModelCollection.Chapters);
  }

  async apply(event: CatalogEvent): Promise<void> {
    const chapterId = 'chapter_id' in event.data ? event.data.chapter_id : undefined;
    if (chapterId !== undefined) {
      const id = chapterReadModelId(event.data.book_id, chapterId);
      const next = reduceChapter(await this.chapters.findOne({ _id: id }), event);
      if (next) await this.save(this.chapters, next, next.version > 1);
    }
    const bookId = bookIdOf(event);
    const current = await this.books.findOne({ _id: bookReadModelId(bookId) });
    const next = reduceBook(current ?? emptyBook(bookId), event);
    if (next !== current) await this.save(this.books, next, current !== null);
  }

  async rebuild(events: CatalogEvent[]): Promise<void> {
    const books = new Map<number, BookReadModel>();
    const chapters = new Map<string, ChapterReadModel>();
    for (const event of events) {
      const bookId = bookIdOf(event);
      books.set(bookId, reduceBook(books.get(bookId) ?? emptyBook(bookId), event));
      if ('chapter_id' in event.data) {
        const id = chapterReadModelId(event.data.book_id, event.data.chapter_id);
        const next = reduceChapter(chapters.get(id) ?? null, event);
        if (next) chapters.set(id, next);
      }
    }
    await replaceCollection(this.books, [...books.values()]);
    await replaceCollection(this.chapters, [...chapters.values()]);
  }

  /** Inserts a new document or replaces an existing one; a racing insert of the same id turns into a replace. */
  private async save<T extends { _id: string | number }>(collection: Collection<T>, doc: T, exists: boolean): Promise<void> {
    if (!exists) {
      try {
        await collection.insertOne(doc as OptionalUnlessRequiredId<T>);
        return;
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
      }
    }
    await collection.replaceOne({ _id: doc._id } as Filter<T>, doc as WithoutId<T>);
  }
}

async function replaceCollection<T extends { _id: string | number }>(collection: Collection<T>, docs: T[]): Promise<void> {
  await collection.deleteMany({});
  for (let i = 0; i < docs.length; i += 1000) {
    await collection.insertMany(docs.slice(i, i + 1000) as OptionalUnlessRequiredId<T>[]);
  }
}
