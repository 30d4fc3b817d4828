/** BullMQ queue names. They are stable: renaming one strands the jobs already waiting in Redis. */
export const QueueName = {
  /** Every appended domain event; job name = event type, job id = event id, job data = the DomainEvent. */
  Events: 'events',
  Mail: 'mail',
} as const;

export type QueueName = (typeof QueueName)[keyof typeof QueueName];

/** Event jobs stay an hour after completion so a re-delivery of the same event id within it is dropped by BullMQ. */
export const eventJobOptions = {
  attempts: 20,
  backoff: { type: 'exponential' as const, delay: 200 },
  removeOnComplete: { age: 3600, count: 100_000 },
  removeOnFail: false,
};
