import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { SocialEventType } from '@shelf/contracts';
import { ReaderMarks } from '../infrastructure/reader-marks';
import { ReaderReadModels } from '../infrastructure/reader-read-models';
import { MarkUpdatesCheckedCommand } from './mark-updates-checked.command';

/** Marks every liked story's updates so far as checked; with none unchecked it appends nothing. */
@CommandHandler(MarkUpdatesCheckedCommand)
export class MarkUpdatesCheckedHandler implements ICommandHandler<MarkUpdatesCheckedCommand, number> {
  constructor(
    private readonly marks: ReaderMarks,
    private readonly readers: ReaderReadModels,
  ) {}

  async execute({ userId }: MarkUpdatesCheckedCommand): Promise<number> {
    const unchecked = await this.readers.uncheckedCount(userId);
    if (unchecked === 0) return 0;
    await this.marks.append(userId, SocialEventType.LikedUpdatesChecked);
    return unchecked;
  }
}
