import { Injectable } from '@nestjs/common';
import type { ModerationContextResponse } from '@shelf/contracts';
import { DomainError } from '../../../domain/domain-error';
import { suspendedNow, UsersReadStore } from '../../accounts';
import { CatalogReadStore } from '../../catalog';
import { CommentAnswer, CommentThreads } from '../../comments';
import { ModerationReadStore } from '../infrastructure/moderation-read-store';
import { bookTitles } from './get-moderation-queue.query';
import { toModeratedComment, toModerationItem } from './moderation-views';

const REPLIES = 20;
const RECENT = 10;

/** A comment in context for an operator: what it answers, its first replies, and its author with their latest comments. */
@Injectable()
export class GetModerationContextQuery {
  constructor(
    private readonly moderation: ModerationReadStore,
    private readonly threads: CommentThreads,
    private readonly catalog: CatalogReadStore,
    private readonly users: UsersReadStore,
  ) {}

  async execute(commentId: string): Promise<ModerationContextResponse> {
    const entry = (await this.threads.find([commentId])).get(commentId);
    if (!entry) throw new DomainError('not-found', CommentAnswer.notFound);
    const [doc, thread, author, recent] = await Promise.all([
      this.moderation.item(commentId),
      this.threads.comments({ book_id: entry.book_id, chapter_id: entry.chapter_id }),
      this.users.find(entry.user_id),
      this.moderation.recentComments(entry.user_id, RECENT),
    ]);
    const related = await this.threads.find([...(entry.parent_comment_id ? [entry.parent_comment_id] : []), ...recent.map((item) => item.comment_id)]);
    const parent = entry.parent_comment_id ? related.get(entry.parent_comment_id) : undefined;
    const comment = toModeratedComment(entry);
    const title = doc ? (await bookTitles(this.catalog, [doc.book_id])).get(doc.book_id)! : '';
    return {
      item: doc && toModerationItem(doc, comment, title),
      comment,
      parent: parent ? toModeratedComment(parent) : null,
      replies: (thread ?? []).filter((reply) => reply.parent_comment_id === commentId).slice(0, REPLIES).map(toModeratedComment),
      author: {
        user_id: entry.user_id,
        username: author?.username ?? entry.username,
        suspension: author ? suspendedNow(author) : null,
        recent_comments: recent.flatMap((item) => {
          const found = related.get(item.comment_id);
          return found ? [toModeratedComment(found)] : [];
        }),
      },
    };
  }
}
