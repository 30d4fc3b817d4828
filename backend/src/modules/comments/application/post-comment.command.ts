export interface NewComment {
  book_id: number;
  chapter_id: number | null;
  parent_comment_id: string | null;
  comment_content: string;
}

export class PostCommentCommand {
  constructor(
    readonly userId: string,
    readonly comment: NewComment,
  ) {}
}
