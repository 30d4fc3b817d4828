import type { IncomingMessage } from 'node:http';

const ROUTE = Symbol('answeredRoute');

type Routed = IncomingMessage & { [ROUTE]?: string; route?: { path?: unknown }; baseUrl?: string };

/**
 * Names the route of an answer given outside Nest's router (the front door's cached answers and rate limits, handlers
 * mounted with `app.use`), so the request metrics label it by its route pattern, never by its URL.
 */
export function nameRoute(req: IncomingMessage, route: string): void {
  (req as Routed)[ROUTE] = route;
}

/** The route pattern that answered: the one named above, else the one Express matched (`/api/:bookIdSlug`). */
export function routeOf(req: IncomingMessage): string | undefined {
  const { [ROUTE]: named, route, baseUrl = '' } = req as Routed;
  if (named) return named;
  return typeof route?.path === 'string' ? `${baseUrl}${route.path}` : undefined;
}
