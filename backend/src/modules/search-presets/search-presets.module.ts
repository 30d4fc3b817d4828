import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AccountsModule } from '../accounts/accounts.module';
import { SearchPresetsController } from './api/search-presets.controller';
import { DeleteSearchPresetHandler, SaveSearchPresetHandler } from './application/search-preset.handlers';
import { SearchPresetsReadStore } from './infrastructure/search-presets-read-store';

/** Saved searches: a signed-in reader names a search (filters, excludes and sort) to run it again in one tap. */
@Module({
  imports: [CqrsModule, AccountsModule],
  controllers: [SearchPresetsController],
  providers: [SaveSearchPresetHandler, DeleteSearchPresetHandler, SearchPresetsReadStore],
  exports: [SearchPresetsReadStore],
})
export class SearchPresetsModule {}
