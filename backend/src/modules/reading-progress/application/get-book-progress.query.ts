import { Injectable } from '@nestjs/common';
import { type BookProgressResponse, revisedChapters } from '@shelf/contracts';
import { CatalogReadStore } from '../../catalog';
import { ReadingProgressReadStore } from '../infrastructure/reading-progress-read-store';

/** Where the reader stopped in a book, the chapters they have read and those revised since, from the read models. */
@Injectable()
export class GetBookProgressQuery {
  constructor(
    private readonly progress: ReadingProgressReadStore,
    private readonly catalog: CatalogReadStore,
  ) {}

  async execute(userId: string, bookId: number): Promise<BookProgressResponse> {
    const [positions, read, book] = await Promise.all([this.progress.positions(userId), this.progress.bookProgress(userId, bookId), this.catalog.findBook(bookId)]);
    return {
      progress: positions[`b${bookId}`] ?? null,
      chapters_read: read?.chapters_read ?? [],
      chapters_revised: book ? revisedChapters(read?.texts_read ?? {}, book.chapters) : [],
    };
  }
}
