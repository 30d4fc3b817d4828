import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { QueueName, type ServiceEnv } from '@shelf/contracts';
import { type Job, UnrecoverableError, Worker } from 'bullmq';
import { SERVICE_ENV } from '../service-env.token';
import { PartitionRunner } from './partition-runner';

/**
 * The parked-events queue shows operators each parked event as a failed job with its error. Running such a job (once
 * when it is parked, and on "retry" in the dashboard) applies the event's stream again; it fails again while the
 * event still cannot be applied.
 */
@Injectable()
export class ParkedEventsProcessor implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private worker?: Worker<{ parkedId: string }>;

  constructor(
    @Inject(SERVICE_ENV) private readonly env: ServiceEnv,
    private readonly runner: PartitionRunner,
  ) {}

  onApplicationBootstrap(): void {
    this.worker = new Worker(QueueName.Parked, (job) => this.retry(job), {
      connection: { url: this.env.redisUrl },
      prefix: this.env.queuePrefix,
      concurrency: 1,
    });
    this.worker.on('error', () => undefined);
  }

  private async retry(job: Job<{ parkedId: string }>): Promise<string> {
    try {
      return await this.runner.retryParked(job.data.parkedId);
    } catch (error) {
      throw new UnrecoverableError(`still failing: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.worker?.close();
  }
}
