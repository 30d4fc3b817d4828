import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '../../../domain/domain-error';
import { positionsToMerge } from '../domain/merge-decisions';
import type { ProgressOutcome } from '../domain/progress-decisions';
import { ReadingProgressReadStore } from '../infrastructure/reading-progress-read-store';
import { MergeProgressCommand } from './merge-progress.command';
import { RecordProgressCommand } from './record-progress.command';

/**
 * Records each of the visitor's positions that is newer than the account's in its book; resolves with how many. A
 * position in a book or chapter that no longer exists is passed over.
 */
@CommandHandler(MergeProgressCommand)
export class MergeProgressHandler implements ICommandHandler<MergeProgressCommand, number> {
  constructor(
    private readonly commands: CommandBus,
    private readonly progress: ReadingProgressReadStore,
  ) {}

  async execute({ userId, positions }: MergeProgressCommand): Promise<number> {
    const toMerge = positionsToMerge(positions, await this.progress.positions(userId));
    let merged = 0;
    for (const { book_id, chapter_id, position } of toMerge) {
      try {
        if ((await this.commands.execute<RecordProgressCommand, ProgressOutcome>(new RecordProgressCommand(userId, book_id, chapter_id, position))).recorded) merged++;
      } catch (error) {
        if (!(error instanceof DomainError && error.code === 'not-found')) throw error;
      }
    }
    return merged;
  }
}
