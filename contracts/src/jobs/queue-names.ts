/** BullMQ queue names. They are stable: renaming one strands the jobs already waiting in Redis. */
export const QueueName = {
  Mail: 'mail',
} as const;

export type QueueName = (typeof QueueName)[keyof typeof QueueName];
