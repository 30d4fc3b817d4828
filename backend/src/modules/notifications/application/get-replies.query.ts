import { Injectable } from '@nestjs/common';
import {
  chapterKey,
  commentKey,
  type CommentThreadReadModel,
  isUnread,
  type RepliesResponse,
  type ReplyItem,
  type ReplyInboxEntry,
  threadId,
  toCommentView,
} from '@shelf/contracts';
import { CatalogReadStore } from '../../catalog/infrastructure/catalog-read-store';
import { CommentThreads } from '../../comments/infrastructure/comment-threads';
import { ReaderReadModels } from '../infrastructure/reader-read-models';

export const REPLIES_PAGE_SIZE = 10;

/**
 * A page of the reader's replies, newest first. The inbox holds only references; texts come from the threads as
 * they are now, so an edited, deleted or removed comment shows as such here too.
 */
@Injectable()
export class GetRepliesQuery {
  constructor(
    private readonly readers: ReaderReadModels,
    private readonly threads: CommentThreads,
    private readonly catalog: CatalogReadStore,
  ) {}

  async execute(userId: string, pageNum: number): Promise<RepliesResponse> {
    const inbox = await this.readers.inbox(userId);
    const all = Object.values(inbox?.replies ?? {}).sort((a, b) => b.comment_time.localeCompare(a.comment_time));
    const page = all.slice((pageNum - 1) * REPLIES_PAGE_SIZE, pageNum * REPLIES_PAGE_SIZE);
    const threads = new Map<string, Promise<CommentThreadReadModel | null>>();
    const books = new Map<number, ReturnType<CatalogReadStore['findBook']>>();
    const items = await Promise.all(
      page.map(async (reply) => {
        const id = threadId(reply);
        if (!threads.has(id)) threads.set(id, this.threads.findById(id));
        if (!books.has(reply.book_id)) books.set(reply.book_id, this.catalog.findBook(reply.book_id));
        return toReplyItem(reply, await threads.get(id)!, await books.get(reply.book_id)!, isUnread(reply, inbox?.read_up_to ?? null));
      }),
    );
    return { replies: items.filter((item): item is ReplyItem => item !== null), totalPages: Math.ceil(all.length / REPLIES_PAGE_SIZE) };
  }
}

function toReplyItem(
  reply: ReplyInboxEntry,
  thread: CommentThreadReadModel | null,
  book: Awaited<ReturnType<CatalogReadStore['findBook']>>,
  unread: boolean,
): ReplyItem | null {
  const comment = thread?.comments[commentKey(reply.comment_id)];
  const parent = thread?.comments[commentKey(reply.parent_comment_id)];
  // The inbox is projected just before the thread: a reply a moment ahead of its thread shows on the next load.
  if (!comment || !parent || !book) return null;
  const [shown, parentShown] = [toCommentView(comment), toCommentView(parent)];
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
    notification_is_read: !unread,
  };
}
