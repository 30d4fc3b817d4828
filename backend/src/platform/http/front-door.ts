import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { OptimisticLimit } from '../rate-limits/optimistic-limit';
import type { RateLimit } from '../rate-limits/rate-limit';
import type { HitCounter } from '../rate-limits/rate-limit-storage';
import { nameRoute } from './answered-route';
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
  /** Measures every request (the request metrics), the ones answered here included. */
  observe: (req: IncomingMessage, res: ServerResponse) => void;
}

/**
 * Puts the response cache in front of Express: a remembered public GET is answered straight from memory, without
 * the routing, middleware and serialisation of a full request. Paths given a limit are counted first, whether the
 * answer then comes from memory or not (a client far below the limit does not wait for its count, and its counts go
 * out together: OptimisticLimit). Every request is measured here, and every answer gets the security headers here,
 * first. (socket.io's own HTTP requests at /realtime never reach this listener.)
 */
export function installFrontDoor(server: Server, cache: ResponseCache, { limits, storage, trust, secure, observe }: FrontDoorOptions): void {
  const [express] = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  // One count per limit, whichever of its paths is asked.
  const counts = new Map(Object.values(limits).map((limit) => [limit.name, new OptimisticLimit(storage, limit)]));
  // Express routes case-insensitively and ignores a trailing slash: so does the limit lookup. (One test of the URL,
  // which most requests fail, instead of cutting and lowercasing each request's path.)
  const escaped = Object.keys(limits).map((path) => path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const limitedPath = new RegExp(`^(${escaped.join('|')})/*(?:\\?|$)`, 'i');
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    observe(req, res);
    const headers = secure(req.url ?? '/');
    const toExpress = () => {
      setHeaders(res, headers);
      express(req, res);
    };
    if (req.method !== 'GET' || !req.url?.startsWith('/api/')) return toExpress();
    const path = limitedPath.exec(req.url)?.[1].toLowerCase();
    if (path === undefined) return cache.serve(req, res, headers) || toExpress();
    const limit = limits[path];
    const over = counts.get(limit.name)!.check(clientIp(req, trust));
    if (over === false) return cache.serve(req, res, headers) || toExpress();
    over.then(
      (refused) => {
        if (!refused) return cache.serve(req, res, headers) || toExpress();
        // A limit's path is its route's pattern.
        nameRoute(req, path);
        res.writeHead(429, [...headers, 'Content-Type', 'application/json; charset=utf-8', 'Retry-After', String(Math.ceil(limit.ttl / 1000))]);
        res.end(JSON.stringify({ statusCode: 429, message: limit.message }));
      },
      toExpress,
    );
  });
}
