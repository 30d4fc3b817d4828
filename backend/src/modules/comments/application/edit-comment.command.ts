export class EditCommentCommand {
  constructor(
    readonly userId: string,
    readonly commentId: string,
    readonly content: string,
  ) {}
}
