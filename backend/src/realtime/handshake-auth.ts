import { Injectable } from '@nestjs/common';
import { TokenExpiredError } from '@nestjs/jwt';
import type { AccessTokenClaims } from '@shelf/contracts';
import passport from 'passport';
import { awayDependency, SERVICE_UNAVAILABLE_MESSAGE } from '../platform/http/service-unavailable';

export const HandshakeMessage = {
  expired: 'Your session has expired. Please log in again.',
  invalid: 'Please log in to continue.',
} as const;

/**
 * Reads the access token a socket presents in its handshake (`auth.token`) with the HTTP API's own check: passport's
 * 'jwt' strategy (accounts' JwtStrategy, which UserGuard runs), given the token as a bearer header. So one place
 * decides the key, the algorithm, the expiry and the claims a good access token has.
 */
@Injectable()
export class HandshakeAuth {
  /** The bearer's user id; null for a visitor (no token). A bad or expired token throws, with the reason. */
  async userIdOf(token: unknown): Promise<string | null> {
    if (token === undefined || token === null || token === '') return null;
    if (typeof token !== 'string') throw new Error(HandshakeMessage.invalid);
    const claims = await new Promise<AccessTokenClaims>((resolve, reject) => {
      const request = { headers: { authorization: `Bearer ${token}` } };
      // A refused token fails with jsonwebtoken's reason (an expired one, TokenExpiredError).
      // A token the store could not check is refused too, as an outage.
      const verdict = (error: unknown, user: AccessTokenClaims | false, reason: unknown) =>
        awayDependency(error)
          ? reject(new Error(SERVICE_UNAVAILABLE_MESSAGE))
          : error || !user
            ? reject(new Error(reason instanceof TokenExpiredError ? HandshakeMessage.expired : HandshakeMessage.invalid))
            : resolve(user);
      passport.authenticate('jwt', { session: false }, verdict)(request, {}, reject);
    });
    return claims.sub;
  }
}
