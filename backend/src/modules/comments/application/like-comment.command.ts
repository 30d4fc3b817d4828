/** `like` true likes the comment, false takes the like back. */
export class LikeCommentCommand {
  constructor(
    readonly userId: string,
    readonly commentId: string,
    readonly like: boolean,
  ) {}
}
