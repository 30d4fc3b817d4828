import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AccountsModule } from '../accounts/accounts.module';
import { CatalogReadModule } from '../catalog/catalog.module';
import { ReadingProgressController } from './api/reading-progress.controller';
import { GetBookProgressQuery } from './application/get-book-progress.query';
import { GetContinueReadingQuery } from './application/get-continue-reading.query';
import { MergeProgressHandler } from './application/merge-progress.handler';
import { RecordProgressHandler } from './application/record-progress.handler';
import { ReadingProgressReadStore } from './infrastructure/reading-progress-read-store';

/** Reading progress: where a signed-in reader stopped in each book, on every device. */
@Module({
  imports: [CqrsModule, AccountsModule, CatalogReadModule],
  controllers: [ReadingProgressController],
  providers: [RecordProgressHandler, MergeProgressHandler, GetBookProgressQuery, GetContinueReadingQuery, ReadingProgressReadStore],
  exports: [ReadingProgressReadStore],
})
export class ReadingProgressModule {}
