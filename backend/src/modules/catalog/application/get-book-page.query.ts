import { Injectable } from '@nestjs/common';
import { type BookPageResponse, bookProgress } from '@shelf/contracts';
import { DomainError } from '../../../domain/domain-error';
import { CatalogReadStore } from '../infrastructure/catalog-read-store';
import { CatalogLists } from './catalog-lists';
import { toBookDetail, toChapterListEntry } from './catalog-mappers';

export const RECOMMENDATIONS = 6;

/** GET /api/{bookIDSlug}: the book, its chapter list, random recommendations and its glossary. */
@Injectable()
export class GetBookPageQuery {
  constructor(
    private readonly store: CatalogReadStore,
    private readonly lists: CatalogLists,
  ) {}

  async execute(bookId: number): Promise<BookPageResponse> {
    const book = await this.store.findBook(bookId);
    if (!book) throw new DomainError('not-found', 'Book not found.');
    return {
      bookDetails: toBookDetail(book),
      chapters: bookProgress(book).chapters.map(toChapterListEntry),
      randomBooks: await this.lists.random({}, RECOMMENDATIONS, bookId),
      glossary: book.metadata.glossary ?? [],
    };
  }
}
