import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ResponseCache } from '../../platform/http/response-cache';
import { CatalogController } from './api/catalog.controller';
import { CoverController } from './api/cover.controller';
import { SearchController } from './api/search.controller';
import { CatalogLists } from './application/catalog-lists';
import { GetBookPageQuery } from './application/get-book-page.query';
import { GetCategoryPageQuery } from './application/get-category-page.query';
import { GetChapterPageQuery } from './application/get-chapter-page.query';
import { GetHomeQuery } from './application/get-home.query';
import { SaveBookHandler } from './application/save-book.handler';
import { SaveChapterHandler } from './application/save-chapter.handler';
import { SearchBooksQuery } from './application/search-books.query';
import { CatalogReadStore } from './infrastructure/catalog-read-store';

/** The catalog's write side: publishing and updating books and chapters. */
@Module({
  imports: [CqrsModule],
  providers: [SaveBookHandler, SaveChapterHandler],
})
export class CatalogCommandsModule {}

/** Reading the catalog's read models and lists, for the catalog's own API and for other modules. */
@Module({
  providers: [CatalogReadStore, CatalogLists],
  exports: [CatalogReadStore, CatalogLists],
})
export class CatalogReadModule {}

/** The public catalog API: home, categories, books, chapters and search. Import it last (see CatalogController). */
@Module({
  imports: [CatalogReadModule],
  controllers: [SearchController, CoverController, CatalogController],
  providers: [
    ResponseCache,
    GetHomeQuery,
    GetCategoryPageQuery,
    GetBookPageQuery,
    GetChapterPageQuery,
    SearchBooksQuery,
  ],
  // The queries serve the server-rendered pages too (modules/pages).
  exports: [ResponseCache, GetHomeQuery, GetCategoryPageQuery, GetBookPageQuery, GetChapterPageQuery],
})
export class CatalogQueriesModule {}
