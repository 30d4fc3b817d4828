import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { MongoServerError } from 'mongodb';
import type { Connection } from 'mongoose';
import { randomBytes, randomUUID } from 'node:crypto';
import { seal, unseal } from './sealed-text';
import { sha256 } from './sha256';

/** A live refresh token, `_id` its hash. */
interface LiveTokenDocument {
  _id: string;
  userId: string;
  familyId: string;
  expiresAt: Date;
}

/**
 * A used token, `_id` `used:{hash}`: when it was used and the token that replaced it, sealed under a key only the
 * used token gives (see sealed-text.ts), so that a second presentation within the grace window gets the same one.
 */
interface UsedTokenDocument {
  _id: string;
  userId: string;
  familyId: string;
  expiresAt: Date;
  usedAt?: Date;
  successor?: string;
}

/** One family per login. */
interface FamilyDocument {
  _id: string;
  userId: string;
  revokedAt: Date | null;
  createdAt?: Date;
}

/** Per user: the sessions begun before `before` have ended, except the one kept (a password change ends the others). */
interface CutoffDocument {
  _id: string;
  before: Date;
  keep: string | null;
}

const TTL_MS = 30 * 24 * 3600_000;
/**
 * A token presented again this soon after it was used gets the same successor (two tabs refreshing at once, a retry
 * after a lost answer; RFC 9700 §4.14.2 allows it). Later, a used token means it leaked: its family is revoked.
 */
const REUSE_GRACE_MS = 30_000;

const isDuplicateKey = (error: unknown) => error instanceof MongoServerError && error.code === 11000;

export class InvalidRefreshToken extends Error {}

export interface Rotated {
  userId: string;
  familyId: string;
  refreshToken: string;
}

/**
 * Refresh tokens rotate: each is used once and replaced by the next of its family. Using one up is an insert of its
 * tombstone, the one write every supported store does atomically, so of two presentations at once exactly one
 * rotates and the other gets the same successor.
 */
@Injectable()
export class RefreshTokens {
  constructor(@InjectConnection() private readonly connection: Connection) {}

  private get tokens() {
    return this.connection.collection<LiveTokenDocument | UsedTokenDocument>('refresh_tokens');
  }

  private get families() {
    return this.connection.collection<FamilyDocument>('refresh_token_families');
  }

  private get cutoffs() {
    return this.connection.collection<CutoffDocument>('refresh_token_cutoffs');
  }

  /** Starts a new family for a fresh login. */
  async issue(userId: string): Promise<{ familyId: string; refreshToken: string }> {
    const familyId = randomUUID();
    await this.families.insertOne({ _id: familyId, userId, revokedAt: null, createdAt: new Date() });
    const refreshToken = randomBytes(32).toString('base64url');
    await this.tokens.insertOne({ _id: sha256(refreshToken), userId, familyId, expiresAt: new Date(Date.now() + TTL_MS) });
    return { familyId, refreshToken };
  }

  /** Uses a token up and returns its user, its family and the family's next token. */
  async rotate(token: string): Promise<Rotated> {
    const hash = sha256(token);
    const live = await this.tokens.findOne({ _id: hash });
    if (!live) return this.presentedAgain(token, hash);
    if (live.expiresAt.getTime() < Date.now()) throw new InvalidRefreshToken();
    const successor = randomBytes(32).toString('base64url');
    try {
      await this.tokens.insertOne({ ...live, _id: `used:${hash}`, usedAt: new Date(), successor: seal(token, successor) });
    } catch (error) {
      if (isDuplicateKey(error)) return this.presentedAgain(token, hash);
      throw error;
    }
    await this.ensureLive(live);
    await this.tokens.insertOne({ _id: sha256(successor), userId: live.userId, familyId: live.familyId, expiresAt: new Date(Date.now() + TTL_MS) });
    await this.tokens.deleteOne({ _id: hash });
    return { userId: live.userId, familyId: live.familyId, refreshToken: successor };
  }

  /** Logs a session out: its family's tokens stop working. Unknown tokens are ignored. */
  async revoke(token: string): Promise<void> {
    const hash = sha256(token);
    const found = (await this.tokens.findOne({ _id: hash })) ?? (await this.tokens.findOne({ _id: `used:${hash}` }));
    if (found) await this.revokeFamily(found.familyId);
  }

  /** Ends every session of the user begun until now, except `keep` (the family of the session asking, if any). */
  async endOtherSessions(userId: string, keep: string | null): Promise<void> {
    await this.cutoffs.replaceOne({ _id: userId }, { before: new Date(), keep }, { upsert: true });
  }

  /** A token that is not live: used (within the grace window, the same successor again) or unknown. */
  private async presentedAgain(token: string, hash: string): Promise<Rotated> {
    const used = (await this.tokens.findOne({ _id: `used:${hash}` })) as UsedTokenDocument | null;
    if (!used) throw new InvalidRefreshToken();
    const successor = used.successor && used.usedAt && Date.now() - used.usedAt.getTime() <= REUSE_GRACE_MS ? unseal(token, used.successor) : null;
    if (!successor) {
      await this.revokeFamily(used.familyId);
      throw new InvalidRefreshToken();
    }
    await this.ensureLive(used);
    return { userId: used.userId, familyId: used.familyId, refreshToken: successor };
  }

  /** Throws unless the token's family is neither revoked nor ended by a cut-off. */
  private async ensureLive({ userId, familyId }: { userId: string; familyId: string }): Promise<void> {
    const [family, cutoff] = await Promise.all([this.families.findOne({ _id: familyId }), this.cutoffs.findOne({ _id: userId })]);
    if (!family || family.revokedAt) throw new InvalidRefreshToken();
    const begun = family.createdAt?.getTime() ?? 0;
    if (cutoff && begun <= cutoff.before.getTime() && cutoff.keep !== familyId) throw new InvalidRefreshToken();
  }

  private async revokeFamily(familyId: string): Promise<void> {
    await this.families.updateOne({ _id: familyId }, { $set: { revokedAt: new Date() } });
  }
}
