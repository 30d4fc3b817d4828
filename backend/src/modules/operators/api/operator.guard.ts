import { applyDecorators, type CanActivate, type ExecutionContext, ForbiddenException, Injectable, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import { AccountDirectory, type DirectoryEntry } from '../../accounts';
import { claimsOf, UserGuard } from '../../../platform/auth/auth.guards';

export const OPERATORS_ONLY = 'This page is for operators.';

/**
 * An account holding the operator role, as of now: the role is read from the account's stream on every request, so a
 * revoked operator is refused at once, whatever their access token says. Put it after UserGuard.
 */
@Injectable()
export class OperatorGuard implements CanActivate {
  constructor(private readonly directory: AccountDirectory) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request & { operator?: DirectoryEntry }>();
    const user = await this.directory.find(claimsOf(request).sub);
    if (!user?.operator) throw new ForbiddenException(OPERATORS_ONLY);
    request.operator = user;
    return true;
  }
}

/** A route for operators only: 401 without a valid access token, 403 for an account without the role. */
export const OperatorsOnly = () => applyDecorators(UseGuards(UserGuard, OperatorGuard));

/** The operator OperatorGuard let through. */
export const operatorOf = (request: Request): DirectoryEntry => (request as Request & { operator: DirectoryEntry }).operator;
