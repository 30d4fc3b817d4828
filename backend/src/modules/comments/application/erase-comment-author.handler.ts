import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { decideAuthorErasure } from '../domain/comment-decisions';
import { CommentRepository } from '../infrastructure/comment-repository';
import { EraseCommentAuthorCommand } from './erase-comment-author.command';

/**
 * Appends `comment.author-erased.v1` to the comment's stream, in its thread's partition, whose consumer alone writes the
 * thread's pages and the comment as operators see it (docs/architecture.md, "Erasure").
 */
@CommandHandler(EraseCommentAuthorCommand)
export class EraseCommentAuthorHandler implements ICommandHandler<EraseCommentAuthorCommand, string> {
  constructor(private readonly comments: CommentRepository) {}

  execute({ commentId, userId }: EraseCommentAuthorCommand): Promise<string> {
    return this.comments.change(commentId, (state) => decideAuthorErasure(state, userId), userId);
  }
}
