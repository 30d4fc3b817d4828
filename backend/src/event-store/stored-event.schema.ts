import { EventLogCollection, type StoredEventDocument } from '@shelf/contracts';
import { Schema } from 'mongoose';

export const STORED_EVENT_MODEL = 'StoredEvent';

/**
 * One event of the log, `_id` `{streamId}:{version}` (eventDocumentId): the next version of a stream taken twice is a
 * duplicate `_id`, which is how an append behind the stream's head fails. An event id is stored once, so an append
 * repeated after the stream moved on cannot store it again. `data` is the payload exactly as appended (`minimize` off:
 * an empty object stays).
 */
export const storedEventSchema = new Schema<StoredEventDocument>(
  {
    _id: { type: String, required: true },
    eventId: { type: String, required: true, unique: true },
    streamId: { type: String, required: true },
    version: { type: Number, required: true, min: 1 },
    type: { type: String, required: true },
    data: { type: Schema.Types.Mixed, required: true },
    metadata: {
      actor: { type: String, required: true },
      correlationId: { type: String, required: true },
      causationId: { type: String, default: null },
    },
    occurredAt: { type: Date, required: true },
  },
  { collection: EventLogCollection.Events, versionKey: false, minimize: false },
);
storedEventSchema.index({ streamId: 1, version: 1 }, { unique: true });
