import { EventLogCollection, type PositionDocument } from '@shelf/contracts';
import { Schema } from 'mongoose';

export const LOG_POSITION_MODEL = 'LogPosition';

/**
 * One place in a partition's log, `_id` positionId(partition, seq): a number drawn twice is a duplicate `_id`. The
 * workers' readers write tombstones (`eventDocumentId` and `eventId` null) into numbers never written, and mark the
 * positions they passed over without their events.
 */
export const logPositionSchema = new Schema<PositionDocument>(
  {
    _id: { type: String, required: true },
    partition: { type: Number, required: true },
    seq: { type: Number, required: true },
    eventDocumentId: { type: String, default: null },
    eventId: { type: String, default: null },
    at: { type: Date, required: true },
    // Set by the workers' readers on a position they passed over without its event (PositionDocument.passedAt).
    passedAt: { type: Date },
  },
  { collection: EventLogCollection.Positions, versionKey: false },
);
