import { Global, Module } from '@nestjs/common';
import { getConnectionToken, MongooseModule } from '@nestjs/mongoose';
import { KeyEncryptionKey, PersonalKeys } from '@shelf/server-config';
import type { Connection } from 'mongoose';
import { SERVICE_ENV, type ServiceEnv } from '../platform/config/service-env';
import { EventStore } from './event-store';
import { LOG_POSITION_MODEL, logPositionSchema } from './log-position.schema';
import { LogWakeUps } from './log-wake-ups';
import { PARTITION_HEAD_MODEL, partitionHeadSchema } from './partition-head.schema';
import { STORED_EVENT_MODEL, storedEventSchema } from './stored-event.schema';

@Global()
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: STORED_EVENT_MODEL, schema: storedEventSchema },
      { name: LOG_POSITION_MODEL, schema: logPositionSchema },
      { name: PARTITION_HEAD_MODEL, schema: partitionHeadSchema },
    ]),
  ],
  providers: [
    LogWakeUps,
    EventStore,
    // The key-encryption key, from the environment (never the store), and the accounts' personal keys it wraps, which
    // seal and open their events' personal fields (crypto-shredding).
    { provide: KeyEncryptionKey, useFactory: (env: ServiceEnv) => new KeyEncryptionKey(env.keyEncryptionKey), inject: [SERVICE_ENV] },
    {
      provide: PersonalKeys,
      useFactory: (connection: Connection, kek: KeyEncryptionKey) => new PersonalKeys(() => connection.db!, kek),
      inject: [getConnectionToken(), KeyEncryptionKey],
    },
  ],
  exports: [EventStore, PersonalKeys, KeyEncryptionKey],
})
export class EventStoreModule {}
