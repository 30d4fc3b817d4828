import { Global, Module } from '@nestjs/common';
import { getConnectionToken, MongooseModule } from '@nestjs/mongoose';
import { PersonalKeys } from '@shelf/server-config';
import type { Connection } from 'mongoose';
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
    // The accounts' personal keys, which seal and open their events' personal fields (crypto-shredding).
    { provide: PersonalKeys, useFactory: (connection: Connection) => new PersonalKeys(() => connection.db!), inject: [getConnectionToken()] },
  ],
  exports: [EventStore, PersonalKeys],
})
export class EventStoreModule {}
