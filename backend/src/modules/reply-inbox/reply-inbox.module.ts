import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ReaderMarks } from '../../event-store/reader-marks';
import { AccountsModule } from '../accounts/accounts.module';
import { CatalogReadModule } from '../catalog/catalog.module';
import { CommentsModule } from '../comments/comments.module';
import { MutesModule } from '../mutes/mutes.module';
import { ReadingProgressModule } from '../reading-progress/reading-progress.module';
import { ReplyInboxController } from './api/reply-inbox.controller';
import { GetRepliesQuery } from './application/get-replies.query';
import { MarkRepliesReadHandler } from './application/mark-replies-read.handler';
import { ReplyInboxReadModels } from './infrastructure/reply-inbox-read-models';

/** A reader's reply inbox (the spec's Reply Notifications), as the workers project it. */
@Module({
  imports: [CqrsModule, AccountsModule, CatalogReadModule, CommentsModule, MutesModule, ReadingProgressModule],
  controllers: [ReplyInboxController],
  providers: [GetRepliesQuery, MarkRepliesReadHandler, ReaderMarks, ReplyInboxReadModels],
})
export class ReplyInboxModule {}
