import { type CanActivate, type ExecutionContext, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { AccessTokenClaims } from '@shelf/contracts';
import type { Request } from 'express';
import { arrivalOf } from '../http/request-arrival';
import { awayDependency } from '../http/service-unavailable';
import { RequestDeadline } from '../request-deadline';

/** The signed-in roles (logged in, e-mail verified), as guards other modules put on their routes. */

/** A logged-in user: a valid access token in the Authorization header. */
@Injectable()
export class UserGuard extends AuthGuard('jwt') {
  constructor(private readonly deadline: RequestDeadline) {
    super();
  }

  /**
   * The token's check may ask the store (is the account erased?), and guards run before the interceptor that holds
   * every request to its deadline: the check is held to it here, so a stalled store is answered 503 in time.
   */
  override canActivate(context: ExecutionContext): Promise<boolean> {
    const checked = super.canActivate(context) as Promise<boolean>;
    return this.deadline.within(checked, arrivalOf(context.switchToHttp().getRequest<Request>()));
  }

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
