import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { ACCOUNT_CLAIM_MODEL, type ClaimDocument } from './account-claim.schema';
import { UsernameHolds } from './username-holds';
import { isDuplicateKey } from '@shelf/event-log';

/** A claim whose user never came to exist (the register command died half-way) is free again after this. */
const STALE_AFTER_MS = 60_000;

export const emailClaim = (normalisedEmail: string) => `email:${normalisedEmail}`;
export const usernameClaim = (usernameKey: string) => `username:${usernameKey}`;
const USERNAME_PREFIX = 'username:';

/**
 * Unique e-mail addresses and usernames without transactions: a user holds a claim document per value, and the
 * store's unique `_id` decides between two users claiming the same value at once.
 */
@Injectable()
export class AccountClaims {
  constructor(
    @InjectModel(ACCOUNT_CLAIM_MODEL) private readonly claims: Model<ClaimDocument>,
    private readonly holds: UsernameHolds,
  ) {}

  /** The user holding a claim, if any. */
  async holder(claim: string): Promise<string | null> {
    return (await this.find(claim))?.userId ?? null;
  }

  /**
   * Claims a value for a user; false when another live user holds it. `userExists` tells whether a holder's user
   * was ever registered, so a stale claim of a failed registration can be taken over.
   */
  async claim(claim: string, userId: string, userExists: (holder: string) => Promise<boolean>): Promise<boolean> {
    if (claim.startsWith(USERNAME_PREFIX) && (await this.holds.isHeld(claim.slice(USERNAME_PREFIX.length)))) return false;
    try {
      await this.claims.insertOne({ _id: claim, userId, claimedAt: new Date() });
      return true;
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
    const current = await this.find(claim);
    if (!current) return this.claim(claim, userId, userExists);
    if (current.userId === userId) return true;
    const stale = Date.now() - current.claimedAt.getTime() > STALE_AFTER_MS && !(await userExists(current.userId));
    if (!stale) return false;
    await this.claims.replaceOne({ _id: claim }, { userId, claimedAt: new Date() });
    return true;
  }

  /** Gives a value up, if this user holds it. */
  async release(claim: string, userId: string): Promise<void> {
    if ((await this.holder(claim)) === userId) await this.claims.deleteOne({ _id: claim });
  }

  /** Gives up every address and name the user holds (an erased account's username hold is no claim: UsernameHolds). */
  async releaseAll(userId: string): Promise<void> {
    await this.claims.deleteMany({ userId, _id: { $regex: '^(email|username):' } });
  }

  private find(claim: string): Promise<ClaimDocument | null> {
    return this.claims.findById(claim).lean<ClaimDocument>().exec();
  }
}
