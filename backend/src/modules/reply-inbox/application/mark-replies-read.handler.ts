import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ReaderMarks } from '../../../event-store/reader-marks';
import { decideRepliesRead } from '../domain/replies-read-decisions';
import { ReplyInboxReadModels } from '../infrastructure/reply-inbox-read-models';
import { MarkRepliesReadCommand } from './mark-replies-read.command';

/** Marks every reply so far as read; with nothing unread it appends nothing. Resolves with the replies it marked. */
@CommandHandler(MarkRepliesReadCommand)
export class MarkRepliesReadHandler implements ICommandHandler<MarkRepliesReadCommand, number> {
  constructor(
    private readonly marks: ReaderMarks,
    private readonly inboxes: ReplyInboxReadModels,
  ) {}

  async execute({ userId }: MarkRepliesReadCommand): Promise<number> {
    const { outcome, events } = decideRepliesRead(await this.inboxes.unreadCount(userId), userId);
    for (const event of events) await this.marks.append(userId, event);
    return outcome;
  }
}
