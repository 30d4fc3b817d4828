import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { type MailJobs, QueueName, type ServiceEnv } from '@shelf/contracts';
import { Worker } from 'bullmq';
import { isOutage } from '../log/is-outage';
import { routeJobs } from '../queues/job-handlers';
import { SERVICE_ENV } from '../service-env.token';
import { MailOutbox } from './mail-outbox';
import { MailTransport } from './mail-transport';

/** How often the outbox is checked for messages whose job Redis lost. */
const SWEEP_MS = 2000;

/**
 * Consumes the mail queue: a failed send is retried with the backoff the producer set (mailJobOptions); each message
 * is sent once per key. It also queues again what the outbox holds but Redis does not.
 */
@Injectable()
export class MailProcessor implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(MailProcessor.name);
  private worker?: Worker;
  private timer?: NodeJS.Timeout;
  private sweeping?: Promise<unknown>;

  constructor(
    @Inject(SERVICE_ENV) private readonly env: ServiceEnv,
    private readonly transport: MailTransport,
    private readonly outbox: MailOutbox,
  ) {}

  onApplicationBootstrap(): void {
    const process = routeJobs<MailJobs>({
      'mail.send.v1': (message, job) => this.outbox.deliver(job.id!, message, (m) => this.transport.send(m)),
    });
    this.worker = new Worker(QueueName.Mail, process, {
      connection: { url: this.env.redisUrl },
      prefix: this.env.queuePrefix,
      concurrency: 4,
    });
    this.worker.on('error', () => undefined);
    this.timer = setInterval(() => {
      this.sweeping ??= this.outbox
        .requeueMissing()
        .catch((error: Error) => !isOutage(error) && this.logger.warn(`mail outbox sweep failed: ${error.message}`))
        .finally(() => (this.sweeping = undefined));
    }, SWEEP_MS);
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.worker?.close();
    await this.sweeping;
  }
}
