import { type DynamicModule, Module } from '@nestjs/common';
import { ServeStaticModule } from '@nestjs/serve-static';
import type { EnvVariables } from '@shelf/server-config';
import { existsSync } from 'node:fs';
import { sep } from 'node:path';
import { EventStoreModule } from './event-store/event-store.module';
import { AccountsModule } from './modules/accounts/accounts.module';
import { AuditModule } from './modules/audit/audit.module';
import { CatalogCommandsModule, CatalogQueriesModule } from './modules/catalog/catalog.module';
import { CommentsModule } from './modules/comments/comments.module';
import { DigestsModule } from './modules/digests/digests.module';
import { EbooksModule } from './modules/ebooks/ebooks.module';
import { FeedsModule } from './modules/feeds/feeds.module';
import { HealthModule } from './modules/health/health.module';
import { LikesModule } from './modules/likes/likes.module';
import { METRICS_PATH } from './modules/metrics';
import { MetricsModule } from './modules/metrics/metrics.module';
import { MutesModule } from './modules/mutes/mutes.module';
import { ModerationModule } from './modules/moderation/moderation.module';
import { ReplyInboxModule } from './modules/reply-inbox/reply-inbox.module';
import { QUEUE_DASHBOARD_PATH } from './modules/operators';
import { OperatorsModule } from './modules/operators/operators.module';
import { PagesModule } from './modules/pages/pages.module';
import { WEB_DIST } from './platform/http/web-dist';
import { ReadingProgressModule } from './modules/reading-progress/reading-progress.module';
import { SearchPresetsModule } from './modules/search-presets/search-presets.module';
import { ShelvesModule } from './modules/shelves/shelves.module';
import { PersonalDataModule } from './modules/personal-data/personal-data.module';
import { PlatformModule } from './platform/platform.module';
import { RealtimeModule } from './realtime/realtime.module';


/** Vite names the built assets by their content hash: a browser may keep them for good. */
function cacheForever(res: { setHeader(name: string, value: string): void }, path: string): void {
  if (path.includes(`${sep}assets${sep}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
}

@Module({})
export class AppModule {
  static register(variables: EnvVariables): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.register(variables),
        EventStoreModule,
        HealthModule,
        AccountsModule,
        RealtimeModule,
        OperatorsModule,
        MetricsModule,
        CatalogCommandsModule,
        LikesModule,
        CommentsModule,
        ReplyInboxModule,
        ModerationModule,
        AuditModule,
        ReadingProgressModule,
        ShelvesModule,
        SearchPresetsModule,
        MutesModule,
        PersonalDataModule,
        DigestsModule,
        // Just before the catalog: it imports CatalogQueriesModule, and its routes must come before the catalog's.
        FeedsModule,
        // Last among the API modules: its /:bookIDSlug routes match any single path segment.
        CatalogQueriesModule,
        PagesModule,
        EbooksModule,
        ...(existsSync(WEB_DIST)
          ? [ServeStaticModule.forRoot({ rootPath: WEB_DIST, exclude: ['/api/{*path}', '/realtime/{*path}', '/covers/{*path}', `${QUEUE_DASHBOARD_PATH}{/*path}`, `${METRICS_PATH}{/*path}`], serveStaticOptions: { setHeaders: cacheForever } })]
          : []),
      ],
    };
  }
}
