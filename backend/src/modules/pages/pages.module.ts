import { Module } from '@nestjs/common';
import { CatalogQueriesModule } from '../catalog/catalog.module';
import { CommentThreadsModule } from '../comments/comment-threads.module';
import { ServerRenderedPages } from './api/server-rendered-pages';
import { PageAnswers } from './application/page-answers';
import { PageCache } from './application/page-cache';
import { WebAppBuildModule } from './web-app-build.module';

/** The pages the API sends already rendered (see ServerRenderedPages), from the catalog's queries and a chapter's paragraph counts. */
@Module({
  imports: [CatalogQueriesModule, CommentThreadsModule, WebAppBuildModule],
  providers: [PageAnswers, PageCache, ServerRenderedPages],
  exports: [ServerRenderedPages],
})
export class PagesModule {}
