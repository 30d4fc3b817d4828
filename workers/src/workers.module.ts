import { type DynamicModule, Inject, Module, type BeforeApplicationShutdown } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import type { ServiceEnv } from '@shelf/contracts';
import type { SearchEngine } from '@shelf/search-index';
import { AccountMailer } from './mail/account-mailer';
import { MailProcessor } from './mail/mail.processor';
import { MailOutbox } from './mail/mail-outbox';
import { MailTransport } from './mail/mail-transport';
import { CatalogProjector } from './projections/catalog/catalog.projector';
import { CommentThreadsProjector } from './projections/comment-threads/comment-threads.projector';
import { ParkedEventsProcessor } from './projections/parked-events.processor';
import { PartitionConsumer } from './projections/partition-consumer';
import { PartitionRunner } from './projections/partition-runner';
import { ProjectionSignals } from './projections/projection-signals';
import { PROJECTORS } from './projections/projector';
import { ReadModels } from './projections/read-models';
import { ReplyInboxProjector } from './projections/reply-inbox/reply-inbox.projector';
import { SearchProjector } from './projections/search/search.projector';
import { StoryLikesProjector } from './projections/story-likes/story-likes.projector';
import { BadgeNotifier } from './realtime/badge-notifier';
import { LiveEmitter } from './realtime/live-emitter';
import { SEARCH_ENGINE, searchEngineProvider } from './search-engine.provider';
import { SERVICE_ENV } from './service-env.token';

/** The consumers of the log; each runs on its own (see Projector and PartitionRunner). */
const PROJECTOR_CLASSES = [CatalogProjector, StoryLikesProjector, ReplyInboxProjector, CommentThreadsProjector, SearchProjector, AccountMailer];
const projectorsProvider = {
  provide: PROJECTORS,
  inject: PROJECTOR_CLASSES,
  useFactory: (...projectors: unknown[]) => projectors,
};

/**
 * The workers: the partition consumers with their projectors, and the mail and parked-events queues. With `consume`
 * false (the command-line tools) nothing consumes. Every part stops in beforeApplicationShutdown, while the store
 * connection (closed in onApplicationShutdown) is still open.
 */
@Module({})
export class WorkersModule implements BeforeApplicationShutdown {
  constructor(@Inject(SEARCH_ENGINE) private readonly search: SearchEngine) {}

  static register(env: ServiceEnv, options: { consume: boolean } = { consume: true }): DynamicModule {
    return {
      module: WorkersModule,
      imports: [MongooseModule.forRoot(env.mongoUrl, { serverSelectionTimeoutMS: 5000, bufferCommands: false })],
      providers: [
        { provide: SERVICE_ENV, useValue: env },
        searchEngineProvider,
        LiveEmitter,
        BadgeNotifier,
        MailOutbox,
        ReadModels,
        ...PROJECTOR_CLASSES,
        projectorsProvider,
        ProjectionSignals,
        PartitionRunner,
        ...(options.consume ? [MailTransport, MailProcessor, PartitionConsumer, ParkedEventsProcessor] : []),
      ],
      exports: [PROJECTORS, LiveEmitter, PartitionRunner, ReadModels],
    };
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.search.stop();
  }
}
