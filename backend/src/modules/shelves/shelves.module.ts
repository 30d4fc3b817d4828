import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AccountsModule } from '../accounts/accounts.module';
import { CatalogReadModule } from '../catalog/catalog.module';
import { ReadingProgressModule } from '../reading-progress/reading-progress.module';
import { LibraryController } from './api/library.controller';
import { SearchUnreadController } from './api/search-unread.controller';
import { ChooseShelfHandler } from './application/choose-shelf.handler';
import { GetLibraryQuery } from './application/get-library.query';
import { GetShelfQuery } from './application/get-shelf.query';
import { SearchUnreadQuery } from './application/search-unread.query';
import { ShelvesReadStore } from './infrastructure/shelves-read-store';

/** Library shelves: the shelf each story is on in a reader's library, beside (not instead of) likes. */
@Module({
  imports: [CqrsModule, AccountsModule, CatalogReadModule, ReadingProgressModule],
  controllers: [LibraryController, SearchUnreadController],
  providers: [ChooseShelfHandler, GetLibraryQuery, GetShelfQuery, SearchUnreadQuery, ShelvesReadStore],
  exports: [ShelvesReadStore],
})
export class ShelvesModule {}
