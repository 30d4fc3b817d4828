import { type DynamicModule, Module } from '@nestjs/common';
import type { EnvVariables } from '@shelf/server-config';
import { EventStoreModule } from '../../../event-store/event-store.module';
import { PlatformModule } from '../../../platform/platform.module';
import { CatalogCommandsModule } from '../catalog.module';

/** What the catalog CLI needs: the store, the event log and the catalog commands; no HTTP. */
@Module({})
export class CatalogCliModule {
  static register(variables: EnvVariables): DynamicModule {
    return { module: CatalogCliModule, imports: [PlatformModule.register(variables, 'tool'), EventStoreModule, CatalogCommandsModule] };
  }
}
