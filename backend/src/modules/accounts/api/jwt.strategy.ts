import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { AccessTokenClaims } from '@shelf/contracts';
import { PersonalKeys } from '@shelf/server-config';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { SERVICE_ENV, type ServiceEnv } from '../../../platform/config/service-env';
import { ErasureAnnouncements } from '../infrastructure/erasure-announcements';
import { accessTokenSecretKey } from './access-token-key';

/**
 * The one check of an access token, for HTTP requests (UserGuard) and the socket handshake (HandshakeAuth): only HS256
 * tokens signed with this site's key, unexpired, naming their user; `alg: none` and others are refused.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy) {
  constructor(
    @Inject(SERVICE_ENV) env: ServiceEnv,
    private readonly keys: PersonalKeys,
    private readonly erasures: ErasureAnnouncements,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      // jsonwebtoken takes a KeyObject as it is; passport-jwt's types only name text and buffers.
      secretOrKey: accessTokenSecretKey(env) as unknown as Buffer,
      algorithms: ['HS256'],
      ignoreExpiration: false,
    });
  }

  /**
   * The claims the request acts with; a token without a user (no `sub`) is refused like a forged one, and so is one of
   * an erased account (its sessions end at once, not when the token runs out): erasures by any API process are
   * announced (ErasureAnnouncements), and while this process cannot hear them it asks the store each time. Should the
   * store not answer, the check fails (503), never taking the token as it is.
   */
  async validate(claims: AccessTokenClaims): Promise<AccessTokenClaims | null> {
    if (typeof claims.sub !== 'string' || claims.sub === '') return null;
    return (await this.keys.isErased(claims.sub, { fresh: !this.erasures.listening })) ? null : claims;
  }
}
