import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { AccessTokenClaims, ServiceEnv } from '@shelf/contracts';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { SERVICE_ENV } from '../../../platform/service-env.token';
import { accessTokenSecretKey } from './access-token-key';

/** Accepts only HS256 access tokens signed with this site's key, unexpired; `alg: none` and others are refused. */
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

  validate(claims: AccessTokenClaims): AccessTokenClaims {
    return claims;
  }
}
