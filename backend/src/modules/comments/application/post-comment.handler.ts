import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CommentMessage, commentTextProblem, cooldownMessage, SocialEventType } from '@shelf/contracts';
import { createHash, randomUUID } from 'node:crypto';
import { AccountDirectory } from '../../accounts/application/account-directory';
import { CatalogReadStore } from '../../catalog/infrastructure/catalog-read-store';
import type { CommentOutcome, RefusalStatus } from '../domain/comment-decisions';
import { CommentAnswer, suspendedMessage } from '../domain/comment-messages';
import { CommentCooldown } from '../infrastructure/comment-cooldown';
import { CommentRepository } from '../infrastructure/comment-repository';
import { type NewComment, PostCommentCommand } from './post-comment.command';

export type PostOutcome = CommentOutcome & { commentId?: string };

const refuse = (status: RefusalStatus, message: string): PostOutcome => ({ ok: false, status, message });
const emailHash = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

/** Checks every rule of spec section 5 for a new comment or reply, then starts the comment's stream. */
@CommandHandler(PostCommentCommand)
export class PostCommentHandler implements ICommandHandler<PostCommentCommand, PostOutcome> {
  constructor(
    private readonly directory: AccountDirectory,
    private readonly catalog: CatalogReadStore,
    private readonly comments: CommentRepository,
    private readonly cooldown: CommentCooldown,
  ) {}

  async execute({ userId, comment }: PostCommentCommand): Promise<PostOutcome> {
    const author = await this.directory.find(userId);
    if (!author?.emailVerified) return refuse(403, comment.parent_comment_id ? CommentMessage.logInToReply : CommentMessage.logInToComment);
    if (author.suspension) return refuse(403, suspendedMessage(author.suspension.until));
    const textProblem = commentTextProblem(comment.comment_content);
    if (textProblem) return refuse(400, textProblem);
    const placeProblem = await this.placeProblem(comment);
    if (placeProblem) return placeProblem;
    const parent = comment.parent_comment_id ? await this.comments.load(comment.parent_comment_id) : null;
    if (comment.parent_comment_id) {
      if (!parent) return refuse(404, CommentAnswer.parentNotFound);
      if (parent.bookId !== comment.book_id || parent.chapterId !== comment.chapter_id) return refuse(400, CommentAnswer.parentElsewhere);
    }
    const waitMs = await this.cooldown.start(userId);
    if (waitMs > 0) return refuse(429, cooldownMessage(waitMs));

    const commentId = randomUUID();
    const data = {
      comment_id: commentId,
      book_id: comment.book_id,
      chapter_id: comment.chapter_id,
      parent_comment_id: comment.parent_comment_id,
      parent_user_id: parent?.userId ?? null,
      user_id: userId,
      username: author.username,
      email_hash: emailHash(author.email),
      comment_content: comment.comment_content,
    };
    try {
      await this.comments.create(commentId, [{ type: SocialEventType.CommentPosted, data }], userId);
    } catch (error) {
      await this.cooldown.cancel(userId);
      throw error;
    }
    return { ok: true, message: CommentAnswer.posted, commentId };
  }

  /** The book, and the chapter for a chapter's comment, must exist. */
  private async placeProblem(comment: NewComment): Promise<PostOutcome | null> {
    if (!(await this.catalog.bookExists(comment.book_id))) return refuse(404, 'Book not found.');
    if (comment.chapter_id !== null && !(await this.catalog.findChapter(comment.book_id, comment.chapter_id))) return refuse(404, 'Chapter not found.');
    return null;
  }
}
