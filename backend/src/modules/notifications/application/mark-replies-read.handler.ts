import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { decideRepliesRead } from '../domain/reader-mark-decisions';
import { ReaderMarks } from '../infrastructure/reader-marks';
import { ReaderReadModels } from '../infrastructure/reader-read-models';
import { MarkRepliesReadCommand } from './mark-replies-read.command';

/** Marks every reply so far as read; with nothing unread it appends nothing. Resolves with the replies it marked. */
@CommandHandler(MarkRepliesReadCommand)
export class MarkRepliesReadHandler implements ICommandHandler<MarkRepliesReadCommand, number> {
  constructor(
    private readonly marks: ReaderMarks,
    private readonly readers: ReaderReadModels,
  ) {}

  async execute({ userId }: MarkRepliesReadCommand): Promise<number> {
    const { outcome, events } = decideRepliesRead(await this.readers.unreadCount(userId), userId);
    for (const event of events) await this.marks.append(userId, event);
    return outcome;
  }
}
