import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AccountsModule } from '../accounts/accounts.module';
import { CatalogReadModule } from '../catalog/catalog.module';
import { ReaderSettingsController } from './api/reader-settings.controller';
import { ReadingProgressController } from './api/reading-progress.controller';
import { ChooseReaderSwitchesHandler, ChooseTitleFormHandler } from './application/choose-reader-settings.handler';
import { GetBookProgressQuery } from './application/get-book-progress.query';
import { GetContinueReadingQuery } from './application/get-continue-reading.query';
import { MergeProgressHandler } from './application/merge-progress.handler';
import { RecordProgressHandler } from './application/record-progress.handler';
import { ReaderSettingsReadStore } from './infrastructure/reader-settings-read-store';
import { ReadingProgressReadStore } from './infrastructure/reading-progress-read-store';

/** Reading progress: where a signed-in reader stopped in each book, on every device; and their reader settings. */
@Module({
  imports: [CqrsModule, AccountsModule, CatalogReadModule],
  controllers: [ReadingProgressController, ReaderSettingsController],
  providers: [RecordProgressHandler, MergeProgressHandler, ChooseReaderSwitchesHandler, ChooseTitleFormHandler, GetBookProgressQuery, GetContinueReadingQuery, ReadingProgressReadStore, ReaderSettingsReadStore],
  exports: [ReadingProgressReadStore, ReaderSettingsReadStore],
})
export class ReadingProgressModule {}
