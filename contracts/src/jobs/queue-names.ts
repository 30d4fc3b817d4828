/** BullMQ queue names. They are stable: renaming one strands the jobs already waiting in Redis. */
export const QueueName = {
  /**
   * Wake-ups of the partition consumers: job data `{ partition }`, at most one waiting and one running per partition.
   * The log in the store is the record of what must be projected; a lost wake-up only waits for the next sweep.
   */
  Events: 'events',
  Mail: 'mail',
  /** Events a projector parked: one failed job each, so operators see them (with the error) and can retry them. */
  Parked: 'parked-events',
  /** A repeated job (`digests.check.v1`) that sends the e-mail digests due (DigestScheduler); any worker may run it. */
  Digests: 'digests',
} as const;

export const DIGEST_CHECK_JOB = 'digests.check.v1';

export type QueueName = (typeof QueueName)[keyof typeof QueueName];

export const WAKE_PARTITION_JOB = 'partition.wake';

export interface WakePartitionJob {
  partition: number;
}

/** One waiting wake-up per partition is enough: the consumer reads everything up to the head when it runs. */
export const wakePartitionJobOptions = (partition: number) => ({
  deduplication: { id: `wake-${partition}`, keepLastIfActive: true },
  removeOnComplete: true,
  removeOnFail: 100,
});
