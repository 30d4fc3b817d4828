import { Injectable } from '@nestjs/common';
import { type ReaderEvent, socialStreams } from '@shelf/contracts';
import { randomUUID } from 'node:crypto';
import type { NewEvent } from '../domain/decision';
import { eventMetadata } from './event-metadata';
import { EventStore } from './event-store';

/** A reader's "I have seen them" marks: each is a stream of one event, as marks need no order among themselves. */
@Injectable()
export class ReaderMarks {
  constructor(private readonly store: EventStore) {}

  async append(userId: string, mark: NewEvent<ReaderEvent>): Promise<void> {
    const markId = randomUUID();
    const by = eventMetadata(userId);
    await this.store.append(socialStreams.readerMark(userId, markId), 0, [{ ...mark, id: markId }], by);
  }
}
