import { Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { SERVICE_ENV, type ServiceEnv } from '../../../platform/config/service-env';

/** How long the cookie opens the queue dashboard. */
const SESSION_MS = 15 * 60 * 1000;
const COOKIE = 'shelf_queue_dashboard';

/**
 * The queue dashboard is a page of its own (bull-board, outside the web app), which a browser opens without the web
 * app's bearer token: an operator's session there is a cookie, `{userId}.{expiry}.{HMAC}`, keyed by a key of its own
 * derived from AUTH_SECRET (so it is no access token), HttpOnly, SameSite=Strict and limited to the dashboard's path.
 * The role is checked again on every request by its reader.
 */
@Injectable()
export class DashboardSession {
  private readonly key: Buffer;
  private readonly secure: boolean;

  constructor(@Inject(SERVICE_ENV) env: ServiceEnv) {
    this.key = createHmac('sha256', env.authSecret).update('queue-dashboard-session').digest();
    this.secure = env.publicUrl.startsWith('https:');
  }

  /** Opens the dashboard to this operator for SESSION_MS. */
  open(res: Response, userId: string, path: string, now = Date.now()): void {
    const value = `${userId}.${now + SESSION_MS}`;
    res.cookie(COOKIE, `${value}.${this.sign(value)}`, { httpOnly: true, sameSite: 'strict', secure: this.secure, path, maxAge: SESSION_MS });
  }

  /** The user id of an unexpired, untampered session cookie, or null. */
  userIdOf(req: Request, now = Date.now()): string | null {
    const raw = cookieValue(req.headers.cookie, COOKIE);
    const match = raw && /^([\w-]{1,64})\.(\d{1,15})\.([\w-]{43})$/.exec(raw);
    if (!match) return null;
    const [, userId, expiry, signature] = match;
    const expected = Buffer.from(this.sign(`${userId}.${expiry}`));
    if (!timingSafeEqual(Buffer.from(signature), expected)) return null;
    return Number(expiry) > now ? userId : null;
  }

  private sign(value: string): string {
    return createHmac('sha256', this.key).update(value).digest('base64url');
  }
}

function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}
