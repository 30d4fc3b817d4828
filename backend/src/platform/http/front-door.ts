import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { OptimisticLimit } from '../rate-limits/optimistic-limit';
import type { RateLimit } from '../rate-limits/rate-limit';
import type { HitCounter } from '../rate-limits/rate-limit-storage';
import { clientIp, type ProxyTrust } from './client-ip';
import type { ResponseCache } from './response-cache';
import { type HeaderList, setHeaders } from './security-headers';

/** A limit on a path's requests per client address; past it, 429 with `message`. */
export interface FrontDoorLimit extends RateLimit {
  readonly message: string;
}

export interface FrontDoorOptions {
  /** Paths whose requests are counted per client address before anything answers them. */
  limits: Record<string, FrontDoorLimit>;
  /** Where they are counted: the throttler's storage. */
  storage: HitCounter;
  /** Who may name the client in X-Forwarded-For. */
  trust: ProxyTrust;
  /** The security headers of every answer, by its URL. */
  secure: (url: string) => HeaderList;
  /** The request metrics, timed from `started` (performance.now) as the request came in. */
  metrics: {
    /** Counts an answer given here, just handed over, by its route pattern. */
    answered: (req: IncomingMessage, res: ServerResponse, route: string, started: number) => void;
    /** Counts a request passed on to Express once its answer is sent. */
    observe: (req: IncomingMessage, res: ServerResponse, started: number) => void;
  };
}

/**
 * Puts the response cache in front of Express: a remembered public GET is answered straight from memory, without
 * the routing, middleware and serialisation of a full request. Paths given a limit are counted first, whether the
 * answer then comes from memory or not (a client far below the limit does not wait for its count, and its counts go
 * out together: OptimisticLimit). Every request is timed from here, and every answer gets the security headers here,
 * first. (socket.io's own HTTP requests at /realtime never reach this listener.)
 */
export function installFrontDoor(server: Server, cache: ResponseCache, { limits, storage, trust, secure, metrics }: FrontDoorOptions): void {
  const [express] = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  // One count per limit, whichever of its paths is asked.
  const counts = new Map(Object.values(limits).map((limit) => [limit.name, new OptimisticLimit(storage, limit)]));
  // Express routes case-insensitively and ignores a trailing slash: so does the limit lookup. One test of the URL
  // for all the paths, which most requests fail, then one per path: no string is cut, lowercased or looked up.
  const limited = Object.entries(limits).map(([path, limit]) => ({ path, limit, pattern: pathPattern([path]), count: counts.get(limit.name)! }));
  const anyLimited = pathPattern(Object.keys(limits));
  const limitOf = (url: string) => {
    if (anyLimited.test(url)) for (const entry of limited) if (entry.pattern.test(url)) return entry;
    return undefined;
  };
  // Functions of the whole server rather than closures made for each request: this is every request's path.
  const toExpress = (req: IncomingMessage, res: ServerResponse, headers: HeaderList, started: number) => {
    metrics.observe(req, res, started);
    setHeaders(res, headers);
    express(req, res);
  };
  const fromCache = (req: IncomingMessage, res: ServerResponse, headers: HeaderList, started: number) => {
    const route = cache.serve(req, res, headers, started);
    if (route === undefined) toExpress(req, res, headers, started);
    else metrics.answered(req, res, route, started);
  };
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    const headers = secure(req.url ?? '/');
    if (req.method !== 'GET' || !req.url?.startsWith('/api/')) return toExpress(req, res, headers, started);
    const entry = limitOf(req.url);
    if (entry === undefined) return fromCache(req, res, headers, started);
    const { path, limit } = entry;
    const over = entry.count.check(clientIp(req, trust));
    if (over === false) return fromCache(req, res, headers, started);
    over.then(
      (refused) => {
        if (!refused) return fromCache(req, res, headers, started);
        res.writeHead(429, [...headers, 'Content-Type', 'application/json; charset=utf-8', 'Retry-After', String(Math.ceil(limit.ttl / 1000))]);
        res.end(JSON.stringify({ statusCode: 429, message: limit.message }));
        // A limit's path is its route's pattern.
        metrics.answered(req, res, path, started);
      },
      () => toExpress(req, res, headers, started),
    );
  });
}

/** A URL whose path is one of `paths`, in any case, with any trailing slashes, before its query. */
function pathPattern(paths: string[]): RegExp {
  const escaped = paths.map((path) => path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^(?:${escaped.join('|')})/*(?:\\?|$)`, 'i');
}
