import {
  type AnyDomainEvent,
  EventLogCollection,
  eventDocumentId,
  type ParkedEventDocument,
  parkedEventId,
  ProjectionCollection,
  type StoredEventDocument,
  toDomainEvent,
} from '@shelf/contracts';
import type { Db } from 'mongodb';
import { personalKeysOf } from '../log/personal-keys-of';
import { isDuplicateKey } from '@shelf/event-log';


/** Events set aside after failing every retry; few by nature, so they are listed by a scan. */
export class ParkedEvents {
  constructor(private readonly db: Db) {}

  private get collection() {
    return this.db.collection<ParkedEventDocument>(ProjectionCollection.Parked);
  }

  async park(projector: string, partition: number, seq: number, event: AnyDomainEvent, error: string, attempts: number): Promise<ParkedEventDocument> {
    const doc: ParkedEventDocument = {
      _id: parkedEventId(projector, event.id),
      projector,
      partition,
      seq,
      eventId: event.id,
      eventDocumentId: eventDocumentId(event.streamId, event.version),
      streamId: event.streamId,
      version: event.version,
      type: event.type,
      error,
      attempts,
      parkedAt: new Date(),
    };
    try {
      await this.collection.insertOne(doc);
    } catch (failure) {
      if (!isDuplicateKey(failure)) throw failure;
    }
    return doc;
  }

  async list(): Promise<ParkedEventDocument[]> {
    const docs = await this.collection.find({}).toArray();
    return docs.sort((a, b) => a.parkedAt.getTime() - b.parkedAt.getTime() || a.version - b.version);
  }

  find(id: string): Promise<ParkedEventDocument | null> {
    return this.collection.findOne({ _id: id });
  }

  /** The parked events of one projector's stream, oldest version first. */
  async ofStream(projector: string, streamId: string): Promise<ParkedEventDocument[]> {
    return (await this.list()).filter((doc) => doc.projector === projector && doc.streamId === streamId).sort((a, b) => a.version - b.version);
  }

  async remove(id: string): Promise<void> {
    await this.collection.deleteOne({ _id: id });
  }

  async eventOf(parked: ParkedEventDocument): Promise<AnyDomainEvent | null> {
    const stored = await this.db.collection<StoredEventDocument>(EventLogCollection.Events).findOne({ _id: parked.eventDocumentId });
    return stored ? toDomainEvent(await personalKeysOf(this.db).open(stored)) : null;
  }
}
