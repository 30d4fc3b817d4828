import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { AccessTokenClaims, AuthUser, LoginResponse, TokenResponse } from '@shelf/contracts';
import { DomainError } from '../../../domain/domain-error';
import { AccountMessage } from '../domain/account-messages';
import { normaliseEmail } from '../domain/account-rules';
import type { UserState } from '../domain/user-state';
import { AccountClaims, emailClaim } from '../infrastructure/account-claims';
import { Credentials } from '../infrastructure/credentials';
import { PasswordHasher } from '../infrastructure/password-hasher';
import { InvalidRefreshToken, RefreshTokens } from '../infrastructure/refresh-tokens';
import { UserRepository } from '../infrastructure/user-repository';

export const toAuthUser = (user: UserState): AuthUser => ({
  user_id: user.userId,
  username: user.username,
  email: user.email,
  email_verified: user.emailVerified,
});

/**
 * Logging in, refreshing and logging out: sessions are a short-lived access token and a rotating refresh token. A wrong
 * password or a dead refresh token is refused as unauthenticated.
 */
@Injectable()
export class Sessions {
  constructor(
    private readonly users: UserRepository,
    private readonly claims: AccountClaims,
    private readonly hasher: PasswordHasher,
    private readonly credentials: Credentials,
    private readonly refreshTokens: RefreshTokens,
    private readonly jwt: JwtService,
  ) {}

  /** An unknown address and a wrong password cost the same time and get the same refusal. */
  async logIn(email: string, password: string): Promise<LoginResponse> {
    const userId = await this.claims.holder(emailClaim(normaliseEmail(email)));
    const user = userId ? await this.users.load(userId) : null;
    const hash = user ? await this.credentials.hashOf(user) : null;
    if (!(await this.hasher.verify(hash, password)) || !user) throw new DomainError('unauthenticated', AccountMessage.badCredentials);
    const { familyId, refreshToken } = await this.refreshTokens.issue(user.userId);
    return { message: AccountMessage.loggedIn, token: this.accessToken(user, familyId), refreshToken, user: toAuthUser(user) };
  }

  async refresh(refreshToken: string): Promise<TokenResponse> {
    try {
      const rotated = await this.refreshTokens.rotate(refreshToken);
      const user = await this.users.load(rotated.userId);
      if (!user) throw new InvalidRefreshToken();
      return { token: this.accessToken(user, rotated.familyId), refreshToken: rotated.refreshToken };
    } catch (error) {
      if (error instanceof InvalidRefreshToken) throw new DomainError('unauthenticated', AccountMessage.invalidRefreshToken);
      throw error;
    }
  }

  logOut(refreshToken: string): Promise<void> {
    return this.refreshTokens.revoke(refreshToken);
  }

  /** Ends the user's other sessions: their refresh tokens stop working (access tokens run out within 15 minutes). */
  endOtherSessions(claims: AccessTokenClaims): Promise<void> {
    return this.refreshTokens.endOtherSessions(claims.sub, claims.sid ?? null);
  }

  /** `sid` names the session (its refresh token family), so that a password change can keep it. */
  private accessToken(user: UserState, familyId: string): string {
    const claims: AccessTokenClaims = { sub: user.userId, username: user.username, email: user.email, email_verified: user.emailVerified, sid: familyId };
    return this.jwt.sign(claims);
  }
}
