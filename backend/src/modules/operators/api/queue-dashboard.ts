import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable } from '@nestjs/common';
import { QueueName, type ServiceEnv } from '@shelf/contracts';
import { Queue } from 'bullmq';
import { type Express, type RequestHandler, Router } from 'express';
import { SERVICE_ENV } from '../../../platform/service-env.token';
import { basicAuth } from './basic-auth';
import { DASHBOARD_LOCKED_MESSAGE, DashboardLoginLimits } from './dashboard-login-limits';

/** Where the dashboard is served, outside the API's /api prefix. */
export const QUEUE_DASHBOARD_PATH = '/admin/queues';

/**
 * bull-board over the site's queues, for operators: waiting, active and failed jobs (with their attempts and
 * errors), and retrying them. Behind HTTP Basic credentials from ADMIN_USER / ADMIN_PASSWORD (wrong ones limited per
 * address); without them there is no dashboard (`handler` is undefined and the path answers 404).
 */
@Injectable()
export class QueueDashboard {
  readonly handler?: RequestHandler;

  constructor(
    @Inject(SERVICE_ENV) env: ServiceEnv,
    @InjectQueue(QueueName.Events) events: Queue,
    @InjectQueue(QueueName.Mail) mail: Queue,
    @InjectQueue(QueueName.Parked) parked: Queue,
    attempts: DashboardLoginLimits,
  ) {
    const queues = [events, mail, parked];
    // The board shows an unreachable Redis itself; without a listener BullMQ would print every error.
    for (const queue of queues) queue.on('error', () => undefined);
    if (!env.admin) return;
    const board = new ExpressAdapter().setBasePath(QUEUE_DASHBOARD_PATH);
    createBullBoard({
      queues: queues.map((queue) => new BullMQAdapter(queue)),
      serverAdapter: board,
      options: { uiConfig: { boardTitle: 'Novel Shelf queues' } },
    });
    // bull-board's own Express app would name itself in X-Powered-By.
    const app = board.getRouter() as Express;
    app.disable('x-powered-by');
    this.handler = Router().use(basicAuth(env.admin, 'Novel Shelf queues', attempts, DASHBOARD_LOCKED_MESSAGE), app);
  }
}
