import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AccountsModule } from '../accounts/accounts.module';
import { DigestsController, DigestUnsubscribeController } from './api/digests.controller';
import { ChooseDigestHandler, UnsubscribeDigestHandler } from './application/digest.handlers';
import { DigestsReadStore } from './infrastructure/digests-read-store';

/** E-mail digests: a reader chooses, per kind, none, daily or weekly; a digest's link turns its kind off without sign-in. */
@Module({
  imports: [CqrsModule, AccountsModule],
  controllers: [DigestsController, DigestUnsubscribeController],
  providers: [ChooseDigestHandler, UnsubscribeDigestHandler, DigestsReadStore],
  exports: [DigestsReadStore],
})
export class DigestsModule {}
