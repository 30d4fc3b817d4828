import { ForbiddenException, UnauthorizedException, type ExecutionContext } from '@nestjs/common';
import { UserGuard, VerifiedUserGuard } from './auth.guards';

const contextWith = (user: unknown) => ({ switchToHttp: () => ({ getRequest: () => ({ user }) }) }) as unknown as ExecutionContext;
const claims = (email_verified: boolean) => ({ sub: 'u1', username: 'Reader', email: 'r@example.test', email_verified });

describe('the role guards', () => {
  it('UserGuard refuses a request without a valid token with 401 and a message', () => {
    expect(() => new UserGuard().handleRequest(null, false)).toThrow(new UnauthorizedException('Please log in to continue.'));
    expect(new UserGuard().handleRequest(null, claims(false))).toEqual(claims(false));
  });

  it('VerifiedUserGuard lets only a user with a verified e-mail through', () => {
    expect(new VerifiedUserGuard().canActivate(contextWith(claims(true)))).toBe(true);
    expect(() => new VerifiedUserGuard().canActivate(contextWith(claims(false)))).toThrow(new ForbiddenException('Please verify your e-mail first.'));
    expect(() => new VerifiedUserGuard().canActivate(contextWith(undefined))).toThrow(ForbiddenException);
  });
});
