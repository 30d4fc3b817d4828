import { Inject, Injectable, type BeforeApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { type MailJobs, QueueName, type ServiceEnv } from '@shelf/contracts';
import { Worker } from 'bullmq';
import { routeJobs } from '../queues/job-handlers';
import { SERVICE_ENV } from '../service-env.token';
import { MailTransport } from './mail-transport';

/** Consumes the mail queue. A failed send is retried with the backoff the producer set (mailJobOptions). */
@Injectable()
export class MailProcessor implements OnModuleInit, BeforeApplicationShutdown {
  private worker?: Worker;

  constructor(
    @Inject(SERVICE_ENV) private readonly env: ServiceEnv,
    private readonly transport: MailTransport,
  ) {}

  onModuleInit(): void {
    const process = routeJobs<MailJobs>({
      'mail.send.v1': (message) => this.transport.send(message),
    });
    this.worker = new Worker(QueueName.Mail, process, {
      connection: { url: this.env.redisUrl },
      prefix: this.env.queuePrefix,
      concurrency: 4,
    });
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.worker?.close();
  }
}
