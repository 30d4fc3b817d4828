/** The author of `commentId` is deleting their account (`userId`): the comment's read models forget them. */
export class EraseCommentAuthorCommand {
  constructor(
    readonly commentId: string,
    readonly userId: string,
  ) {}
}
