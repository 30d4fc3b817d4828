import { InjectQueue, Processor } from '@nestjs/bullmq';
import { Inject, type OnApplicationBootstrap } from '@nestjs/common';
import { DIGEST_CHECK_JOB, QueueName } from '@shelf/contracts';
import type { Job, Queue } from 'bullmq';
import { SERVICE_ENV, type ServiceEnv } from '../config/service-env';
import { isOutage } from '../log/is-outage';
import { QueueProcessor } from '../queues/queue-processor';
import { DigestScheduler } from './digest-scheduler';

/**
 * Runs the digest check every DIGEST_CHECK_EVERY_MS as a BullMQ job scheduler (one repeated job for all the worker
 * processes, upserted by each at start), and once as the process starts: a check a killed worker left active in
 * BullMQ is only found stalled after half a minute, and a restarted worker carries on at once. A run that fails or is
 * cut short leaves what it did not finish to the next (DigestScheduler), so the job is not retried.
 */
@Processor(QueueName.Digests, { concurrency: 1 })
export class DigestsProcessor extends QueueProcessor implements OnApplicationBootstrap {
  private starting?: Promise<void>;
  constructor(
    private readonly scheduler: DigestScheduler,
    @InjectQueue(QueueName.Digests) private readonly queue: Queue,
    @Inject(SERVICE_ENV) private readonly env: ServiceEnv,
  ) {
    super();
  }

  onApplicationBootstrap(): void {
    this.starting = this.check();
    this.queue
      .upsertJobScheduler(DIGEST_CHECK_JOB, { every: this.env.digestCheckEveryMs }, { name: DIGEST_CHECK_JOB, opts: { removeOnComplete: true, removeOnFail: 100 } })
      .catch((error: Error) => this.logger.warn(`the digest check could not be scheduled (${error.message}); it is scheduled again when the workers start`));
  }

  protected async handle(job: Job): Promise<void> {
    if (job.name === DIGEST_CHECK_JOB) await this.check();
  }

  override async beforeApplicationShutdown(): Promise<void> {
    await super.beforeApplicationShutdown();
    await this.starting;
  }

  private check(): Promise<void> {
    return this.scheduler
      .run(new Date())
      .then(() => undefined)
      .catch((error: Error) => {
        if (!isOutage(error)) this.logger.warn(`digest check failed: ${error.message} (the next one carries on)`);
      });
  }
}
