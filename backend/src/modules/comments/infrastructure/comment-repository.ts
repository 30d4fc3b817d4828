import { Injectable } from '@nestjs/common';
import { socialStreams } from '@shelf/contracts';
import type { NewEvent } from '../../../domain/decision';
import { appendDecision } from '../../../event-store/append-decision';
import { eventMetadata } from '../../../event-store/event-metadata';
import { EventStore } from '../../../event-store/event-store';
import type { CommentDecision } from '../domain/comment-decisions';
import { foldComment, foldCommentLike, type CommentState } from '../domain/comment-state';

/** Comments as event streams: one per comment, and one per (comment, reader) for that reader's like. */
@Injectable()
export class CommentRepository {
  constructor(private readonly store: EventStore) {}

  async load(commentId: string): Promise<CommentState | null> {
    return foldComment(await this.store.readStream(socialStreams.comment(commentId)));
  }

  /** Starts a new comment's stream. */
  async create(commentId: string, events: NewEvent[], actor: string): Promise<void> {
    await this.store.append(socialStreams.comment(commentId), 0, events, eventMetadata(actor));
  }

  /** Decides on the comment's current state and appends the decision (re-deciding after a concurrent change). */
  change(commentId: string, decide: (state: CommentState | null) => CommentDecision, actor: string): Promise<string> {
    return appendDecision(this.store, socialStreams.comment(commentId), (history) => decide(foldComment(history)), eventMetadata(actor));
  }

  /** Decides on whether the reader likes the comment now, and appends to their like stream. */
  async changeLike(commentId: string, userId: string, decide: (comment: CommentState | null, liked: boolean) => CommentDecision): Promise<string> {
    const comment = await this.load(commentId);
    const stream = socialStreams.commentLike(commentId, userId);
    return appendDecision(this.store, stream, (history) => decide(comment, foldCommentLike(history)), eventMetadata(userId), { optimistic: true });
  }
}
