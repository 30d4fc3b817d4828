import { ServiceUnavailableException } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ChapterReadModel } from '@shelf/contracts';
import { LRUCache } from 'lru-cache';
import { createHash, randomUUID } from 'node:crypto';
import { AccountDirectory } from '../../accounts';
import { CatalogReadStore } from '../../catalog';
import { MutesReadStore } from '../../mutes';
import { WebAppBuild } from '../../pages';
import { CommentAnswer } from '../domain/comment-messages';
import { decidePost, type PostDecision, type Posting, refuseUnpostable } from '../domain/comment-posting';
import { CommentCooldown } from '../infrastructure/comment-cooldown';
import { CommentRepository } from '../infrastructure/comment-repository';
import { PostCommentCommand } from './post-comment.command';

export type PostOutcome = PostDecision['outcome'];

/** Chapters whose paragraph keys are kept (a parse of a long chapter's Markdown takes 15–35 ms). */
const KEPT_CHAPTERS = 256;

/**
 * Looks up what the comment rules need (the author, the book and chapter, the comment replied to and whether its
 * author blocked the reader), starts the
 * reader's cooldown once the other rules pass, then starts the comment's stream with the decision's event.
 */
@CommandHandler(PostCommentCommand)
export class PostCommentHandler implements ICommandHandler<PostCommentCommand, PostOutcome> {
  /** Paragraph keys by chapter and version (a revision is a new version). */
  private readonly keptKeys = new LRUCache<string, string[]>({ max: KEPT_CHAPTERS });

  constructor(
    private readonly directory: AccountDirectory,
    private readonly catalog: CatalogReadStore,
    private readonly comments: CommentRepository,
    private readonly cooldown: CommentCooldown,
    private readonly mutes: MutesReadStore,
    private readonly web: WebAppBuild,
  ) {}

  async execute({ userId, comment, idempotencyKey }: PostCommentCommand): Promise<PostOutcome> {
    const { book_id, chapter_id, parent_comment_id, paragraph } = comment;
    // A retry of a posting already stored answers as the first call did, without a second comment or cooldown.
    const commentId = idempotencyKey === null ? randomUUID() : keyedId(userId, idempotencyKey, 'comment');
    if (idempotencyKey !== null && (await this.comments.load(commentId))?.userId === userId) return { message: CommentAnswer.posted, commentId };
    const [author, bookFound, chapter, parent] = await Promise.all([
      this.directory.find(userId),
      this.catalog.bookExists(book_id),
      chapter_id === null ? null : this.catalog.findChapter(book_id, chapter_id),
      parent_comment_id ? this.comments.load(parent_comment_id) : null,
    ]);
    // A reply asks whether the parent's author blocked the reader: one more `_id` read, after the parent is known.
    const blockedByParentAuthor = parent ? await this.mutes.hasBlocked(parent.userId, userId) : false;
    // A top-level comment on a paragraph: the chapter's paragraphs as the site shows them now (the web app's own parse).
    const chapterParagraphs = paragraph !== null && !parent_comment_id && chapter ? this.paragraphKeys(chapter) : null;
    const post: Posting = { ...comment, commentId, author, bookFound, chapterFound: Boolean(chapter), parent, blockedByParentAuthor, chapterParagraphs };
    // A refused comment starts no cooldown.
    refuseUnpostable(post);
    const { outcome, events } = decidePost(post, await this.cooldown.start(userId));
    // Keyed, the event's id is the key's too: two calls of one key racing store one comment, and both succeed.
    const keyed = idempotencyKey === null ? events : events.map((event, i) => ({ ...event, id: keyedId(userId, idempotencyKey, `event-${i}`) }));
    try {
      await this.comments.create(post.commentId, keyed, userId);
    } catch (error) {
      await this.cooldown.cancel(userId);
      throw error;
    }
    return outcome;
  }

  private paragraphKeys(chapter: ChapterReadModel): string[] {
    const id = `${chapter._id}@${chapter.version}`;
    const kept = this.keptKeys.get(id);
    if (kept) return kept;
    const keysOf = this.web.paragraphKeys();
    if (!keysOf) throw new ServiceUnavailableException(CommentAnswer.paragraphsUnavailable);
    const keys = keysOf(chapter.content);
    this.keptKeys.set(id, keys);
    return keys;
  }
}

/** A UUID that the reader, their key and `what` always make the same (and no other reader's key does). */
function keyedId(userId: string, key: string, what: string): string {
  const hex = createHash('sha256').update(`${userId}\n${key}\n${what}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${((parseInt(hex[16], 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
