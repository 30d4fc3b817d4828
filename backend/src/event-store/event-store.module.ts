import { Global, Module } from '@nestjs/common';
import { EventStore } from './event-store';
import { LogWakeUps } from './log-wake-ups';

@Global()
@Module({ providers: [LogWakeUps, EventStore], exports: [EventStore] })
export class EventStoreModule {}
