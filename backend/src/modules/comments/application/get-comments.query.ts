import { Injectable, NotFoundException } from '@nestjs/common';
import { type CommentEntry, type CommentSort, type CommentsWithLikesResponse, type ThreadRef, toCommentView, userKey } from '@shelf/contracts';
import { CatalogReadStore } from '../../catalog/infrastructure/catalog-read-store';
import { CommentThreads } from '../infrastructure/comment-threads';

const ORDER: Record<CommentSort, (a: CommentEntry, b: CommentEntry) => number> = {
  likes: (a, b) => b.like_count - a.like_count || b.comment_time.localeCompare(a.comment_time),
  newest: (a, b) => b.comment_time.localeCompare(a.comment_time),
  oldest: (a, b) => a.comment_time.localeCompare(b.comment_time),
};

/** A thread's comments in the asked order (the client builds the tree), and which of them the reader likes. */
@Injectable()
export class GetCommentsQuery {
  constructor(
    private readonly threads: CommentThreads,
    private readonly catalog: CatalogReadStore,
  ) {}

  async execute(thread: ThreadRef, sort: CommentSort, readerId: string | null): Promise<CommentsWithLikesResponse> {
    const doc = await this.threads.find(thread);
    if (!doc && !(await this.threadExists(thread))) throw new NotFoundException(thread.chapter_id === null ? 'Book not found.' : 'Chapter not found.');
    const entries = Object.values(doc?.comments ?? {}).sort((a, b) => ORDER[sort](a, b) || a.comment_id.localeCompare(b.comment_id));
    const key = readerId && userKey(readerId);
    return {
      comments: entries.map(toCommentView),
      likedComments: key ? entries.filter((entry) => entry.likes[key]?.liked).map((entry) => ({ comment_id: entry.comment_id })) : [],
    };
  }

  private async threadExists({ book_id, chapter_id }: ThreadRef): Promise<boolean> {
    return chapter_id === null ? (await this.catalog.findBook(book_id)) !== null : (await this.catalog.findChapter(book_id, chapter_id)) !== null;
  }
}
