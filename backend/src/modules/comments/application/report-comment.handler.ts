import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AccountDirectory } from '../../accounts/application/account-directory';
import { type CommentOutcome, decideReport } from '../domain/comment-decisions';
import { CommentAnswer } from '../domain/comment-messages';
import { commenterRefusal } from '../domain/comment-posting';
import { CommentRepository } from '../infrastructure/comment-repository';
import { ReportCommentCommand } from './report-comment.command';

/** One report per reader per comment, with an optional reason; the tenth open report removes it. */
@CommandHandler(ReportCommentCommand)
export class ReportCommentHandler implements ICommandHandler<ReportCommentCommand, CommentOutcome> {
  constructor(
    private readonly directory: AccountDirectory,
    private readonly comments: CommentRepository,
  ) {}

  async execute({ userId, commentId, reason }: ReportCommentCommand): Promise<CommentOutcome> {
    const reporter = await this.directory.find(userId);
    const refusal = commenterRefusal(reporter, CommentAnswer.logInToReport);
    if (refusal) return refusal.outcome;
    return this.comments.change(commentId, (state) => decideReport(state, userId, reason), userId);
  }
}
