import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { AccountDirectory } from '../../accounts';
import { CatalogReadStore } from '../../catalog';
import { MutesReadStore } from '../../mutes';
import { decidePost, type PostDecision, type Posting, refuseUnpostable } from '../domain/comment-posting';
import { CommentCooldown } from '../infrastructure/comment-cooldown';
import { CommentRepository } from '../infrastructure/comment-repository';
import { PostCommentCommand } from './post-comment.command';

export type PostOutcome = PostDecision['outcome'];

/**
 * Looks up what the comment rules need (the author, the book and chapter, the comment replied to and whether its
 * author blocked the reader), starts the
 * reader's cooldown once the other rules pass, then starts the comment's stream with the decision's event.
 */
@CommandHandler(PostCommentCommand)
export class PostCommentHandler implements ICommandHandler<PostCommentCommand, PostOutcome> {
  constructor(
    private readonly directory: AccountDirectory,
    private readonly catalog: CatalogReadStore,
    private readonly comments: CommentRepository,
    private readonly cooldown: CommentCooldown,
    private readonly mutes: MutesReadStore,
  ) {}

  async execute({ userId, comment }: PostCommentCommand): Promise<PostOutcome> {
    const { book_id, chapter_id, parent_comment_id } = comment;
    const [author, bookFound, chapter, parent] = await Promise.all([
      this.directory.find(userId),
      this.catalog.bookExists(book_id),
      chapter_id === null ? null : this.catalog.findChapter(book_id, chapter_id),
      parent_comment_id ? this.comments.load(parent_comment_id) : null,
    ]);
    // A reply asks whether the parent's author blocked the reader: one more `_id` read, after the parent is known.
    const blockedByParentAuthor = parent ? await this.mutes.hasBlocked(parent.userId, userId) : false;
    const post: Posting = { ...comment, commentId: randomUUID(), author, bookFound, chapterFound: Boolean(chapter), parent, blockedByParentAuthor };
    // A refused comment starts no cooldown.
    refuseUnpostable(post);
    const { outcome, events } = decidePost(post, await this.cooldown.start(userId));
    try {
      await this.comments.create(post.commentId, events, userId);
    } catch (error) {
      await this.cooldown.cancel(userId);
      throw error;
    }
    return outcome;
  }
}
