import { createBullBoard } from '@bull-board/api';
import { ExpressAdapter } from '@bull-board/express';
import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable } from '@nestjs/common';
import { QueueName } from '@shelf/contracts';
import { Queue } from 'bullmq';
import { type Express, type RequestHandler, Router } from 'express';
import { SERVICE_ENV, type ServiceEnv } from '../../../platform/config/service-env';
import { AccountDirectory } from '../../accounts';
import { basicAuth } from './basic-auth';
import { DASHBOARD_LOCKED_MESSAGE, DashboardLoginLimits } from './dashboard-login-limits';
import { DashboardSession } from './dashboard-session';
import { RedactedQueueAdapter } from './redacted-queue-adapter';
import { refuseUndecodableQuery } from './undecodable-query';

/** Where the dashboard is served, outside the API's /api prefix. */
export const QUEUE_DASHBOARD_PATH = '/admin/queues';

const SIGN_IN_MESSAGE = 'The queue dashboard is for operators: sign in and open it from the moderation page (/admin/moderation).';

/**
 * bull-board over the site's queues, for operators: waiting, active and failed jobs (with their attempts and
 * errors), and retrying them; redacted (RedactedQueueAdapter), so that no page or API call shows an address or link. It opens to an operator's session cookie (DashboardSession, set from the moderation
 * page), checked against the role on every request; HTTP Basic credentials from ADMIN_USER / ADMIN_PASSWORD, when set,
 * are a fallback (wrong ones limited per address).
 */
@Injectable()
export class QueueDashboard {
  readonly handler: RequestHandler;

  constructor(
    @Inject(SERVICE_ENV) env: ServiceEnv,
    @InjectQueue(QueueName.Events) events: Queue,
    @InjectQueue(QueueName.Mail) mail: Queue,
    @InjectQueue(QueueName.Parked) parked: Queue,
    @InjectQueue(QueueName.Digests) digests: Queue,
    attempts: DashboardLoginLimits,
    private readonly session: DashboardSession,
    private readonly directory: AccountDirectory,
  ) {
    const queues = [events, mail, parked, digests];
    // The board shows an unreachable Redis itself; without a listener BullMQ would print every error.
    for (const queue of queues) queue.on('error', () => undefined);
    const board = new ExpressAdapter().setBasePath(QUEUE_DASHBOARD_PATH);
    createBullBoard({
      queues: queues.map((queue) => new RedactedQueueAdapter(queue)),
      serverAdapter: board,
      options: { uiConfig: { boardTitle: 'Novel Shelf queues' } },
    });
    // bull-board's own Express app would name itself in X-Powered-By.
    const app = board.getRouter() as Express;
    app.disable('x-powered-by');
    const fallback: RequestHandler = env.admin
      ? basicAuth(env.admin, 'Novel Shelf queues', attempts, DASHBOARD_LOCKED_MESSAGE)
      : (_req, res) => void res.status(401).json({ statusCode: 401, message: SIGN_IN_MESSAGE });
    this.handler = Router().use(this.operatorSession(fallback), refuseUndecodableQuery, app);
  }

  /** Lets an operator's session through; anyone else goes to the fallback. */
  private operatorSession(fallback: RequestHandler): RequestHandler {
    return (req, res, next) => {
      const userId = this.session.userIdOf(req);
      if (!userId) return fallback(req, res, next);
      this.directory.find(userId).then((user) => (user?.operator ? next() : fallback(req, res, next)), next);
    };
  }
}
