import type { IncomingMessage } from 'node:http';
import { routeOf } from '../../../platform/http/answered-route';
import { QUEUE_DASHBOARD_PATH } from '../../operators';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** serve-static's catch-all route, which answers page addresses with the web app. */
const WEB_APP_ROUTE = '{*any}';

/** The request's method, or `other` for the rare ones, so a client cannot add label values. */
export const methodLabel = (method: string | undefined): string => (method && METHODS.has(method) ? method : 'other');

/**
 * The route label of an answered request: the route pattern (`/api/:bookIdSlug`), never the URL, so the number of
 * series stays bounded. The queue dashboard is one route; the web app's files and pages are `static`; anything else
 * no route took (an unknown path, a refused method) is `unmatched`.
 */
export function routeLabel(req: IncomingMessage, status: number): string {
  // A handler mounted with app.use sees its own part of the URL in req.url; Express keeps the whole in originalUrl.
  const path = ((req as { originalUrl?: string }).originalUrl ?? req.url ?? '').split('?', 1)[0];
  if (path === QUEUE_DASHBOARD_PATH || path.startsWith(`${QUEUE_DASHBOARD_PATH}/`)) return QUEUE_DASHBOARD_PATH;
  const route = routeOf(req);
  if (route && route !== WEB_APP_ROUTE) return route;
  const page = (req.method === 'GET' || req.method === 'HEAD') && !path.startsWith('/api/');
  return page && status < 400 ? 'static' : 'unmatched';
}
