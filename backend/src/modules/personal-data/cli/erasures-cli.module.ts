import { type DynamicModule, Module } from '@nestjs/common';
import type { EnvVariables } from '@shelf/server-config';
import { EventStoreModule } from '../../../event-store/event-store.module';
import { PlatformModule } from '../../../platform/platform.module';
import { AccountsModule } from '../../accounts/accounts.module';
import { CommentsModule } from '../../comments/comments.module';
import { ReapplyErasures } from '../application/reapply-erasures';
import { PersonalDataModule } from '../personal-data.module';

/**
 * What `npm run erasures:reapply` needs: the store, the event log and the erasure's steps with the command handlers
 * they use (comments: each comment forgets its author); no HTTP.
 */
@Module({})
export class ErasuresCliModule {
  static register(variables: EnvVariables): DynamicModule {
    return {
      module: ErasuresCliModule,
      imports: [PlatformModule.register(variables, 'tool'), EventStoreModule, AccountsModule, CommentsModule, PersonalDataModule],
      providers: [ReapplyErasures],
    };
  }
}
