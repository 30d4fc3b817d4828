import { type CanActivate, type ExecutionContext, HttpException, HttpStatus } from '@nestjs/common';
import type { Request } from 'express';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';

/**
 * Refuses a client (by IP) past its allowance with 429 and the given message. The limiter keeps its counts in
 * Redis, so every API process shares them.
 */
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly limiter: RateLimiterAbstract,
    private readonly message: string,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    try {
      await this.limiter.consume(request.ip ?? 'unknown');
      return true;
    } catch (rejection) {
      if (rejection instanceof Error) throw rejection; // Redis trouble is not the client's fault
      throw new HttpException({ statusCode: HttpStatus.TOO_MANY_REQUESTS, message: this.message }, HttpStatus.TOO_MANY_REQUESTS);
    }
  }
}
