export interface NewComment {
  book_id: number;
  chapter_id: number | null;
  parent_comment_id: string | null;
  comment_content: string;
  /** The key of the chapter's paragraph it is on (null: none). */
  paragraph: string | null;
}

export class PostCommentCommand {
  constructor(
    readonly userId: string,
    readonly comment: NewComment,
    /**
     * The client's key for this comment (the `Idempotency-Key` header), the same on every retry of one posting: a
     * retry of a posting that was stored (its answer lost to a timeout or a dropped connection) answers as the first did
     * and posts nothing again. Null: every call posts.
     */
    readonly idempotencyKey: string | null = null,
  ) {}
}
