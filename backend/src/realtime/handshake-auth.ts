import { Injectable } from '@nestjs/common';
import { JwtService, TokenExpiredError } from '@nestjs/jwt';
import type { AccessTokenClaims } from '@shelf/contracts';

export const HandshakeMessage = {
  expired: 'Your session has expired. Please log in again.',
  invalid: 'Please log in to continue.',
} as const;

/**
 * Reads the access token a socket presents in its handshake (`auth.token`), checked exactly as the HTTP API checks
 * it (HS256, this site's key, unexpired). The JwtService it uses is configured by RealtimeModule.
 */
@Injectable()
export class HandshakeAuth {
  constructor(private readonly jwt: JwtService) {}

  /** The bearer's user id; null for a visitor (no token). A bad or expired token throws, with the reason. */
  async userIdOf(token: unknown): Promise<string | null> {
    if (token === undefined || token === null || token === '') return null;
    if (typeof token !== 'string') throw new Error(HandshakeMessage.invalid);
    let claims: AccessTokenClaims;
    try {
      claims = await this.jwt.verifyAsync<AccessTokenClaims>(token, { algorithms: ['HS256'] });
    } catch (error) {
      throw new Error(error instanceof TokenExpiredError ? HandshakeMessage.expired : HandshakeMessage.invalid);
    }
    if (typeof claims.sub !== 'string' || !claims.sub) throw new Error(HandshakeMessage.invalid);
    return claims.sub;
  }
}
