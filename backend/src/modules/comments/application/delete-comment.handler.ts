import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { decideDelete } from '../domain/comment-decisions';
import { CommentRepository } from '../infrastructure/comment-repository';
import { DeleteCommentCommand } from './delete-comment.command';

/** Only the author deletes; the text stays in the log but is never sent again. Resolves with the reader's message. */
@CommandHandler(DeleteCommentCommand)
export class DeleteCommentHandler implements ICommandHandler<DeleteCommentCommand, string> {
  constructor(private readonly comments: CommentRepository) {}

  execute({ userId, commentId }: DeleteCommentCommand): Promise<string> {
    return this.comments.change(commentId, (state) => decideDelete(state, userId), userId);
  }
}
