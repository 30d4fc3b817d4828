import { type CanActivate, type ExecutionContext, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { AccessTokenClaims } from '@shelf/contracts';
import type { Request } from 'express';
import { awayDependency } from '../http/service-unavailable';

/** The signed-in roles (logged in, e-mail verified), as guards other modules put on their routes. */

/** A logged-in user: a valid access token in the Authorization header. */
@Injectable()
export class UserGuard extends AuthGuard('jwt') {
  override handleRequest<T>(error: unknown, user: T): T {
    // A check the store could not answer (is the account erased?) is an outage, answered 503, not a refusal.
    if (awayDependency(error)) throw error;
    if (error || !user) throw new UnauthorizedException('Please log in to continue.');
    return user;
  }
}

/** A logged-in user whose e-mail is verified. Put it after UserGuard. */
@Injectable()
export class VerifiedUserGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const claims = context.switchToHttp().getRequest<Request & { user?: AccessTokenClaims }>().user;
    if (!claims?.email_verified) throw new ForbiddenException('Please verify your e-mail first.');
    return true;
  }
}

/** The claims of the request's access token (after UserGuard). */
export const claimsOf = (request: Request): AccessTokenClaims => (request as Request & { user: AccessTokenClaims }).user;
