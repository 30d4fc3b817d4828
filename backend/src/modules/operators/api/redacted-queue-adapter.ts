import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { QueueName } from '@shelf/contracts';
import { withoutPersonalData } from '@shelf/server-config';
import type { FlowProducer, Job, Queue } from 'bullmq';

/** The fields of each queue's job data the dashboard shows: ids and numbers that name nobody. Any other is left out. */
const SHOWN_FIELDS: Record<QueueName, readonly string[]> = {
  [QueueName.Events]: ['partition'],
  [QueueName.Mail]: ['key'],
  [QueueName.Parked]: ['parkedId'],
  [QueueName.Digests]: [],
};

/**
 * A queue as the dashboard shows it to operators: nothing of a job that could name a reader or open their account
 * (an e-mail's address or link, a token). Job data keeps only the fields named in SHOWN_FIELDS; a failure and its
 * stack lose any address or link they quote; return values, job logs, schedulers' templates and flows are not shown.
 * Every page of the board and every call of its API reads jobs through here.
 */
export class RedactedQueueAdapter extends BullMQAdapter {
  private readonly shown: readonly string[];

  constructor(queue: Queue) {
    super(queue);
    this.shown = SHOWN_FIELDS[queue.name as QueueName] ?? [];
  }

  override async getJob(id: string): Promise<Job | undefined> {
    const job = await super.getJob(id);
    return job && this.redacted(job);
  }

  override async getJobs(...args: Parameters<BullMQAdapter['getJobs']>): Promise<Job[]> {
    return (await super.getJobs(...args)).map((job) => this.redacted(job));
  }

  override getJobLogs(): Promise<string[]> {
    return Promise.resolve([]);
  }

  override async getJobSchedulers(): ReturnType<BullMQAdapter['getJobSchedulers']> {
    return (await super.getJobSchedulers()).map((scheduler) => ({ ...scheduler, template: undefined }));
  }

  override getFlowProducer(): Promise<FlowProducer | null> {
    return Promise.resolve(null);
  }

  /** The job, whose JSON (what the board sends) is redacted; the job itself (retried, removed) is untouched. */
  private redacted(job: Job): Job {
    const json = job.toJSON.bind(job);
    job.toJSON = () => {
      const props = json();
      return {
        ...props,
        data: pick(job.data, this.shown),
        returnvalue: null,
        failedReason: props.failedReason && withoutPersonalData(props.failedReason),
        stacktrace: (props.stacktrace ?? []).map(withoutPersonalData),
      } as ReturnType<Job['toJSON']>;
    };
    return job;
  }
}

function pick(data: unknown, fields: readonly string[]): Record<string, unknown> {
  if (typeof data !== 'object' || data === null) return {};
  return Object.fromEntries(fields.filter((field) => field in data).map((field) => [field, (data as Record<string, unknown>)[field]]));
}
