import { Injectable } from '@nestjs/common';
import {
  bookReadModelId,
  type BookReadModel,
  type ChapterReadModel,
  chapterReadModelId,
  ReadModelCollection,
} from '@shelf/contracts';
import { LRUCache } from 'lru-cache';
import { ReadModels } from '../../../platform/read-models';

/** Reads the catalog read models, by id only (the cheapest lookup on every supported store). */
@Injectable()
export class CatalogReadStore {
  /** Books seen to exist. A book is never taken away, so a command need not look one up twice. */
  private readonly knownBooks = new LRUCache<number, true>({ max: 100_000 });

  constructor(private readonly readModels: ReadModels) {}

  /** Whether the book exists (with metadata): what a command on it checks first. */
  async bookExists(bookId: number): Promise<boolean> {
    if (this.knownBooks.has(bookId)) return true;
    const exists = (await this.findBook(bookId)) !== null;
    if (exists) this.knownBooks.set(bookId, true);
    return exists;
  }

  /** The book, or null when it does not exist or has no metadata yet. */
  async findBook(bookId: number): Promise<(BookReadModel & { metadata: NonNullable<BookReadModel['metadata']> }) | null> {
    const book = await this.readModels.collection<BookReadModel>(ReadModelCollection.Books).findOne({ _id: bookReadModelId(bookId) });
    return book?.metadata ? (book as BookReadModel & { metadata: NonNullable<BookReadModel['metadata']> }) : null;
  }

  findChapter(bookId: number, chapterId: number): Promise<ChapterReadModel | null> {
    return this.readModels.collection<ChapterReadModel>(ReadModelCollection.Chapters).findOne({ _id: chapterReadModelId(bookId, chapterId) });
  }
}
