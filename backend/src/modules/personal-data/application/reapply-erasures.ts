import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { AccountEventType, EventLogCollection, type StoredEventDocument } from '@shelf/contracts';
import { ErasureLedger, LONG_SCAN, PersonalKeys } from '@shelf/server-config';
import type { Connection } from 'mongoose';
import { AccountErasure } from '../../accounts';
import { ReaderForgetting } from './reader-forgetting';

export interface ReappliedErasures {
  /** Accounts erased again: every one the ledger names, and any the log erased that it does not (erased before it). */
  accounts: number;
  /** Among them, those the log names but the ledger does not. */
  onlyInLog: number;
  /** Among them, those whose personal key was back (the restored backup was taken before their erasure). */
  keysBack: number;
}

/**
 * `npm run erasures:reapply` (docs/operations.md, "Erasure and backups"): after a restore, runs every step of the
 * erasure again (ReaderForgetting's, then AccountErasure's, the same list as at the erasure) for every account the
 * erasure ledger names, which a backup taken before the erasure does not know of: the key erased again,
 * `user.erased.v1` appended where the log lacks it, the sessions, hashes, claims, links and e-mails deleted again.
 */
@Injectable()
export class ReapplyErasures {
  constructor(
    private readonly erasure: AccountErasure,
    private readonly forgetting: ReaderForgetting,
    private readonly ledger: ErasureLedger,
    private readonly keys: PersonalKeys,
    @InjectConnection() private readonly connection: Connection,
  ) {}

  async run(): Promise<ReappliedErasures> {
    const accounts = new Set((await this.ledger.entries()).map((entry) => entry.userId));
    let onlyInLog = 0;
    const erasedInLog = this.connection
      .collection<StoredEventDocument>(EventLogCollection.Events)
      .find({ type: AccountEventType.UserErased }, { projection: { data: 1 }, ...LONG_SCAN });
    for await (const { data } of erasedInLog) {
      const { userId } = data as { userId: string };
      if (!accounts.has(userId)) onlyInLog++;
      accounts.add(userId);
    }
    let keysBack = 0;
    for (const userId of accounts) {
      if (!(await this.keys.isErased(userId, { fresh: true }))) keysBack++;
      await this.erasure.run(userId, this.forgetting.steps({ live: false }));
    }
    return { accounts: accounts.size, onlyInLog, keysBack };
  }
}
