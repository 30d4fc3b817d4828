import { Processor } from '@nestjs/bullmq';
import type { OnApplicationBootstrap } from '@nestjs/common';
import { type MailJobs, QueueName } from '@shelf/contracts';
import type { Job } from 'bullmq';
import { isOutage } from '../log/is-outage';
import { routeJobs } from '../queues/job-handlers';
import { QueueProcessor } from '../queues/queue-processor';
import { MailOutbox } from './mail-outbox';
import { MailTransport } from './mail-transport';

/** How often the outbox is checked for messages whose job Redis lost. */
const SWEEP_MS = 2000;

/**
 * Consumes the mail queue: a failed send is retried with the backoff the producer set (mailJobOptions); after the last
 * try the message stays in the outbox marked `failed`, for an operator (see MailOutbox, which also says why a message
 * may go out twice, with one Message-ID). It also queues again what the outbox holds but Redis does not.
 */
/**
 * A job's lock, renewed every half of it while it is sent: a worker that dies holding one is found out by the next
 * stalled-job check after the lock lapsed, and its message handed to another worker (sent again, same Message-ID):
 * within 20 s, not BullMQ's default 30 s + 30 s.
 */
const LOCK_MS = 10_000;

@Processor(QueueName.Mail, { concurrency: 4, lockDuration: LOCK_MS, stalledInterval: LOCK_MS })
export class MailProcessor extends QueueProcessor implements OnApplicationBootstrap {
  private timer?: NodeJS.Timeout;
  private sweeping?: Promise<unknown>;
  private readonly route = routeJobs<MailJobs>({
    'mail.send.v2': (_data, job) => this.send(job),
    // A job queued before v2 holds the whole message: it is sent from the outbox all the same, its data cut to the key.
    'mail.send.v1': async (_data, job) => {
      await job.updateData({ key: job.id });
      await this.send(job);
    },
  });

  constructor(
    private readonly transport: MailTransport,
    private readonly outbox: MailOutbox,
  ) {
    super();
  }

  protected handle(job: Job): Promise<void> {
    return this.route(job);
  }

  /** Sends the outbox entry the job names (its id is the key). */
  private send(job: Job): Promise<void> {
    return this.outbox.deliver(job.id!, (mail) => this.transport.send(mail), job.attemptsMade + 1 >= (job.opts.attempts ?? 1));
  }

  onApplicationBootstrap(): void {
    this.outbox.cutOldJobs().catch((error: Error) => this.logger.warn(`jobs queued before mail.send.v2 were not cut to their keys (${error.message}); tried again at the next start`));
    this.timer = setInterval(() => {
      this.sweeping ??= this.outbox
        .requeueMissing()
        .catch((error: Error) => !isOutage(error) && this.logger.warn(`mail outbox sweep failed: ${error.message}`))
        .finally(() => (this.sweeping = undefined));
    }, SWEEP_MS);
  }

  override async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await super.beforeApplicationShutdown();
    await this.sweeping;
  }
}
