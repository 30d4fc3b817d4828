/** The author of a comment (its id and thread) is deleting their account (`userId`): its read models forget them. */
export class EraseCommentAuthorCommand {
  constructor(
    readonly comment: { comment_id: string; book_id: number; chapter_id: number | null },
    readonly userId: string,
  ) {}
}
