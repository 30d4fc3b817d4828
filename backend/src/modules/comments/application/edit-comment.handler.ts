import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CommentMessage } from '@shelf/contracts';
import { AccountDirectory } from '../../accounts';
import { decideEdit } from '../domain/comment-decisions';
import { refuseNonCommenter } from '../domain/comment-posting';
import { CommentRepository } from '../infrastructure/comment-repository';
import { EditCommentCommand } from './edit-comment.command';

/** Resolves with the reader's message. */
@CommandHandler(EditCommentCommand)
export class EditCommentHandler implements ICommandHandler<EditCommentCommand, string> {
  constructor(
    private readonly directory: AccountDirectory,
    private readonly comments: CommentRepository,
  ) {}

  async execute({ userId, commentId, content }: EditCommentCommand): Promise<string> {
    refuseNonCommenter(await this.directory.find(userId), CommentMessage.logInToComment);
    return this.comments.change(commentId, (state) => decideEdit(state, userId, content), userId);
  }
}
