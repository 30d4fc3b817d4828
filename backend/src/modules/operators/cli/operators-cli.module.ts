import { type DynamicModule, Module } from '@nestjs/common';
import type { EnvVariables } from '@shelf/server-config';
import { EventStoreModule } from '../../../event-store/event-store.module';
import { PlatformModule } from '../../../platform/platform.module';
import { AccountsModule } from '../../accounts/accounts.module';
import { AuditTrailReadStore } from '../../audit';

/** What the operators CLI needs: the store, the event log, the account commands and the audit trail; no HTTP. */
@Module({})
export class OperatorsCliModule {
  static register(variables: EnvVariables): DynamicModule {
    return { module: OperatorsCliModule, imports: [PlatformModule.register(variables, 'tool'), EventStoreModule, AccountsModule], providers: [AuditTrailReadStore] };
  }
}
