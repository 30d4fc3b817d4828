import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AccountEventType, accountStreams } from '@shelf/contracts';
import { randomUUID } from 'node:crypto';
import { eventMetadata } from '../../../event-store/event-metadata';
import { EventStore } from '../../../event-store/event-store';
import { RecordDataExportCommand } from './record-data-export.command';

/**
 * Appends "data exported" (actor and time, none of the data) in a stream of its own, like a registration attempt: an
 * export has nothing to decide against and never races a change to the account.
 */
@CommandHandler(RecordDataExportCommand)
export class RecordDataExportHandler implements ICommandHandler<RecordDataExportCommand, void> {
  constructor(private readonly store: EventStore) {}

  async execute({ userId, format }: RecordDataExportCommand): Promise<void> {
    await this.store.append(accountStreams.dataExport(userId, randomUUID()), 0, [{ type: AccountEventType.DataExported, data: { userId, format } }], eventMetadata(userId));
  }
}
