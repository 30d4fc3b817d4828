import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { SocialEventType, socialStreams } from '@shelf/contracts';
import { appendDecision } from '../../../event-store/append-decision';
import { eventMetadata } from '../../../event-store/event-metadata';
import { EventStore } from '../../../event-store/event-store';
import { EraseCommentAuthorCommand } from './erase-comment-author.command';

/**
 * Appends `comment.author-erased.v1` in its own stream, once (docs/architecture.md, "Erasure"): it lands in the
 * comment's thread's partition, whose consumer alone writes the thread's pages and the comment as operators see it.
 * Decided on nothing read (a stream this process does not know is new); one stored already is met by the append.
 */
@CommandHandler(EraseCommentAuthorCommand)
export class EraseCommentAuthorHandler implements ICommandHandler<EraseCommentAuthorCommand, void> {
  constructor(private readonly store: EventStore) {}

  execute({ comment, userId }: EraseCommentAuthorCommand): Promise<void> {
    const event = { type: SocialEventType.CommentAuthorErased, data: comment };
    return appendDecision(this.store, socialStreams.commentAuthorErased(comment.comment_id), (history) => ({ outcome: undefined, events: history.length > 0 ? [] : [event] }), eventMetadata(userId), {
      optimistic: true,
    });
  }
}
