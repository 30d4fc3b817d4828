import { Injectable } from '@nestjs/common';
import {
  partitionKey,
  partitionOf,
  READER_ACTIVITY_HEAD_ENTRIES,
  READER_ACTIVITY_PROJECTOR,
  READER_ACTIVITY_PAGE_ENTRIES,
  readerActivityPartId,
  ReaderActivityReadModelCollection,
  type ReaderActivityTuple,
} from '@shelf/contracts';
import { type OrderedDirectoryReadModel, type OrderedHeadReadModel, type OrderedPageReadModel, OrderedPages, orderedStamp } from '@shelf/read-model-formats';
import type { Prefetch, ProjectionContext, Projector } from '../../engine';
import { activityOf, READER_ACTIVITY_EVENT_TYPES, type ReaderActivityEvent } from './reader-activity-reducers';

const C = ReaderActivityReadModelCollection;

/**
 * Each reader's comments, comment likes and reports, by reader (contracts/src/read-models/reader-activity.ts): the
 * entry goes in the reader's part for the event's partition (the thread's), whose consumer is its one writer, so a
 * reader's activity is read by `_id` however many threads it spans. Putting an entry again changes nothing.
 */
@Injectable()
export class ReaderActivityProjector implements Projector {
  readonly name = READER_ACTIVITY_PROJECTOR;
  readonly handles = READER_ACTIVITY_EVENT_TYPES;
  readonly owns = [C.Pages, C.Heads];
  private readonly activity = new OrderedPages<ReaderActivityTuple>(READER_ACTIVITY_PAGE_ENTRIES, { side: 'first', size: READER_ACTIVITY_HEAD_ENTRIES });

  *prefetch(event: ReaderActivityEvent): Iterable<Prefetch> {
    yield [C.Heads, readerActivityPartId(activityOf(event)[0], partitionOf(partitionKey(event.streamId, event.type, event.data)))];
  }

  async apply(event: ReaderActivityEvent, { place, models }: ProjectionContext): Promise<void> {
    const stores = {
      heads: models.collection<OrderedHeadReadModel>(C.Heads),
      directories: models.collection<OrderedDirectoryReadModel>(C.Heads),
      pages: models.collection<OrderedPageReadModel>(C.Pages),
    };
    const partition = partitionOf(partitionKey(event.streamId, event.type, event.data));
    const [userId, op] = activityOf(event);
    await this.activity.apply(stores, readerActivityPartId(userId, partition), [op], orderedStamp(event, place));
  }
}
