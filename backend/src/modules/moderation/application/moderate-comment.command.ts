/** What an operator does to a reported comment. */
export type CommentModeration = 'dismiss' | 'remove' | 'restore';

/** An operator's decision on a comment, appended to its stream with the operator as the actor. */
export class ModerateCommentCommand {
  constructor(
    readonly operatorId: string,
    readonly commentId: string,
    readonly action: CommentModeration,
  ) {}
}
