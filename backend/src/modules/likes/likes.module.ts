import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AccountsModule } from '../accounts/accounts.module';
import { CatalogReadModule } from '../catalog/catalog.module';
import { ReaderMarks } from '../../event-store/reader-marks';
import { LikeController } from './api/like.controller';
import { LikedStoriesController } from './api/liked-stories.controller';
import { GetLikeStatusQuery } from './application/get-like-status.query';
import { GetLikedStoriesQuery } from './application/get-liked-stories.query';
import { LikeStoryHandler } from './application/like-story.handler';
import { MarkUpdatesCheckedHandler } from './application/mark-updates-checked.handler';
import { LikedStoriesReadModels } from './infrastructure/liked-stories-read-models';

/** Story likes, and a reader's liked stories with their unchecked updates, as the workers project them. */
@Module({
  imports: [CqrsModule, AccountsModule, CatalogReadModule],
  controllers: [LikeController, LikedStoriesController],
  providers: [LikeStoryHandler, GetLikeStatusQuery, GetLikedStoriesQuery, MarkUpdatesCheckedHandler, ReaderMarks, LikedStoriesReadModels],
  exports: [LikedStoriesReadModels],
})
export class LikesModule {}
