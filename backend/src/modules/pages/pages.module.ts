import { Module } from '@nestjs/common';
import { CatalogQueriesModule } from '../catalog/catalog.module';
import { ServerRenderedPages } from './api/server-rendered-pages';
import { PageAnswers } from './application/page-answers';
import { PageCache } from './application/page-cache';

/** The pages the API sends already rendered (see ServerRenderedPages), from the catalog's queries. */
@Module({
  imports: [CatalogQueriesModule],
  providers: [PageAnswers, PageCache, ServerRenderedPages],
  exports: [ServerRenderedPages],
})
export class PagesModule {}
