import { Injectable } from '@nestjs/common';
import {
  bookReadModelId,
  type BookReadModel,
  type CatalogEvent,
  CatalogEventType,
  type ChapterReadModel,
  chapterReadModelId,
  ReadModelCollection,
} from '@shelf/contracts';
import { saveDocument } from '../documents';
import type { Projector } from '../projector';
import { ReadModels } from '../read-models';
import { bookIdOf, emptyBook, reduceBook, reduceChapter } from './catalog-reducers';

/** Projects the catalog into rm_books (metadata and chapter lists) and rm_chapters (chapter texts). */
@Injectable()
export class CatalogProjector implements Projector {
  readonly name = 'catalog';
  readonly handles = Object.values(CatalogEventType);
  readonly owns = [ReadModelCollection.Books, ReadModelCollection.Chapters];

  constructor(private readonly readModels: ReadModels) {}

  async apply(event: CatalogEvent): Promise<void> {
    const chapterId = 'chapter_id' in event.data ? event.data.chapter_id : undefined;
    if (chapterId !== undefined) {
      const chapters = this.readModels.collection<ChapterReadModel>(ReadModelCollection.Chapters);
      const next = reduceChapter(await chapters.findOne({ _id: chapterReadModelId(event.data.book_id, chapterId) }), event);
      if (next) await saveDocument(chapters, next, next.version === 1);
    }
    const books = this.readModels.collection<BookReadModel>(ReadModelCollection.Books);
    const bookId = bookIdOf(event);
    const current = await books.findOne({ _id: bookReadModelId(bookId) });
    const next = reduceBook(current ?? emptyBook(bookId), event);
    if (next !== current) await saveDocument(books, next, current === null);
  }
}
