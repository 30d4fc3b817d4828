import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AccountsModule } from '../accounts/accounts.module';
import { CatalogReadModule } from '../catalog/catalog.module';
import { DigestsModule } from '../digests/digests.module';
import { ReadingProgressModule } from '../reading-progress/reading-progress.module';
import { SearchPresetsModule } from '../search-presets/search-presets.module';
import { LikesModule } from '../likes/likes.module';
import { MutesModule } from '../mutes/mutes.module';
import { ShelvesModule } from '../shelves/shelves.module';
import { AccountDeletionController } from './api/account-deletion.controller';
import { DataExportController } from './api/data-export.controller';
import { DeleteAccountHandler } from './application/delete-account.handler';
import { BuildDataExportQuery } from './application/build-data-export.query';
import { ReaderForgetting } from './application/reader-forgetting';
import { RecordDataExportHandler } from './application/record-data-export.handler';
import { ReaderActivityReadStore } from './infrastructure/reader-activity-read-store';

/** A reader's own data: "Download my data", and "Delete my account" once its e-mailed link is followed. */
@Module({
  imports: [CqrsModule, AccountsModule, CatalogReadModule, ReadingProgressModule, ShelvesModule, SearchPresetsModule, MutesModule, LikesModule, DigestsModule],
  controllers: [DataExportController, AccountDeletionController],
  providers: [BuildDataExportQuery, RecordDataExportHandler, DeleteAccountHandler, ReaderForgetting, ReaderActivityReadStore],
  exports: [ReaderForgetting],
})
export class PersonalDataModule {}
