import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { AccessTokenClaims } from '@shelf/contracts';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { SERVICE_ENV, type ServiceEnv } from '../../../platform/config/service-env';
import { accessTokenSecretKey } from './access-token-key';

/**
 * The one check of an access token, for HTTP requests (UserGuard) and the socket handshake (HandshakeAuth): only HS256
 * tokens signed with this site's key, unexpired, naming their user; `alg: none` and others are refused.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy) {
  constructor(@Inject(SERVICE_ENV) env: ServiceEnv) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      // jsonwebtoken takes a KeyObject as it is; passport-jwt's types only name text and buffers.
      secretOrKey: accessTokenSecretKey(env) as unknown as Buffer,
      algorithms: ['HS256'],
      ignoreExpiration: false,
    });
  }

  /** The claims the request acts with; a token without a user (no `sub`) is refused like a forged one. */
  validate(claims: AccessTokenClaims): AccessTokenClaims | null {
    return typeof claims.sub === 'string' && claims.sub !== '' ? claims : null;
  }
}
