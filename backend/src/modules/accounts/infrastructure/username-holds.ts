import { Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { KeyEncryptionKey } from '@shelf/server-config';
import type { Connection } from 'mongoose';
import { sha256 } from './sha256';

export const USERNAME_HOLDS_COLLECTION = 'username_holds';

/** An erased account's username, held until `heldUntil` under its keyed hash alone: no name, no user id. */
interface UsernameHoldDocument {
  /** KeyEncryptionKey.holdOf(the lower-case name). */
  _id: string;
  heldUntil: Date;
}

/** Holds made before they were keyed: `username-held:{SHA-256 of the name}` in account_claims, honoured until they expire. */
const LEGACY_HOLD = /^username-held:/;
const legacyHold = (usernameKey: string) => `username-held:${sha256(usernameKey)}`;

/** How often expired holds are deleted (FerretDB 1.24 refuses TTL indexes: "expireAfterSeconds is not implemented yet"). */
export const HOLD_SWEEP_MS = 3_600_000;

/**
 * Erased accounts' usernames, held for a while so nobody takes the name of someone just gone (docs/architecture.md,
 * "Erasure"). A hold is stored under an HMAC of the name with a key derived from KEY_ENCRYPTION_KEY, so a list of
 * names tried against a copy of the store finds nothing, and it names no account. Every API process deletes expired
 * holds as it starts and every HOLD_SWEEP_MS; the older unkeyed holds lose their user id at the first sweep and go
 * when they expire.
 */
@Injectable()
export class UsernameHolds implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private timer?: NodeJS.Timeout;
  private sweeping?: Promise<void>;
  private legacyLeft = true;

  constructor(
    @InjectConnection() private readonly connection: Connection,
    private readonly kek: KeyEncryptionKey,
  ) {}

  private get holds() {
    return this.connection.collection<UsernameHoldDocument>(USERNAME_HOLDS_COLLECTION);
  }

  private get claims() {
    return this.connection.collection<{ _id: string; userId?: string; heldUntil?: Date }>('account_claims');
  }

  async hold(usernameKey: string, until: Date): Promise<void> {
    await this.holds.replaceOne({ _id: this.kek.holdOf(usernameKey) }, { heldUntil: until }, { upsert: true });
  }

  async isHeld(usernameKey: string, now = new Date()): Promise<boolean> {
    const [keyed, legacy] = await Promise.all([
      this.holds.findOne({ _id: this.kek.holdOf(usernameKey) }),
      this.legacyLeft ? this.claims.findOne({ _id: legacyHold(usernameKey) }) : null,
    ]);
    return [keyed, legacy].some((hold) => hold?.heldUntil !== undefined && hold.heldUntil > now);
  }

  /** Deletes the holds expired by `now`; the unkeyed ones are looked for until none is left. */
  async sweep(now = new Date()): Promise<void> {
    await this.holds.deleteMany({ heldUntil: { $lte: now } });
    if (!this.legacyLeft) return;
    await this.claims.deleteMany({ _id: { $regex: LEGACY_HOLD }, heldUntil: { $lte: now } });
    await this.claims.updateMany({ _id: { $regex: LEGACY_HOLD }, userId: { $exists: true } }, { $unset: { userId: '' } });
    this.legacyLeft = (await this.claims.findOne({ _id: { $regex: LEGACY_HOLD } })) !== null;
  }

  onApplicationBootstrap(): void {
    const sweep = () => {
      this.sweeping ??= this.sweep()
        .catch(() => undefined) // the store away: the next turn sweeps
        .finally(() => (this.sweeping = undefined));
    };
    sweep();
    this.timer = setInterval(sweep, HOLD_SWEEP_MS);
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.sweeping;
  }
}
