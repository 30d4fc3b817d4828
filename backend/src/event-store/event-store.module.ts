import { Global, Module } from '@nestjs/common';
import { EventPublisher } from './event-publisher';
import { EventStore } from './event-store';

@Global()
@Module({ providers: [EventPublisher, EventStore], exports: [EventStore] })
export class EventStoreModule {}
