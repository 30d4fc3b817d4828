import { Injectable } from '@nestjs/common';
import { type CommentEntry, type CommentSort, type CommentsWithLikesResponse, type ThreadRef, toCommentView } from '@shelf/contracts';
import { DomainError } from '../../../domain/domain-error';
import { UsersReadStore } from '../../accounts/infrastructure/users-read-store';
import { CatalogReadStore } from '../../catalog/infrastructure/catalog-read-store';
import { CommentThreads } from '../infrastructure/comment-threads';

const ORDER: Record<CommentSort, (a: CommentEntry, b: CommentEntry) => number> = {
  likes: (a, b) => b.like_count - a.like_count || b.comment_time.localeCompare(a.comment_time),
  newest: (a, b) => b.comment_time.localeCompare(a.comment_time),
  oldest: (a, b) => a.comment_time.localeCompare(b.comment_time),
};

/**
 * A thread's comments in the asked order (the client builds the tree), and which of them the reader likes. Authors
 * are named as they are called now (the users read model), so a reader who changed their name shows the new one on
 * their old comments too.
 */
@Injectable()
export class GetCommentsQuery {
  constructor(
    private readonly threads: CommentThreads,
    private readonly catalog: CatalogReadStore,
    private readonly users: UsersReadStore,
  ) {}

  async execute(thread: ThreadRef, sort: CommentSort, readerId: string | null): Promise<CommentsWithLikesResponse> {
    const [comments, liked] = await Promise.all([this.threads.comments(thread), readerId ? this.threads.likedBy(readerId, thread) : []]);
    if (!comments && !(await this.threadExists(thread))) throw new DomainError('not-found', thread.chapter_id === null ? 'Book not found.' : 'Chapter not found.');
    const entries = (comments ?? []).sort((a, b) => ORDER[sort](a, b) || a.comment_id.localeCompare(b.comment_id));
    const likes = new Set(liked);
    const names = await this.users.names(entries.filter((entry) => !entry.deleted && !entry.removed).map((entry) => entry.user_id));
    return {
      comments: entries.map((entry) => toCommentView(entry, names)),
      likedComments: entries.filter((entry) => likes.has(entry.comment_id)).map((entry) => ({ comment_id: entry.comment_id })),
    };
  }

  private async threadExists({ book_id, chapter_id }: ThreadRef): Promise<boolean> {
    return chapter_id === null ? this.catalog.bookExists(book_id) : (await this.catalog.findChapter(book_id, chapter_id)) !== null;
  }
}
