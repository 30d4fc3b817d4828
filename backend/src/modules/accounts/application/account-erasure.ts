import { Injectable } from '@nestjs/common';
import { ErasureLedger, PersonalKeys } from '@shelf/server-config';
import { decideErasure } from '../domain/account-decisions';
import { AccountMessage } from '../domain/account-messages';
import { USERNAME_GRACE_MS, usernameKey } from '../domain/account-rules';
import { AccountClaims } from '../infrastructure/account-claims';
import { AccountTokens } from '../infrastructure/account-tokens';
import { UsernameHolds } from '../infrastructure/username-holds';
import { Credentials } from '../infrastructure/credentials';
import { ErasureAnnouncements } from '../infrastructure/erasure-announcements';
import { RefreshTokens } from '../infrastructure/refresh-tokens';
import { UserRepository } from '../infrastructure/user-repository';

/** One step of an erasure, by the account's id; each does nothing the second time, so a retry or a re-apply is safe. */
export interface ErasureStep {
  /** What it clears, for the operators' output. */
  readonly name: string;
  run(userId: string): Promise<unknown>;
}

/**
 * What other modules forget of the account: `beforeEnd` while the account still stands (their commands may need it),
 * `afterEnd` once its key is erased and it has ended (nothing it appends from then on is readable).
 */
export interface ForgettingSteps {
  readonly beforeEnd: readonly ErasureStep[];
  readonly afterEnd: readonly ErasureStep[];
}

const NOTHING_ELSE: ForgettingSteps = { beforeEnd: [], afterEnd: [] };

/**
 * Erasing an account (docs/architecture.md, "Erasure"), confirmed by the e-mailed link. The account's id goes into the
 * erasure ledger first, then every step runs by that id: the same list `npm run erasures:reapply` runs again for each
 * id of the ledger after a restore. Every step can run again, so a link followed again after a crash finishes the
 * work: the link is used up last. The username is held by its keyed hash for USERNAME_GRACE_MS (UsernameHolds).
 */
@Injectable()
export class AccountErasure {
  /**
   * The account's own steps until it has ended: what needs the account readable first (its username held by its hash
   * for USERNAME_GRACE_MS); then its personal key erased, so its personal fields in the log read as erased from then
   * on, and the erasure announced to every API process; `user.erased.v1` ends the account (its stream folds to none;
   * nothing is appended where the log has it). The workers' mail module forgets its e-mails, sent or waiting, when it
   * reads that event (MailErasure), and sends it nothing from the key's erasure on.
   */
  readonly untilEnded: readonly ErasureStep[] = [
    { name: 'username held', run: (userId) => this.holdUsername(userId) },
    { name: 'personal key', run: (userId) => this.eraseKey(userId) },
    { name: 'account ended (user.erased.v1)', run: (userId) => this.users.change(userId, (current) => decideErasure('valid', current), userId) },
  ];

  /** Then its sessions, password hashes, address and name claims and, last, its e-mail links are deleted. */
  readonly afterEnded: readonly ErasureStep[] = [
    { name: 'sessions', run: (userId) => this.refreshTokens.endOtherSessions(userId, null) },
    { name: 'password hashes', run: (userId) => this.credentials.forgetAll(userId) },
    { name: 'address and name claims', run: (userId) => this.claims.releaseAll(userId) },
    { name: 'e-mail links', run: (userId) => this.tokens.forgetAll(userId) },
  ];

  constructor(
    private readonly tokens: AccountTokens,
    private readonly users: UserRepository,
    private readonly keys: PersonalKeys,
    private readonly claims: AccountClaims,
    private readonly holds: UsernameHolds,
    private readonly credentials: Credentials,
    private readonly refreshTokens: RefreshTokens,
    private readonly ledger: ErasureLedger,
    private readonly announcements: ErasureAnnouncements,
  ) {}

  /** The account a deletion link is for; a link unknown, used or expired is refused with the accounts' message. */
  async holderOf(token: string): Promise<string> {
    const checked = await this.tokens.check(token, 'delete-account');
    if (checked.status !== 'valid') decideErasure(checked.status, null);
    return (checked as Extract<typeof checked, { status: 'valid' }>).token.userId;
  }

  /**
   * Erases the account the link is for: recorded in the ledger, then every step (`steps`). Resolves with the reader's
   * message.
   */
  async erase(token: string, forgetting: ForgettingSteps = NOTHING_ELSE): Promise<string> {
    const userId = await this.holderOf(token);
    await this.ledger.append(userId);
    await this.run(userId, forgetting);
    return AccountMessage.accountDeleted;
  }

  /**
   * Every step of the erasure of the account, in order: what other modules forget while it stands
   * (`forgetting.beforeEnd`), its own until it has ended, what they forget after (`forgetting.afterEnd`), then the rest
   * of its own; `done` hears of each as it completes.
   */
  async run(userId: string, forgetting: ForgettingSteps = NOTHING_ELSE, done: (step: ErasureStep) => void = () => undefined): Promise<void> {
    for (const step of this.steps(forgetting)) {
      await step.run(userId);
      done(step);
    }
  }

  /** The steps `run` runs, in its order. */
  steps(forgetting: ForgettingSteps = NOTHING_ELSE): ErasureStep[] {
    return [...forgetting.beforeEnd, ...this.untilEnded, ...forgetting.afterEnd, ...this.afterEnded];
  }

  /** The account's own name, held; nothing once its key is erased (then its name is no longer readable, or held before). */
  private async holdUsername(userId: string): Promise<void> {
    const user = (await this.keys.isErased(userId)) ? null : await this.users.load(userId);
    if (user) await this.holds.hold(usernameKey(user.username), new Date(Date.now() + USERNAME_GRACE_MS));
  }

  /** The key erased, and every API process told: the account's tokens are refused and its sockets closed at once. */
  private async eraseKey(userId: string): Promise<void> {
    await this.keys.erase(userId);
    await this.announcements.announce(userId);
  }
}
