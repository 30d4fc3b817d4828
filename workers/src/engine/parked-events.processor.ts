import { Processor } from '@nestjs/bullmq';
import { QueueName } from '@shelf/contracts';
import { type Job, UnrecoverableError } from 'bullmq';
import { QueueProcessor } from '../queues/queue-processor';
import { PartitionRunner } from './partition-runner';

/**
 * The parked-events queue shows operators each parked event as a failed job with its error. Running such a job (once
 * when it is parked, and on "retry" in the dashboard) applies the event's stream again; it fails again while the
 * event still cannot be applied.
 */
@Processor(QueueName.Parked, { concurrency: 1 })
export class ParkedEventsProcessor extends QueueProcessor<{ parkedId: string }> {
  constructor(private readonly runner: PartitionRunner) {
    super();
  }

  protected async handle(job: Job<{ parkedId: string }>): Promise<string> {
    try {
      return await this.runner.retryParked(job.data.parkedId);
    } catch (error) {
      throw new UnrecoverableError(`still failing: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
