import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AccountsModule } from '../accounts/accounts.module';
import { CatalogReadModule } from '../catalog/catalog.module';
import { CommentsModule } from '../comments/comments.module';
import { ReadingProgressModule } from '../reading-progress/reading-progress.module';
import { ReaderController } from './api/reader.controller';
import { GetLikedStoriesQuery } from './application/get-liked-stories.query';
import { GetRepliesQuery } from './application/get-replies.query';
import { MarkRepliesReadHandler } from './application/mark-replies-read.handler';
import { MarkUpdatesCheckedHandler } from './application/mark-updates-checked.handler';
import { ReaderMarks } from './infrastructure/reader-marks';
import { ReaderReadModels } from './infrastructure/reader-read-models';

/** Reply notifications and liked stories with their unchecked updates, as the workers project them. */
@Module({
  imports: [CqrsModule, AccountsModule, CatalogReadModule, CommentsModule, ReadingProgressModule],
  controllers: [ReaderController],
  providers: [GetRepliesQuery, GetLikedStoriesQuery, MarkRepliesReadHandler, MarkUpdatesCheckedHandler, ReaderMarks, ReaderReadModels],
})
export class NotificationsModule {}
