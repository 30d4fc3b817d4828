import { EventLogCollection, type PartitionHeadDocument } from '@shelf/contracts';
import { Schema } from 'mongoose';

export const PARTITION_HEAD_MODEL = 'PartitionHead';

/** A partition's highest sequence number handed out, `_id` partitionId(n); drawn from with `$inc`. */
export const partitionHeadSchema = new Schema<PartitionHeadDocument>(
  {
    _id: { type: String, required: true },
    head: { type: Number, required: true },
  },
  { collection: EventLogCollection.Partitions, versionKey: false },
);
