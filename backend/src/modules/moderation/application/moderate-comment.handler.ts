import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommentDecision, CommentOutcome } from '../../comments/domain/comment-decisions';
import type { CommentState } from '../../comments/domain/comment-state';
import { CommentRepository } from '../../comments/infrastructure/comment-repository';
import { decideDismissal, decideOperatorRemoval, decideRestoration } from '../domain/comment-moderation';
import { type CommentModeration, ModerateCommentCommand } from './moderate-comment.command';

const DECIDE: Record<CommentModeration, (state: CommentState | null) => CommentDecision> = {
  dismiss: decideDismissal,
  remove: decideOperatorRemoval,
  restore: decideRestoration,
};

@CommandHandler(ModerateCommentCommand)
export class ModerateCommentHandler implements ICommandHandler<ModerateCommentCommand, CommentOutcome> {
  constructor(private readonly comments: CommentRepository) {}

  execute({ operatorId, commentId, action }: ModerateCommentCommand): Promise<CommentOutcome> {
    return this.comments.change(commentId, DECIDE[action], operatorId);
  }
}
