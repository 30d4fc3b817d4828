import { Injectable } from '@nestjs/common';
import {
  type BookPosition,
  chapterKey,
  type CommentEntry,
  type RepliesResponse,
  type ReplyItem,
  type ReplyInboxEntry,
  spoilerFoldFor,
  toCommentView,
} from '@shelf/contracts';
import { UsersReadStore } from '../../accounts';
import { CatalogReadStore } from '../../catalog';
import { CommentThreads } from '../../comments';
import { MutesReadStore } from '../../mutes';
import { ReaderSettingsReadStore, ReadingProgressReadStore } from '../../reading-progress';
import { ReplyInboxReadModels } from '../infrastructure/reply-inbox-read-models';

export const REPLIES_PAGE_SIZE = 10;

/**
 * A page of the reader's replies, newest first (by time, merged from the inbox's parts). The inbox holds only
 * references; texts come from the threads as they are now, so an edited, deleted or removed comment shows as such here
 * too, and repliers are named as they are called now. A deleted or removed reply is never shown unread: the badge
 * does not count it either. Replies by a reader the reader has blocked are left out. A reply on a chapter later than the
 * one the reader is on carries that chapter, so the card folds it (unless the reader turned spoiler folds off).
 */
@Injectable()
export class GetRepliesQuery {
  constructor(
    private readonly readers: ReplyInboxReadModels,
    private readonly threads: CommentThreads,
    private readonly catalog: CatalogReadStore,
    private readonly users: UsersReadStore,
    private readonly mutes: MutesReadStore,
    private readonly progress: ReadingProgressReadStore,
    private readonly settings: ReaderSettingsReadStore,
  ) {}

  async execute(userId: string, pageNum: number): Promise<RepliesResponse> {
    const [inbox, mutes, positions, { spoiler_fold }] = await Promise.all([
      this.readers.inbox(userId),
      this.mutes.sets(userId),
      this.progress.positions(userId),
      this.settings.settings(userId),
    ]);
    const page = await inbox.newest((pageNum - 1) * REPLIES_PAGE_SIZE, REPLIES_PAGE_SIZE);
    const comments = await this.threads.find(page.flatMap((reply) => [reply.comment_id, reply.parent_comment_id]));
    const names = await this.users.names(page.flatMap((reply) => comments.get(reply.comment_id)?.user_id ?? []));
    const books = new Map<number, ReturnType<CatalogReadStore['findBook']>>();
    const items = await Promise.all(
      page.map(async (reply) => {
        if (!books.has(reply.book_id)) books.set(reply.book_id, this.catalog.findBook(reply.book_id));
        const [comment, parent] = [comments.get(reply.comment_id), comments.get(reply.parent_comment_id)];
        // Replies a blocked reader wrote before the block are not shown (after it, theirs are refused).
        if (comment && mutes.blocked.has(comment.user_id)) return null;
        const item = toReplyItem(reply, comment, parent, await books.get(reply.book_id)!, inbox.unread(reply), names);
        return item && withSpoilerFold(item, positions[`b${reply.book_id}`], spoiler_fold);
      }),
    );
    return { replies: items.filter((item): item is ReplyItem => item !== null), totalPages: Math.ceil(inbox.count / REPLIES_PAGE_SIZE) };
  }
}

function withSpoilerFold(item: ReplyItem, place: BookPosition | undefined, fold: boolean): ReplyItem {
  const readerChapter = spoilerFoldFor(item.chapter_id, place?.chapter_id, fold);
  return readerChapter === null ? item : { ...item, reader_chapter_id: readerChapter };
}

function toReplyItem(
  reply: ReplyInboxEntry,
  comment: CommentEntry | undefined,
  parent: CommentEntry | undefined,
  book: Awaited<ReturnType<CatalogReadStore['findBook']>>,
  unread: boolean,
  names: ReadonlyMap<string, string>,
): ReplyItem | null {
  // The inbox is projected after the threads (the reply-inbox projector runs after comment-threads), so a reply's
  // comments are there; only a thread event parked for an operator could leave one out.
  if (!comment || !parent || !book) return null;
  const [shown, parentShown] = [toCommentView(comment, names), toCommentView(parent)];
  const chapter = reply.chapter_id === null ? undefined : book.chapters[chapterKey(reply.chapter_id)];
  return {
    comment_id: reply.comment_id,
    comment_content: shown.comment_content,
    comment_time: reply.comment_time,
    parent_comment_id: reply.parent_comment_id,
    parent_comment_content: parentShown.comment_content,
    username: shown.username,
    book_id: reply.book_id,
    english_book_name: book.metadata.english_book_name,
    ...(reply.chapter_id === null ? {} : { chapter_id: reply.chapter_id, chapter_title: chapter?.title ?? '' }),
    // The thread may know of a deletion or removal a moment before the inbox does (or, for an inbox projected before
    // replies were marked so, until a rebuild).
    notification_is_read: !unread || comment.deleted || comment.removed,
  };
}
