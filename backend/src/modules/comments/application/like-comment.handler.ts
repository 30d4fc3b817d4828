import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { decideCommentLike } from '../domain/comment-decisions';
import { CommentRepository } from '../infrastructure/comment-repository';
import { LikeCommentCommand } from './like-comment.command';

/** Liking or unliking a comment; doing it twice is doing it once. Resolves with the reader's message. */
@CommandHandler(LikeCommentCommand)
export class LikeCommentHandler implements ICommandHandler<LikeCommentCommand, string> {
  constructor(private readonly comments: CommentRepository) {}

  execute({ userId, commentId, like }: LikeCommentCommand): Promise<string> {
    return this.comments.changeLike(commentId, userId, (comment, likedBefore) => decideCommentLike(comment, { userId, like, likedBefore }));
  }
}
