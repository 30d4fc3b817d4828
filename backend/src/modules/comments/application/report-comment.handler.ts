import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AccountDirectory } from '../../accounts/application/account-directory';
import { type CommentOutcome, decideReport } from '../domain/comment-decisions';
import { CommentAnswer } from '../domain/comment-messages';
import { CommentRepository } from '../infrastructure/comment-repository';
import { ReportCommentCommand } from './report-comment.command';

/** One report per reader per comment; the tenth removes it. */
@CommandHandler(ReportCommentCommand)
export class ReportCommentHandler implements ICommandHandler<ReportCommentCommand, CommentOutcome> {
  constructor(
    private readonly directory: AccountDirectory,
    private readonly comments: CommentRepository,
  ) {}

  async execute({ userId, commentId }: ReportCommentCommand): Promise<CommentOutcome> {
    if (!(await this.directory.find(userId))?.emailVerified) return { ok: false, status: 403, message: CommentAnswer.logInToReport };
    return this.comments.change(commentId, (state) => decideReport(state, userId), userId);
  }
}
