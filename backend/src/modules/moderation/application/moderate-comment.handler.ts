import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type CommentDecision, type CommentState, CommentRepository } from '../../comments';
import { decideDismissal, decideOperatorRemoval, decideRestoration } from '../domain/comment-moderation';
import { type CommentModeration, ModerateCommentCommand } from './moderate-comment.command';

const DECIDE: Record<CommentModeration, (state: CommentState | null) => CommentDecision> = {
  dismiss: decideDismissal,
  remove: decideOperatorRemoval,
  restore: decideRestoration,
};

/** Resolves with the operator's message. */
@CommandHandler(ModerateCommentCommand)
export class ModerateCommentHandler implements ICommandHandler<ModerateCommentCommand, string> {
  constructor(private readonly comments: CommentRepository) {}

  execute({ operatorId, commentId, action }: ModerateCommentCommand): Promise<string> {
    return this.comments.change(commentId, DECIDE[action], operatorId);
  }
}
