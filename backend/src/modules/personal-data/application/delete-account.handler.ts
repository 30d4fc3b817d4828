import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AccountErasure } from '../../accounts';
import { DeleteAccountCommand } from './delete-account.command';
import { ReaderForgetting } from './reader-forgetting';

/**
 * Deletes the account a confirmed link names (docs/architecture.md, "Erasure"): AccountErasure records it in the
 * erasure ledger, forgets what is the reader's but not personal data (ReaderForgetting), then erases the account,
 * which uses the link up: a crash on the way leaves the link working, and following it again finishes, each step doing
 * nothing the second time.
 */
@CommandHandler(DeleteAccountCommand)
export class DeleteAccountHandler implements ICommandHandler<DeleteAccountCommand, string> {
  constructor(
    private readonly erasure: AccountErasure,
    private readonly forgetting: ReaderForgetting,
  ) {}

  execute({ token }: DeleteAccountCommand): Promise<string> {
    return this.erasure.erase(token, this.forgetting.steps({ live: true }));
  }
}
