import type { HttpArgumentsHost } from '@nestjs/common/interfaces';
import type { Request, Response } from 'express';

/** The account commands' routes: their answers carry `success`, so their refusals carry `success: false`. */
const ACCOUNT_COMMAND_ROUTES = new Set(
  ['register', 'verify-email', 'reset-password', 'profile/change-username', 'profile/change-password'].map((route) => `/api/user/${route}`),
);

export interface RefusalBody {
  statusCode: number;
  success?: 0 | false;
  message: string;
}

/**
 * The body of every refusal the API answers itself, by route family: comment routes carry `success: 0` (the client
 * shows the message of a comment answer without success), the account commands' routes `success: false`, the others
 * the status and the message alone. Express matches routes case-insensitively and with a trailing slash, so this does.
 */
export function refusalBody(path: string, statusCode: number, message: string): RefusalBody {
  const route = path.toLowerCase().replace(/\/+$/, '');
  if (route.startsWith('/api/comment/')) return { statusCode, success: 0, message };
  if (ACCOUNT_COMMAND_ROUTES.has(route)) return { statusCode, success: false, message };
  return { statusCode, message };
}

/** Answers the request with a refusal in its route family's body, as JSON whatever else the route answers with (a cover is SVG). */
export function sendRefusal(http: HttpArgumentsHost, statusCode: number, message: string): void {
  const body = refusalBody(http.getRequest<Request>().path, statusCode, message);
  http.getResponse<Response>().status(statusCode).type('json').json(body);
}
