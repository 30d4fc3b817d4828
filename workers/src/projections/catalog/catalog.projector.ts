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
import type { Connection } from 'mongoose';
import { replaceCollection, saveDocument } from '../documents';
import type { Projector } from '../projector';
import { bookIdOf, emptyBook, reduceBook, reduceChapter } from './catalog-reducers';

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
      if (next) await saveDocument(this.chapters, next, next.version === 1);
    }
    const bookId = bookIdOf(event);
    const current = await this.books.findOne({ _id: bookReadModelId(bookId) });
    const next = reduceBook(current ?? emptyBook(bookId), event);
    if (next !== current) await saveDocument(this.books, next, current === null);
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
}
