import { Injectable } from '@nestjs/common';
import { type FeedTokenReadModel, LibraryEventType, LibraryReadModelCollection, type ReaderFeedsReadModel } from '@shelf/contracts';
import { saveDocument } from '../documents';
import type { ProjectionContext, Projector } from '../projector';
import { type FeedTokenEvent, reduceFeedToken } from './feed-token-reducers';

/**
 * The Reading-shelf feed addresses: one document per address (what the feed route looks up by `_id`) and one per
 * reader (which address is theirs now). Both change in the reader's partition (their library streams), its one writer.
 * The address's document is data and is written first; the reader's holds the stream version that marks the event applied.
 */
@Injectable()
export class FeedTokensProjector implements Projector {
  readonly name = 'feed-tokens';
  readonly handles = [LibraryEventType.FeedTokenCreated, LibraryEventType.FeedTokenRevoked];
  readonly owns = [LibraryReadModelCollection.FeedTokens, LibraryReadModelCollection.ReaderFeeds];

  async apply(event: FeedTokenEvent, { models }: ProjectionContext): Promise<void> {
    const readers = models.collection<ReaderFeedsReadModel>(LibraryReadModelCollection.ReaderFeeds);
    const tokens = models.collection<FeedTokenReadModel>(LibraryReadModelCollection.FeedTokens);
    const reader = await readers.findOne({ _id: event.data.user_id });
    if ((reader?.version ?? 0) >= event.version) return;
    const token = await tokens.findOne({ _id: event.data.token_id });
    const change = reduceFeedToken(reader, token, event);
    if (!change) return;
    await saveDocument(tokens, change.token, !token);
    await saveDocument(readers, change.reader, !reader);
  }
}
