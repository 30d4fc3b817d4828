import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type CommentOutcome, decideDelete } from '../domain/comment-decisions';
import { CommentRepository } from '../infrastructure/comment-repository';
import { DeleteCommentCommand } from './delete-comment.command';

/** Only the author deletes; the text stays in the log but is never sent again. */
@CommandHandler(DeleteCommentCommand)
export class DeleteCommentHandler implements ICommandHandler<DeleteCommentCommand, CommentOutcome> {
  constructor(private readonly comments: CommentRepository) {}

  execute({ userId, commentId }: DeleteCommentCommand): Promise<CommentOutcome> {
    return this.comments.change(commentId, (state) => decideDelete(state, userId), userId);
  }
}
