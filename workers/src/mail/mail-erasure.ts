import { Injectable } from '@nestjs/common';
import { AccountEventType, type ErasureRequestedV1, type UserErasedV1 } from '@shelf/contracts';
import type { Projector } from '../engine';
import { MailOutbox } from './mail-outbox';

/**
 * An account's e-mail through its erasure: when the account asks to be erased, the messages recorded before messages
 * named their account are named by its address (still readable then); when it has ended (`user.erased.v1`), every
 * message of it, sent or waiting, goes with its job (MailOutbox.forgetUser). Both do nothing the second time. A side
 * effect only: it owns no read model and is never rebuilt. Until it has run, MailOutbox sends nothing to an erased
 * account.
 */
@Injectable()
export class MailErasure implements Projector {
  readonly name = 'mail-erasure';
  readonly handles = [AccountEventType.ErasureRequested, AccountEventType.UserErased];

  constructor(private readonly outbox: MailOutbox) {}

  async apply(event: ErasureRequestedV1 | UserErasedV1): Promise<void> {
    if (event.type === AccountEventType.UserErased) return this.outbox.forgetUser(event.data.userId);
    // An address erased since reads as '': the account ended, and its own event forgets by id.
    if (event.data.email !== '') await this.outbox.nameOlderMail(event.data.userId, event.data.email);
  }
}
