import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AccountsModule } from '../accounts/accounts.module';
import { CatalogReadModule } from '../catalog/catalog.module';
import { DigestsModule } from '../digests/digests.module';
import { HealthModule } from '../health/health.module';
import { ReadingProgressModule } from '../reading-progress/reading-progress.module';
import { SearchPresetsModule } from '../search-presets/search-presets.module';
import { LikesModule } from '../likes/likes.module';
import { MutesModule } from '../mutes/mutes.module';
import { ShelvesModule } from '../shelves/shelves.module';
import { AuditTrailReadStore } from '../audit';
import { FeedAddresses, FeedTokensReadStore } from '../feeds';
import { AccountDeletionController } from './api/account-deletion.controller';
import { DataExportController } from './api/data-export.controller';
import { DeleteAccountHandler } from './application/delete-account.handler';
import { BuildDataExportQuery } from './application/build-data-export.query';
import { ReaderForgetting } from './application/reader-forgetting';
import { RecordDataExportHandler } from './application/record-data-export.handler';
import { CommentStreams } from './infrastructure/comment-streams';
import { ReaderActivityReadStore } from './infrastructure/reader-activity-read-store';
import { ReaderMail } from './infrastructure/reader-mail';

/** A reader's own data: "Download my data", and "Delete my account" once its e-mailed link is followed. */
@Module({
  imports: [CqrsModule, AccountsModule, HealthModule, CatalogReadModule, ReadingProgressModule, ShelvesModule, SearchPresetsModule, MutesModule, LikesModule, DigestsModule],
  controllers: [DataExportController, AccountDeletionController],
  // The audit trail's and the feeds' read stores are theirs, provided here too: those modules' routes are not wanted here.
  providers: [
    BuildDataExportQuery,
    RecordDataExportHandler,
    DeleteAccountHandler,
    ReaderForgetting,
    ReaderActivityReadStore,
    CommentStreams,
    ReaderMail,
    AuditTrailReadStore,
    FeedTokensReadStore,
    FeedAddresses,
  ],
  exports: [ReaderForgetting],
})
export class PersonalDataModule {}
