import { type ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { ThrottlerGuard, type ThrottlerRequest } from '@nestjs/throttler';
import type { AccessTokenClaims } from '@shelf/contracts';
import { rateLimitKey } from './rate-limit';
import type { WriteLimits } from './write-limits';

const WRITE_LIMIT = 'shelf:write-limit';

/** Counts every request to the route against its reader's write `limit` (WriteLimitGuard does). */
export const WriteLimit = (limit: (typeof WriteLimits)[keyof typeof WriteLimits]) => SetMetadata(WRITE_LIMIT, limit.name);

/**
 * The throttler's guard for the write limits: counts a request against the one its route names with @WriteLimit,
 * keyed by the reader, so goes after UserGuard (`@UseGuards(UserGuard, WriteLimitGuard)`). A limit is one count for
 * all the routes that name it: liking a story and liking a comment use up the same allowance.
 */
@Injectable()
export class WriteLimitGuard extends ThrottlerGuard {
  protected override async handleRequest(request: ThrottlerRequest): Promise<boolean> {
    const named = this.reflector.get<string | undefined>(WRITE_LIMIT, request.context.getHandler());
    return request.throttler.name === named ? super.handleRequest(request) : true;
  }

  protected override async getTracker(req: { user: AccessTokenClaims }): Promise<string> {
    return req.user.sub;
  }

  protected override generateKey(_context: ExecutionContext, reader: string, name: string): string {
    return rateLimitKey(name, reader);
  }
}
