import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { CatalogReadModule } from '../catalog/catalog.module';
import { CommentsModule } from '../comments/comments.module';
import { OperatorsModule } from '../operators/operators.module';
import { ModerationController } from './api/moderation.controller';
import { GetModerationContextQuery } from './application/get-moderation-context.query';
import { GetModerationQueueQuery } from './application/get-moderation-queue.query';
import { ModerateCommentHandler } from './application/moderate-comment.handler';
import { ModerationReadStore } from './infrastructure/moderation-read-store';

/** The operators' moderation queue: reported comments in context, and dismissing, removing, restoring and suspending. */
@Module({
  imports: [CqrsModule, OperatorsModule, CommentsModule, CatalogReadModule],
  controllers: [ModerationController],
  providers: [ModerateCommentHandler, GetModerationQueueQuery, GetModerationContextQuery, ModerationReadStore],
})
export class ModerationModule {}
