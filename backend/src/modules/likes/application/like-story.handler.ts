import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { socialStreams } from '@shelf/contracts';
import { DomainError } from '../../../domain/domain-error';
import { appendDecision } from '../../../event-store/append-decision';
import { eventMetadata } from '../../../event-store/event-metadata';
import { EventStore } from '../../../event-store/event-store';
import { CatalogReadStore } from '../../catalog';
import { decideStoryLike } from '../domain/story-like-decisions';
import { LikeStoryCommand } from './like-story.command';

/** Likes or unlikes a story for one reader; resolves with whether the reader now likes it. */
@CommandHandler(LikeStoryCommand)
export class LikeStoryHandler implements ICommandHandler<LikeStoryCommand, boolean> {
  constructor(
    private readonly store: EventStore,
    private readonly catalog: CatalogReadStore,
  ) {}

  async execute({ userId, bookId, like }: LikeStoryCommand): Promise<boolean> {
    if (!(await this.catalog.bookExists(bookId))) throw new DomainError('not-found', 'Book not found.');
    const by = eventMetadata(userId);
    return appendDecision(this.store, socialStreams.storyLike(bookId, userId), (history) => decideStoryLike(history, like, bookId, userId), by, {
      optimistic: true,
    });
  }
}
