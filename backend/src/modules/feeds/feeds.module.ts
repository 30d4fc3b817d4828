import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AccountsModule } from '../accounts/accounts.module';
import { CatalogQueriesModule, CatalogReadModule } from '../catalog/catalog.module';
import { ShelvesModule } from '../shelves/shelves.module';
import { FeedsController } from './api/feeds.controller';
import { ReadingFeedController } from './api/reading-feed.controller';
import { FeedCache } from './application/feed-cache';
import { FeedQueries } from './application/feed-queries';
import { CreateFeedTokenHandler, RevokeFeedTokenHandler } from './application/feed-token.handlers';
import { FeedAddresses } from './infrastructure/feed-addresses';
import { FeedTokensReadStore } from './infrastructure/feed-tokens-read-store';

/**
 * Feeds (RSS 2.0 and Atom) of the latest chapters, of one story, and of a reader's Reading shelf behind a private,
 * revocable address, whose making and turning off are commands like any other. Import it just before
 * CatalogQueriesModule (its response cache): its two-segment routes must come before the catalog's `/:first/:second`.
 */
@Module({
  imports: [CqrsModule, AccountsModule, CatalogReadModule, CatalogQueriesModule, ShelvesModule],
  controllers: [ReadingFeedController, FeedsController],
  providers: [FeedQueries, FeedCache, FeedAddresses, FeedTokensReadStore, CreateFeedTokenHandler, RevokeFeedTokenHandler],
})
export class FeedsModule {}
