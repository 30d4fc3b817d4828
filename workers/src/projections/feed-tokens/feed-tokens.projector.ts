import { Injectable } from '@nestjs/common';
import { type FeedTokenReadModel, LibraryEventType, LibraryReadModelCollection, type ReaderFeedsReadModel, type ReaderForgottenV1 } from '@shelf/contracts';
import { saveDocument } from '../documents';
import type { ProjectionContext, Projector, ReadModelStore } from '../../engine';
import { type FeedTokenEvent, reduceFeedToken } from './feed-token-reducers';

/**
 * The Reading-shelf feed addresses: one document per address (what the feed route looks up by `_id`) and one per
 * reader (which address is theirs now). Both change in the reader's partition (their library streams), its one writer.
 * The address's document is data and is written first; the reader's holds the stream version that marks the event applied.
 */
@Injectable()
export class FeedTokensProjector implements Projector {
  readonly name = 'feed-tokens';
  readonly handles = [LibraryEventType.FeedTokenCreated, LibraryEventType.FeedTokenRevoked, LibraryEventType.ReaderForgotten];
  readonly owns = [LibraryReadModelCollection.FeedTokens, LibraryReadModelCollection.ReaderFeeds];

  async apply(event: FeedTokenEvent | ReaderForgottenV1, { models }: ProjectionContext): Promise<void> {
    const readers = models.collection<ReaderFeedsReadModel>(LibraryReadModelCollection.ReaderFeeds);
    const tokens = models.collection<FeedTokenReadModel>(LibraryReadModelCollection.FeedTokens);
    const reader = await readers.findOne({ _id: event.data.user_id });
    if (event.type === LibraryEventType.ReaderForgotten) return turnOff(reader, event, { readers, tokens });
    if ((reader?.version ?? 0) >= event.version) return;
    const token = await tokens.findOne({ _id: event.data.token_id });
    const change = reduceFeedToken(reader, token, event);
    if (!change) return;
    await saveDocument(tokens, change.token, !token);
    await saveDocument(readers, change.reader, !reader);
  }
}

/** An erased reader's feed address stops answering: turned off as if they had turned it off (the version stays). */
async function turnOff(
  reader: ReaderFeedsReadModel | null,
  event: ReaderForgottenV1,
  { readers, tokens }: { readers: ReadModelStore<ReaderFeedsReadModel>; tokens: ReadModelStore<FeedTokenReadModel> },
): Promise<void> {
  if (!reader?.token_id) return;
  await tokens.updateOne({ _id: reader.token_id }, { $set: { revoked_at: event.occurredAt } });
  await readers.replaceOne({ _id: reader._id }, { token_id: null, created_at: null, version: reader.version });
}
