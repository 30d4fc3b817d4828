import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AccountDirectory } from '../../accounts/application/account-directory';
import { type CommentOutcome, decideReport } from '../domain/comment-decisions';
import { CommentAnswer, suspendedMessage } from '../domain/comment-messages';
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
    if (!reporter?.emailVerified) return { ok: false, status: 403, message: CommentAnswer.logInToReport };
    if (reporter.suspension) return { ok: false, status: 403, message: suspendedMessage(reporter.suspension.until) };
    return this.comments.change(commentId, (state) => decideReport(state, userId, reason), userId);
  }
}
