import { Injectable } from '@nestjs/common';
import type { CommentingSuspension } from '@shelf/contracts';
import { usernameKey } from '../domain/account-rules';
import { suspendedNow } from '../domain/user-state';
import { AccountClaims, usernameClaim } from '../infrastructure/account-claims';
import { RefreshTokens } from '../infrastructure/refresh-tokens';
import { UserRepository } from '../infrastructure/user-repository';

/** What other modules may know of a user, as of now (an access token's claims may be up to 15 minutes old). */
export interface DirectoryEntry {
  userId: string;
  username: string;
  email: string;
  emailVerified: boolean;
  /** ISO time of the registration. */
  registeredAt: string;
  operator: boolean;
  /** The suspension from commenting in force now, if any. */
  suspension: CommentingSuspension | null;
}

@Injectable()
export class AccountDirectory {
  constructor(
    private readonly users: UserRepository,
    private readonly claims: AccountClaims,
    private readonly refreshTokens: RefreshTokens,
  ) {}

  /** The id of the user who holds this username now (any letter case), or null. */
  idOfUsername(username: string): Promise<string | null> {
    return this.claims.holder(usernameClaim(usernameKey(username.trim())));
  }

  /** The user's sessions (logins), oldest first, with when each began and ended (null: not ended). */
  async sessions(userId: string): Promise<{ started_at: string | null; ended_at: string | null }[]> {
    return (await this.refreshTokens.sessionsOf(userId)).map(({ startedAt, endedAt }) => ({ started_at: startedAt?.toISOString() ?? null, ended_at: endedAt?.toISOString() ?? null }));
  }

  async find(userId: string): Promise<DirectoryEntry | null> {
    const user = await this.users.load(userId);
    return (
      user && {
        userId: user.userId,
        username: user.username,
        email: user.email,
        emailVerified: user.emailVerified,
        registeredAt: user.registeredAt,
        operator: user.operator,
        suspension: suspendedNow(user),
      }
    );
  }
}
