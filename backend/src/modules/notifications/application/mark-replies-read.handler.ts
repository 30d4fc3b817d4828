import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { SocialEventType } from '@shelf/contracts';
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
    const unread = await this.readers.unreadCount(userId);
    if (unread === 0) return 0;
    await this.marks.append(userId, SocialEventType.RepliesMarkedRead);
    return unread;
  }
}
