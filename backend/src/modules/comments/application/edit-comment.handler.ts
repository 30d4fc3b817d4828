import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CommentMessage } from '@shelf/contracts';
import { AccountDirectory } from '../../accounts/application/account-directory';
import { type CommentOutcome, decideEdit } from '../domain/comment-decisions';
import { suspendedMessage } from '../domain/comment-messages';
import { CommentRepository } from '../infrastructure/comment-repository';
import { EditCommentCommand } from './edit-comment.command';

@CommandHandler(EditCommentCommand)
export class EditCommentHandler implements ICommandHandler<EditCommentCommand, CommentOutcome> {
  constructor(
    private readonly directory: AccountDirectory,
    private readonly comments: CommentRepository,
  ) {}

  async execute({ userId, commentId, content }: EditCommentCommand): Promise<CommentOutcome> {
    const author = await this.directory.find(userId);
    if (!author?.emailVerified) return { ok: false, status: 403, message: CommentMessage.logInToComment };
    if (author.suspension) return { ok: false, status: 403, message: suspendedMessage(author.suspension.until) };
    return this.comments.change(commentId, (state) => decideEdit(state, userId, content), userId);
  }
}
