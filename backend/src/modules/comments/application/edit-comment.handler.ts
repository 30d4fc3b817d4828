import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CommentMessage } from '@shelf/contracts';
import { AccountDirectory } from '../../accounts/application/account-directory';
import { type CommentOutcome, decideEdit } from '../domain/comment-decisions';
import { commenterRefusal } from '../domain/comment-posting';
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
    const refusal = commenterRefusal(author, CommentMessage.logInToComment);
    if (refusal) return refusal.outcome;
    return this.comments.change(commentId, (state) => decideEdit(state, userId, content), userId);
  }
}
