import { Injectable } from '@nestjs/common';
import { type CommentEntry, type CommentSort, type CommentsPaging, type CommentsWithLikesResponse, type ParagraphCountsResponse, relationTo, type ThreadRef, toCommentView } from '@shelf/contracts';
import { DomainError } from '../../../domain/domain-error';
import { CatalogReadStore } from '../../catalog';
import { MutesReadStore } from '../../mutes';
import { CommentAnswer } from '../domain/comment-messages';
import { AuthorNames } from '../infrastructure/author-names';
import { CommentThreads } from '../infrastructure/comment-threads';

// Plain comparisons: ISO times and comment ids order the same by code unit as by locale, at a fraction of the cost
// (a whole thread of 100,000 is sorted per request).
const ascending = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const ORDER: Record<CommentSort, (a: CommentEntry, b: CommentEntry) => number> = {
  likes: (a, b) => b.like_count - a.like_count || ascending(b.comment_time, a.comment_time),
  newest: (a, b) => ascending(b.comment_time, a.comment_time),
  oldest: (a, b) => ascending(a.comment_time, b.comment_time),
};

/** A page of a thread: at most `limit` comments, those after the comment `after` in the asked order (null: from the first). */
export interface CommentsPageRequest {
  limit: number;
  after: string | null;
}

export type CommentsAnswer = CommentsWithLikesResponse & { paging: CommentsPaging | null };

/**
 * A thread's comments in the asked order (the client builds the tree), whole or a page of them, and which of them the
 * reader likes; for a reader, those whose author they muted or blocked carry `author_relation`, and fold. Authors are
 * named as they are called now (AuthorNames), so a reader who changed their name shows the new one on their old
 * comments too.
 */
@Injectable()
export class GetCommentsQuery {
  constructor(
    private readonly threads: CommentThreads,
    private readonly catalog: CatalogReadStore,
    private readonly names: AuthorNames,
    private readonly mutes: MutesReadStore,
  ) {}

  /** `paragraph`: only the comments on that paragraph of the chapter (null: the whole thread). */
  async execute(
    { book_id, chapter_id }: ThreadRef,
    sort: CommentSort,
    readerId: string | null,
    page: CommentsPageRequest | null = null,
    paragraph: string | null = null,
  ): Promise<CommentsAnswer> {
    const thread = { book_id, chapter_id };
    const [comments, liked, mutes] = await Promise.all([this.threads.comments(thread), readerId ? this.threads.likedBy(readerId, thread) : [], this.mutes.sets(readerId)]);
    if (!comments && !(await this.threadExists(thread))) throw new DomainError('not-found', thread.chapter_id === null ? 'Book not found.' : 'Chapter not found.');
    const shown = paragraph === null ? (comments ?? []) : (comments ?? []).filter((entry) => entry.paragraph === paragraph);
    const ordered = shown.sort((a, b) => ORDER[sort](a, b) || ascending(a.comment_id, b.comment_id));
    const { entries, paging } = page ? pageOf(ordered, page) : { entries: ordered, paging: null };
    const likes = new Set(liked);
    const names = await this.names.of(entries.filter((entry) => !entry.deleted && !entry.removed));
    return {
      comments: entries.map((entry) => {
        const view = toCommentView(entry, names);
        const relation = relationTo(mutes, view.user_id);
        return relation ? { ...view, author_relation: relation } : view;
      }),
      likedComments: entries.filter((entry) => likes.has(entry.comment_id)).map((entry) => ({ comment_id: entry.comment_id })),
      paging,
    };
  }

  /** Per paragraph key of a chapter, its comments shown (ParagraphCountsResponse). */
  async paragraphCounts(thread: ThreadRef & { chapter_id: number }): Promise<ParagraphCountsResponse> {
    const counts = await this.threads.paragraphCounts(thread);
    if (!counts && !(await this.threadExists(thread))) throw new DomainError('not-found', 'Chapter not found.');
    return { paragraphs: counts ?? {} };
  }

  private async threadExists({ book_id, chapter_id }: ThreadRef): Promise<boolean> {
    return chapter_id === null ? this.catalog.bookExists(book_id) : (await this.catalog.findChapter(book_id, chapter_id)) !== null;
  }
}

/** The asked page of a thread's ordered comments, and where the next one starts. */
function pageOf(ordered: CommentEntry[], { limit, after }: CommentsPageRequest): { entries: CommentEntry[]; paging: CommentsPaging } {
  const start = after === null ? 0 : ordered.findIndex((entry) => entry.comment_id === after) + 1;
  if (start === 0 && after !== null) throw new DomainError('invalid', CommentAnswer.unknownCursor);
  const entries = ordered.slice(start, start + limit);
  const more = start + limit < ordered.length;
  return { entries, paging: { next_after: more ? entries.at(-1)!.comment_id : null, total_comments: ordered.length } };
}
