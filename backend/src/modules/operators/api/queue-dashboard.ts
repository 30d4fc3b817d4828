import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { Inject, Injectable, type BeforeApplicationShutdown } from '@nestjs/common';
import { QueueName, type ServiceEnv } from '@shelf/contracts';
import { Queue } from 'bullmq';
import { type RequestHandler, Router } from 'express';
import { SERVICE_ENV } from '../../../platform/service-env.token';
import { basicAuth } from './basic-auth';

/** Where the dashboard is served, outside the API's /api prefix. */
export const QUEUE_DASHBOARD_PATH = '/admin/queues';

/**
 * bull-board over the site's queues, for operators: waiting, active and failed jobs (with their attempts and
 * errors), and retrying them. Behind HTTP Basic credentials from ADMIN_USER / ADMIN_PASSWORD; without them there is
 * no dashboard (`handler` is undefined and the path answers 404).
 */
@Injectable()
export class QueueDashboard implements BeforeApplicationShutdown {
  readonly handler?: RequestHandler;
  private readonly queues: Queue[] = [];

  constructor(@Inject(SERVICE_ENV) env: ServiceEnv) {
    if (!env.admin) return;
    for (const name of Object.values(QueueName)) {
      const queue = new Queue(name, { connection: { url: env.redisUrl }, prefix: env.queuePrefix });
      // The board shows an unreachable Redis itself; without a listener the error would be thrown.
      queue.on('error', () => undefined);
      this.queues.push(queue);
    }
    const board = new ExpressAdapter().setBasePath(QUEUE_DASHBOARD_PATH);
    createBullBoard({
      queues: this.queues.map((queue) => new BullMQAdapter(queue)),
      serverAdapter: board,
      options: { uiConfig: { boardTitle: 'Novel Shelf queues' } },
    });
    this.handler = Router().use(basicAuth(env.admin, 'Novel Shelf queues'), board.getRouter() as RequestHandler);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all(this.queues.map((queue) => queue.close()));
  }
}
