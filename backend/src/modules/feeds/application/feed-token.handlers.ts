import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { libraryStreams, type ReadingFeedResponse } from '@shelf/contracts';
import { appendDecision } from '../../../event-store/append-decision';
import { eventMetadata } from '../../../event-store/event-metadata';
import { EventStore } from '../../../event-store/event-store';
import { decideCreateFeedToken, decideRevokeFeedToken } from '../domain/feed-token-decisions';
import { FeedAddresses } from '../infrastructure/feed-addresses';
import { CreateFeedTokenCommand, RevokeFeedTokenCommand } from './feed-token.commands';

/** Resolves with the new addresses once `library.feed-token-created.v1` (after the old one's revocation) is appended. */
@CommandHandler(CreateFeedTokenCommand)
export class CreateFeedTokenHandler implements ICommandHandler<CreateFeedTokenCommand, ReadingFeedResponse> {
  constructor(
    private readonly store: EventStore,
    private readonly addresses: FeedAddresses,
  ) {}

  async execute({ userId }: CreateFeedTokenCommand): Promise<ReadingFeedResponse> {
    const create = { userId, tokenId: this.addresses.newTokenId(), now: new Date().toISOString() };
    const made = await appendDecision(this.store, libraryStreams.feedToken(userId), (history) => decideCreateFeedToken(history, create), eventMetadata(userId));
    return { reading: this.addresses.readingAddress(made.token_id, made.created_at) };
  }
}

/** Resolves once `library.feed-token-revoked.v1` is appended; a reader without an address is refused (404). */
@CommandHandler(RevokeFeedTokenCommand)
export class RevokeFeedTokenHandler implements ICommandHandler<RevokeFeedTokenCommand, ReadingFeedResponse> {
  constructor(private readonly store: EventStore) {}

  async execute({ userId }: RevokeFeedTokenCommand): Promise<ReadingFeedResponse> {
    await appendDecision(this.store, libraryStreams.feedToken(userId), (history) => decideRevokeFeedToken(history, { userId }), eventMetadata(userId));
    return { reading: null };
  }
}
