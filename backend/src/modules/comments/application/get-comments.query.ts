import { Injectable } from '@nestjs/common';
import { type CommentEntry, type CommentSort, type CommentsWithLikesResponse, type ThreadRef, toCommentView } from '@shelf/contracts';
import { DomainError } from '../../../domain/domain-error';
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
    const [comments, liked] = await Promise.all([this.threads.comments(thread), readerId ? this.threads.likedBy(readerId, thread) : []]);
    if (!comments && !(await this.threadExists(thread))) throw new DomainError('not-found', thread.chapter_id === null ? 'Book not found.' : 'Chapter not found.');
    const entries = (comments ?? []).sort((a, b) => ORDER[sort](a, b) || a.comment_id.localeCompare(b.comment_id));
    const likes = new Set(liked);
    return {
      comments: entries.map(toCommentView),
      likedComments: entries.filter((entry) => likes.has(entry.comment_id)).map((entry) => ({ comment_id: entry.comment_id })),
    };
  }

  private async threadExists({ book_id, chapter_id }: ThreadRef): Promise<boolean> {
    return chapter_id === null ? this.catalog.bookExists(book_id) : (await this.catalog.findChapter(book_id, chapter_id)) !== null;
  }
}
