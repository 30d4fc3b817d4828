import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AccountsModule } from '../accounts/accounts.module';
import { MutesController } from './api/mutes.controller';
import { MuteReaderHandler, UnmuteReaderHandler } from './application/mute.handlers';
import { MutesReadStore } from './infrastructure/mutes-read-store';

/**
 * Muting and blocking: a reader folds another's comments (mute), and also stops their replies (block). The comment
 * lists, the reply rule and the live pushes read the lists through MutesReadStore.
 */
@Module({
  imports: [CqrsModule, AccountsModule],
  controllers: [MutesController],
  providers: [MuteReaderHandler, UnmuteReaderHandler, MutesReadStore],
  exports: [MutesReadStore],
})
export class MutesModule {}
