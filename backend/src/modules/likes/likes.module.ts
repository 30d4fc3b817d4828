import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AccountsModule } from '../accounts/accounts.module';
import { CatalogReadModule } from '../catalog/catalog.module';
import { LikeController } from './api/like.controller';
import { GetLikeStatusQuery } from './application/get-like-status.query';
import { LikeStoryHandler } from './application/like-story.handler';

/** Story likes. */
@Module({
  imports: [CqrsModule, AccountsModule, CatalogReadModule],
  controllers: [LikeController],
  providers: [LikeStoryHandler, GetLikeStatusQuery],
})
export class LikesModule {}
