import { Inject, Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { readStoreRestarts } from '@shelf/server-config';
import { Counter, Gauge } from 'prom-client';
import { SERVICE_ENV, type ServiceEnv } from '../../../platform/config/service-env';
import { RedisClient } from '../../../platform/redis-client';
import { within } from '../../../platform/within-deadline';
import { RealtimeGateway } from '../../../realtime/realtime.gateway';
import { ProjectionProgress } from '../../health';
import { MailCountsReader } from '../infrastructure/mail-counts.reader';
import { MetricsRegistry } from '../infrastructure/metrics-registry';
import { UnopenableFieldsReader } from '../infrastructure/unopenable-fields.reader';
import { JOB_STATES, QueueDepthReader } from '../infrastructure/queue-depth.reader';

/** A scrape reads the store and Redis for at most this long, then answers with what it has. */
const SCRAPE_TIMEOUT_MS = 1000;

/**
 * What the store, Redis and this process know at scrape time: queue depths, projection lag, parked events, e-mail and
 * sockets. `refresh` asks both dependencies at once within one deadline; one that is away (or slow) is reported by
 * shelf_dependency_up 0 and its metrics are left out of that scrape, so /metrics never hangs or fails on it.
 */
@Injectable()
export class DependencyMetrics {
  private readonly up: Gauge<'dependency'>;
  private readonly queueJobs: Gauge<'queue' | 'state'>;
  private readonly lag: Gauge<'projector'>;
  private readonly logHead: Gauge;
  private readonly parked: Gauge;
  private readonly emailsSent: Counter;
  private readonly emailsWaiting: Gauge;
  private readonly emailsFailed: Gauge;
  private readonly unopenable: Counter;

  constructor(
    registry: MetricsRegistry,
    @InjectConnection() private readonly store: Connection,
    private readonly redis: RedisClient,
    private readonly queues: QueueDepthReader,
    private readonly progress: ProjectionProgress,
    private readonly mail: MailCountsReader,
    private readonly unopenableFields: UnopenableFieldsReader,
    gateway: RealtimeGateway,
    @Inject(SERVICE_ENV) { storeRestartsFile }: ServiceEnv,
  ) {
    const registers = [registry];
    this.up = new Gauge({ name: 'shelf_dependency_up', help: 'Whether the dependency answered this scrape within 1 s (1) or not (0).', labelNames: ['dependency'], registers });
    this.queueJobs = new Gauge({ name: 'shelf_queue_jobs', help: 'Jobs in a BullMQ queue, by state.', labelNames: ['queue', 'state'], registers });
    this.lag = new Gauge({ name: 'shelf_projection_lag_events', help: 'Positions of the event log a projector has still to apply (0: caught up).', labelNames: ['projector'], registers });
    this.logHead = new Gauge({ name: 'shelf_event_log_head', help: "The event log's positions handed out, all partitions added up (about the events appended).", registers });
    this.parked = new Gauge({ name: 'shelf_parked_events', help: 'Events a projector set aside after failing every retry, waiting for an operator.', registers });
    this.emailsSent = new Counter({ name: 'shelf_emails_sent_total', help: 'E-mails sent, as recorded in the store (mail_sent).', registers });
    this.emailsWaiting = new Gauge({ name: 'shelf_emails_outbox', help: 'E-mails recorded in the outbox and not sent yet (mail_outbox).', registers });
    this.emailsFailed = new Gauge({ name: 'shelf_emails_failed', help: 'E-mails that failed every try and wait for an operator (mail_outbox entries marked failed).', registers });
    this.unopenable = new Counter({
      name: 'shelf_personal_fields_unopenable_total',
      help: "Sealed personal fields that did not open under their owner's live key (unopenable_fields): read by nobody as erased, they stop what reads them.",
      registers,
    });
    new Counter({
      name: 'shelf_store_restarts_total',
      help: 'Restarts of the embedded store by its supervisor (npm start), from its record; absent on a store it does not run.',
      registers,
      // Read at each scrape from the supervisor's record, which outlives this process.
      collect() {
        const restarts = readStoreRestarts(storeRestartsFile);
        this.reset();
        if (restarts) this.inc(restarts.total);
        else this.remove();
      },
    });
    new Gauge({
      name: 'shelf_connected_sockets',
      help: 'socket.io connections open to this API process.',
      registers,
      // Read at each scrape; the server exists once the app has started listening.
      collect() {
        this.set(gateway.server?.sockets.sockets.size ?? 0);
      },
    });
  }

  /** Reads the dependencies' facts into the metrics, within the scrape's deadline. */
  async refresh(): Promise<void> {
    const deadline = Date.now() + SCRAPE_TIMEOUT_MS;
    const ask = <T>(read: () => Promise<T>) => within(read, deadline - Date.now());
    const [storeUp, redisUp] = await Promise.all([
      ask(async () => (await this.store.db?.admin().ping())?.ok === 1),
      ask(async () => (await this.redis.ping()) === 'PONG'),
    ]);
    // Only a dependency that answered is asked more: calls to one that is away would only pile up.
    const fromStore = <T>(read: () => Promise<T>) => (storeUp ? ask(read) : null);
    const [progress, parked, sent, waiting, failedMail, unopenable, depths] = await Promise.all([
      fromStore(() => this.progress.read()),
      fromStore(() => this.progress.parkedEvents()),
      fromStore(() => this.mail.sent()),
      fromStore(() => this.mail.waiting()),
      fromStore(() => this.mail.failed()),
      fromStore(() => this.unopenableFields.count()),
      redisUp ? ask(() => this.queues.read()) : null,
    ]);

    this.up.set({ dependency: 'store' }, storeUp ? 1 : 0);
    this.up.set({ dependency: 'redis' }, redisUp ? 1 : 0);
    this.lag.reset();
    for (const [projector, behind] of Object.entries(progress?.lag ?? {})) this.lag.set({ projector }, behind);
    this.queueJobs.reset();
    for (const [queue, states] of Object.entries(depths ?? {})) for (const state of JOB_STATES) this.queueJobs.set({ queue, state }, states[state]);
    this.report(this.logHead, progress?.logEvents);
    this.report(this.parked, parked);
    this.report(this.emailsWaiting, waiting);
    this.report(this.emailsFailed, failedMail);
    this.count(this.emailsSent, sent);
    this.count(this.unopenable, unopenable);
  }

  /** Sets a counter kept in the store, or leaves it out of the scrape when the store did not say. */
  private count(counter: Counter, value: number | null): void {
    counter.reset();
    if (value === null) counter.remove();
    else counter.inc(value);
  }

  /** Sets a metric without labels, or leaves it out of the scrape when its dependency did not say. */
  private report(gauge: Gauge, value: number | null | undefined): void {
    if (value === null || value === undefined) gauge.remove();
    else gauge.set(value);
  }
}
