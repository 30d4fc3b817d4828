import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ReaderMarks } from '../../../event-store/reader-marks';
import { decideUpdatesChecked } from '../domain/updates-checked-decisions';
import { LikedStoriesReadModels } from '../infrastructure/liked-stories-read-models';
import { MarkUpdatesCheckedCommand } from './mark-updates-checked.command';

/** Marks every liked story's updates so far as checked; with none unchecked it appends nothing. */
@CommandHandler(MarkUpdatesCheckedCommand)
export class MarkUpdatesCheckedHandler implements ICommandHandler<MarkUpdatesCheckedCommand, number> {
  constructor(
    private readonly marks: ReaderMarks,
    private readonly readers: LikedStoriesReadModels,
  ) {}

  async execute({ userId }: MarkUpdatesCheckedCommand): Promise<number> {
    const { outcome, events } = decideUpdatesChecked(await this.readers.uncheckedCount(userId), userId);
    for (const event of events) await this.marks.append(userId, event);
    return outcome;
  }
}
