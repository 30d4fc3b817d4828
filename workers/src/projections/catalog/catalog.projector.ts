import { Injectable } from '@nestjs/common';
import {
  bookReadModelId,
  type BookReadModel,
  type CatalogEvent,
  CatalogEventType,
  type ChapterPublishedPush,
  type ChapterReadModel,
  chapterReadModelId,
  ReadModelCollection,
} from '@shelf/contracts';
import { saveDocument } from '../documents';
import type { BatchModels, ProjectionContext, Projector } from '../../engine';
import { bookIdOf, emptyBook, reduceBook, reduceChapter } from './catalog-reducers';
import { newChapterPush } from './new-chapter-push';

/**
 * Projects the catalog into rm_books (metadata and chapter lists) and rm_chapters (chapter texts). A new chapter is
 * pushed to its book's room (once the batch's writes are in the store: ProjectionContext.push), so the pages that
 * refetch on the push find it. Shape 2: the chapter lists keep each chapter's `text_hash` (revisions since a reader
 * read a chapter).
 */
@Injectable()
export class CatalogProjector implements Projector {
  readonly name = 'catalog';
  readonly handles = Object.values(CatalogEventType);
  /** The chapter texts first: a chapter list's `text_hash` announces a revision, so the text is stored before it. */
  readonly owns = [ReadModelCollection.Chapters, ReadModelCollection.Books];
  readonly shape = 2;

  async apply(event: CatalogEvent, { place, push, models }: ProjectionContext): Promise<void> {
    const published = await this.projectChapter(event, models);
    const books = models.collection<BookReadModel>(ReadModelCollection.Books);
    const bookId = bookIdOf(event);
    const current = await books.findOne({ _id: bookReadModelId(bookId) });
    const next = reduceBook(current ?? emptyBook(bookId), event, place);
    if (next !== current) await saveDocument(books, next, current === null);
    if (published) push({ kind: 'chapter-published', push: published });
  }

  /** Projects a chapter event into rm_chapters; resolves with the push announcing a new chapter, or null. */
  private async projectChapter(event: CatalogEvent, models: BatchModels): Promise<ChapterPublishedPush | null> {
    const chapterId = 'chapter_id' in event.data ? event.data.chapter_id : undefined;
    if (chapterId === undefined) return null;
    const chapters = models.collection<ChapterReadModel>(ReadModelCollection.Chapters);
    const current = await chapters.findOne({ _id: chapterReadModelId(event.data.book_id, chapterId) });
    const next = reduceChapter(current, event);
    if (next) await saveDocument(chapters, next, next.version === 1);
    return newChapterPush(current, event);
  }
}
