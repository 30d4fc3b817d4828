import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  type CutoffDocument,
  type FamilyDocument,
  REFRESH_TOKEN_CUTOFF_MODEL,
  REFRESH_TOKEN_FAMILY_MODEL,
  REFRESH_TOKEN_MODEL,
  type RefreshTokenDocument,
} from './refresh-token.schemas';
import { seal, unseal } from './sealed-text';
import { sha256 } from './sha256';
import { isDuplicateKey } from '@shelf/event-log';

const TTL_MS = 30 * 24 * 3600_000;
/**
 * A token presented again this soon after it was used gets the same successor (two tabs refreshing at once, a retry
 * after a lost answer; RFC 9700 §4.14.2 allows it). Later, a used token means it leaked: its family is revoked.
 */
const REUSE_GRACE_MS = 30_000;


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
  constructor(
    @InjectModel(REFRESH_TOKEN_MODEL) private readonly tokens: Model<RefreshTokenDocument>,
    @InjectModel(REFRESH_TOKEN_FAMILY_MODEL) private readonly families: Model<FamilyDocument>,
    @InjectModel(REFRESH_TOKEN_CUTOFF_MODEL) private readonly cutoffs: Model<CutoffDocument>,
  ) {}

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
    const live = await this.token(hash);
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
    const found = (await this.token(hash)) ?? (await this.token(`used:${hash}`));
    if (found) await this.revokeFamily(found.familyId);
  }

  /** Ends every session of the user begun until now, except `keep` (the family of the session asking, if any). */
  async endOtherSessions(userId: string, keep: string | null): Promise<void> {
    await this.cutoffs.replaceOne({ _id: userId }, { before: new Date(), keep }, { upsert: true });
  }

  /**
   * The user's sessions (one family per login), oldest first: when each began and ended (logged out, or cut off by
   * endOtherSessions). One query that scans the families (every other lookup here is by `_id`): for "Download my data".
   */
  async sessionsOf(userId: string): Promise<{ startedAt: Date | null; endedAt: Date | null }[]> {
    const [families, cutoff] = await Promise.all([
      this.families.find({ userId }).lean<FamilyDocument[]>().exec(),
      this.cutoffs.findById(userId).lean<CutoffDocument>().exec(),
    ]);
    const sessions = families.map((family) => {
      const begun = family.createdAt?.getTime() ?? 0;
      const cutOff = cutoff && begun <= cutoff.before.getTime() && cutoff.keep !== family._id ? cutoff.before : null;
      const ended = [family.revokedAt, cutOff].filter((at): at is Date => at !== null).sort((a, b) => a.getTime() - b.getTime())[0];
      return { startedAt: family.createdAt ?? null, endedAt: ended ?? null };
    });
    return sessions.sort((a, b) => (a.startedAt?.getTime() ?? 0) - (b.startedAt?.getTime() ?? 0));
  }

  /** A token that is not live: used (within the grace window, the same successor again) or unknown. */
  private async presentedAgain(token: string, hash: string): Promise<Rotated> {
    const used = await this.token(`used:${hash}`);
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
    const [family, cutoff] = await Promise.all([
      this.families.findById(familyId).lean<FamilyDocument>().exec(),
      this.cutoffs.findById(userId).lean<CutoffDocument>().exec(),
    ]);
    if (!family || family.revokedAt) throw new InvalidRefreshToken();
    const begun = family.createdAt?.getTime() ?? 0;
    if (cutoff && begun <= cutoff.before.getTime() && cutoff.keep !== familyId) throw new InvalidRefreshToken();
  }

  private token(id: string): Promise<RefreshTokenDocument | null> {
    return this.tokens.findById(id).lean<RefreshTokenDocument>().exec();
  }

  private async revokeFamily(familyId: string): Promise<void> {
    await this.families.updateOne({ _id: familyId }, { $set: { revokedAt: new Date() } });
  }
}
