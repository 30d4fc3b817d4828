import { Injectable } from '@nestjs/common';
import type { CommentingSuspension } from '@shelf/contracts';
import { usernameKey } from '../domain/account-rules';
import { suspendedNow } from '../domain/user-state';
import { AccountClaims, usernameClaim } from '../infrastructure/account-claims';
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
  ) {}

  /** The id of the user who holds this username now (any letter case), or null. */
  idOfUsername(username: string): Promise<string | null> {
    return this.claims.holder(usernameClaim(usernameKey(username.trim())));
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
