import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AccountDirectory } from '../../accounts';
import { decideReport } from '../domain/comment-decisions';
import { CommentAnswer } from '../domain/comment-messages';
import { refuseNonCommenter } from '../domain/comment-posting';
import { CommentRepository } from '../infrastructure/comment-repository';
import { ReportCommentCommand } from './report-comment.command';

/** One report per reader per comment, with an optional reason; the tenth open report removes it. Resolves with the reader's message. */
@CommandHandler(ReportCommentCommand)
export class ReportCommentHandler implements ICommandHandler<ReportCommentCommand, string> {
  constructor(
    private readonly directory: AccountDirectory,
    private readonly comments: CommentRepository,
  ) {}

  async execute({ userId, commentId, reason }: ReportCommentCommand): Promise<string> {
    refuseNonCommenter(await this.directory.find(userId), CommentAnswer.logInToReport);
    return this.comments.change(commentId, (state) => decideReport(state, userId, reason), userId);
  }
}
