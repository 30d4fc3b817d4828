import { type DynamicModule, Module } from '@nestjs/common';
import { ServeStaticModule } from '@nestjs/serve-static';
import type { ServiceEnv } from '@shelf/contracts';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { EventStoreModule } from './event-store/event-store.module';
import { AccountsModule } from './modules/accounts/accounts.module';
import { CatalogCommandsModule, CatalogQueriesModule } from './modules/catalog/catalog.module';
import { HealthModule } from './modules/health/health.module';
import { PlatformModule } from './platform/platform.module';

/** The built web app; the API serves it at the same origin, so the client needs no CORS. */
const webDist = process.env.WEB_DIST ?? join(__dirname, '..', '..', 'web', 'dist');

@Module({})
export class AppModule {
  static register(env: ServiceEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.register(env),
        EventStoreModule,
        HealthModule,
        AccountsModule,
        CatalogCommandsModule,
        // Last among the API modules: its /:bookIDSlug routes match any single path segment.
        CatalogQueriesModule,
        ...(existsSync(webDist)
          ? [ServeStaticModule.forRoot({ rootPath: webDist, exclude: ['/api/{*path}', '/realtime/{*path}', '/covers/{*path}'] })]
          : []),
      ],
    };
  }
}
