import { type DynamicModule, Inject, Module, type BeforeApplicationShutdown } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import type { ServiceEnv } from '@shelf/contracts';
import type { SearchEngine } from '@shelf/search-index';
import { AccountMailer } from './mail/account-mailer';
import { MailProcessor } from './mail/mail.processor';
import { MailTransport } from './mail/mail-transport';
import { OutboxRelay } from './outbox/outbox-relay';
import { CatalogProjector } from './projections/catalog/catalog.projector';
import { EventsProcessor } from './projections/events.processor';
import { PROJECTORS } from './projections/projector';
import { CommentThreadsProjector } from './projections/comment-threads/comment-threads.projector';
import { ReplyInboxProjector } from './projections/reply-inbox/reply-inbox.projector';
import { SearchProjector } from './projections/search/search.projector';
import { StoryLikesProjector } from './projections/story-likes/story-likes.projector';
import { BadgeNotifier } from './realtime/badge-notifier';
import { LiveEmitter } from './realtime/live-emitter';
import { SEARCH_ENGINE, searchEngineProvider } from './search-engine.provider';
import { SERVICE_ENV } from './service-env.token';

/**
 * Consumers of the events queue in the order they run for one event: the search index reads what the catalogue
 * and like projectors wrote to rm_books. Reply inboxes go before comment threads so that the reply badge is not held
 * up by the thread's (larger) document; the replies page skips a reply whose thread entry is a moment behind.
 */
const PROJECTOR_CLASSES = [CatalogProjector, StoryLikesProjector, ReplyInboxProjector, CommentThreadsProjector, SearchProjector, AccountMailer];
const projectorsProvider = {
  provide: PROJECTORS,
  inject: PROJECTOR_CLASSES,
  useFactory: (...projectors: unknown[]) => projectors,
};

/**
 * The workers: queue consumers, the outbox relay and the projections. Every part stops in
 * beforeApplicationShutdown, while the store connection (closed in onApplicationShutdown) is still open.
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
        ...PROJECTOR_CLASSES,
        projectorsProvider,
        ...(options.consume ? [MailTransport, MailProcessor, EventsProcessor, OutboxRelay] : []),
      ],
      exports: [PROJECTORS, LiveEmitter],
    };
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.search.stop();
  }
}
