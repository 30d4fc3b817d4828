import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { randomBytes, randomUUID } from 'node:crypto';
import { sha256 } from './sha256';

/** A live refresh token (`_id` its hash) or, once used, its tombstone (`_id` `used:{hash}`). */
interface RefreshTokenDocument {
  _id: string;
  userId: string;
  familyId: string;
  expiresAt: Date;
}

interface FamilyDocument {
  _id: string;
  userId: string;
  revokedAt: Date | null;
}

const TTL_MS = 30 * 24 * 3600_000;

export class InvalidRefreshToken extends Error {}

/**
 * Refresh tokens rotate: each one is used once and replaced by the next of its family (one family per login).
 * Presenting a used token means it leaked, so the whole family is revoked and its holder must log in again.
 */
@Injectable()
export class RefreshTokens {
  constructor(@InjectConnection() private readonly connection: Connection) {}

  private get tokens() {
    return this.connection.collection<RefreshTokenDocument>('refresh_tokens');
  }

  private get families() {
    return this.connection.collection<FamilyDocument>('refresh_token_families');
  }

  /** Starts a new family for a fresh login. */
  async issue(userId: string): Promise<string> {
    const familyId = randomUUID();
    await this.families.insertOne({ _id: familyId, userId, revokedAt: null });
    return this.mint(userId, familyId);
  }

  /** Uses a token up and returns its user and the family's next token. */
  async rotate(token: string): Promise<{ userId: string; refreshToken: string }> {
    const hash = sha256(token);
    const live = await this.tokens.findOneAndDelete({ _id: hash });
    if (!live) {
      const used = await this.tokens.findOne({ _id: `used:${hash}` });
      if (used) await this.revokeFamily(used.familyId);
      throw new InvalidRefreshToken();
    }
    await this.tokens.insertOne({ ...live, _id: `used:${hash}` });
    const family = await this.families.findOne({ _id: live.familyId });
    if (!family || family.revokedAt || live.expiresAt.getTime() < Date.now()) throw new InvalidRefreshToken();
    return { userId: live.userId, refreshToken: await this.mint(live.userId, live.familyId) };
  }

  /** Logs a session out: its family's tokens stop working. Unknown tokens are ignored. */
  async revoke(token: string): Promise<void> {
    const hash = sha256(token);
    const found = (await this.tokens.findOne({ _id: hash })) ?? (await this.tokens.findOne({ _id: `used:${hash}` }));
    if (found) await this.revokeFamily(found.familyId);
  }

  private async revokeFamily(familyId: string): Promise<void> {
    await this.families.updateOne({ _id: familyId }, { $set: { revokedAt: new Date() } });
  }

  private async mint(userId: string, familyId: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.tokens.insertOne({ _id: sha256(token), userId, familyId, expiresAt: new Date(Date.now() + TTL_MS) });
    return token;
  }
}
