import { BullModule, getQueueToken } from '@nestjs/bullmq';
import { type DynamicModule, Inject, Module, type BeforeApplicationShutdown } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { QueueName } from '@shelf/contracts';
import type { SearchEngine } from '@shelf/search-index';
import { EnvConfigModule, type EnvVariables, STORE_POOL, storeCallBounds, storeCrashPoints } from '@shelf/server-config';
import type { Queue } from 'bullmq';
import { SERVICE_ENV, type ServiceEnv } from './config/service-env';
import { serviceEnvSchema } from './config/service-env.schema';
import {
  BatchEffectsDelivery,
  LIVE_PUSHES,
  MAIL_OUTBOX,
  ParkedEventsProcessor,
  PartitionConsumer,
  PartitionPokes,
  PartitionRunner,
  ProjectionSignals,
  type Projector,
  PROJECTORS,
  ReadModels,
  ShapeUpgrade,
  WORKER_VARIABLES,
} from './engine';
import { assertEveryEventConsumed } from './log/event-consumers';
import { ErasureListener } from './log/erasure-listener';
import { DigestScheduler } from './digests/digest-scheduler';
import { DigestsProcessor } from './digests/digests.processor';
import { AccountMailer } from './mail/account-mailer';
import { MailErasure } from './mail/mail-erasure';
import { MailProcessor } from './mail/mail.processor';
import { MailOutbox } from './mail/mail-outbox';
import { MailTransport } from './mail/mail-transport';
import { AuditTrailProjector } from './projections/audit-trail/audit-trail.projector';
import { CatalogProjector } from './projections/catalog/catalog.projector';
import { CommentThreadsProjector } from './projections/comment-threads/comment-threads.projector';
import { DigestsProjector } from './projections/digests/digests.projector';
import { FeedTokensProjector } from './projections/feed-tokens/feed-tokens.projector';
import { ModerationProjector } from './projections/moderation/moderation.projector';
import { ReaderActivityProjector } from './projections/reader-activity/reader-activity.projector';
import { ReadingProgressProjector } from './projections/reading-progress/reading-progress.projector';
import { ReplyInboxProjector } from './projections/reply-inbox/reply-inbox.projector';
import { ReaderSettingsProjector } from './projections/reader-settings/reader-settings.projector';
import { SearchPresetsProjector } from './projections/search-presets/search-presets.projector';
import { MutesProjector } from './projections/mutes/mutes.projector';
import { ShelvesProjector } from './projections/shelves/shelves.projector';
import { SearchProjector } from './projections/search/search.projector';
import { StoryLikesProjector } from './projections/story-likes/story-likes.projector';
import { UsersProjector } from './projections/users/users.projector';
import { BadgeNotifier } from './realtime/badge-notifier';
import { LiveDelivery } from './realtime/live-delivery';
import { LiveEmitter } from './realtime/live-emitter';
import { SEARCH_ENGINE, searchEngineProvider } from './search-engine.provider';

/** The consumers of the log; each runs on its own (see Projector and PartitionRunner). */
const PROJECTOR_CLASSES = [
  CatalogProjector, StoryLikesProjector, ReplyInboxProjector, CommentThreadsProjector, SearchProjector, ModerationProjector, AuditTrailProjector,
  UsersProjector, ReadingProgressProjector, ShelvesProjector, SearchPresetsProjector, FeedTokensProjector, MutesProjector, ReaderActivityProjector,
  ReaderSettingsProjector, DigestsProjector, AccountMailer, MailErasure,
];
const projectorsProvider = {
  provide: PROJECTORS,
  inject: PROJECTOR_CLASSES,
  // Checked as the container is built, before any queue is consumed: an event type nobody consumes stops the start.
  useFactory: (...projectors: Projector[]) => assertEveryEventConsumed(projectors),
};

/** The queues the workers add to; the events queue they only consume (its processor takes the root options). */
const PRODUCED_QUEUES = [QueueName.Mail, QueueName.Parked, QueueName.Digests];
/**
 * While Redis is away adding to a queue fails, and each producer copes (the mail outbox queues the message again, a
 * parked event is in the store). The queues' errors are swallowed as soon as the queues are made: their users wait for
 * the store first, and BullMQ prints an error nobody listens to.
 */
const quietQueues = {
  provide: Symbol('QUIET_QUEUES'),
  inject: PRODUCED_QUEUES.map((name) => getQueueToken(name)),
  useFactory: (...queues: Queue[]) => queues.map((queue) => queue.on('error', () => undefined)),
};

/**
 * The workers: the partition consumers with their projectors, and the mail and parked-events queues. With `consume`
 * false (the command-line tools) nothing consumes: the `@Processor` classes, from which BullModule makes the BullMQ
 * workers, are left out. Every part stops in beforeApplicationShutdown, while the store connection (closed in
 * onApplicationShutdown) is still open; BullModule closes the queues after that. The workers' environment (SERVICE_ENV)
 * is read from `variables` through their schema.
 */
@Module({})
export class WorkersModule implements BeforeApplicationShutdown {
  constructor(@Inject(SEARCH_ENGINE) private readonly search: SearchEngine) {}

  static register(variables: EnvVariables, options: { consume: boolean } = { consume: true }): DynamicModule {
    const crashPoints = storeCrashPoints(variables);
    return {
      module: WorkersModule,
      imports: [
        EnvConfigModule.forRoot({ token: SERVICE_ENV, schema: serviceEnvSchema, variables }),
        MongooseModule.forRootAsync({
          inject: [SERVICE_ENV],
          useFactory: ({ mongoUrl }: ServiceEnv) => ({
            uri: mongoUrl,
            ...storeCallBounds(options.consume ? 'worker' : 'tool'),
            ...STORE_POOL,
            bufferCommands: false,
            ...crashPoints.options,
            connectionFactory: crashPoints.connectionFactory,
          }),
        }),
        BullModule.forRootAsync({
          inject: [SERVICE_ENV],
          useFactory: ({ redisUrl, queuePrefix }: ServiceEnv) => ({ connection: { url: redisUrl }, prefix: queuePrefix }),
        }),
        BullModule.registerQueue(...PRODUCED_QUEUES.map((name) => ({ name }))),
      ],
      providers: [
        quietQueues,
        searchEngineProvider,
        LiveEmitter,
        BadgeNotifier,
        LiveDelivery,
        MailOutbox,
        // The projection engine's ports (engine/ports.ts), bound to the adapters that carry a batch's side effects out.
        { provide: LIVE_PUSHES, useExisting: LiveDelivery },
        { provide: MAIL_OUTBOX, useExisting: MailOutbox },
        BatchEffectsDelivery,
        ReadModels,
        DigestScheduler,
        ...PROJECTOR_CLASSES,
        projectorsProvider,
        ProjectionSignals,
        PartitionRunner,
        ...(options.consume
          ? [MailTransport, MailProcessor, DigestsProcessor, PartitionPokes, ErasureListener, PartitionConsumer, ParkedEventsProcessor, ShapeUpgrade, { provide: WORKER_VARIABLES, useValue: variables }]
          : []),
      ],
      exports: [PROJECTORS, LiveEmitter, PartitionRunner, ReadModels],
    };
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.search.stop();
  }
}
