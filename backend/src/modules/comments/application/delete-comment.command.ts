export class DeleteCommentCommand {
  constructor(
    readonly userId: string,
    readonly commentId: string,
  ) {}
}
