import { type Job, UnrecoverableError } from 'bullmq';

/** One handler for every job name of a queue: the mapped type makes a missing or extra handler a compile error. */
export type JobHandlers<Jobs> = { [Name in keyof Jobs]: (payload: Jobs[Name], job: Job) => Promise<void> };

/**
 * Turns a handler map into a BullMQ processor. A job name without a handler (a producer newer than this worker)
 * fails at once instead of being retried, and stays visible among the failed jobs.
 */
export function routeJobs<Jobs>(handlers: JobHandlers<Jobs>): (job: Job) => Promise<void> {
  return async (job) => {
    const handler = (handlers as Record<string, (payload: unknown, job: Job) => Promise<void>>)[job.name];
    if (!handler) throw new UnrecoverableError(`no handler for job "${job.name}"`);
    await handler(job.data, job);
  };
}
