import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { nameRoute } from './answered-route';
import { clientIp, type ProxyTrust } from './client-ip';
import type { ResponseCache } from './response-cache';

/** Decides whether a client may make one more request; false refuses it with 429 and `message`. */
export interface RequestLimiter {
  readonly message: string;
  allow(clientIp: string): Promise<boolean>;
}

export interface FrontDoorOptions {
  /** Paths counted by a limiter before anything answers them. */
  limiters: Record<string, RequestLimiter>;
  /** Who may name the client in X-Forwarded-For. */
  trust: ProxyTrust;
  /** Sets the security headers of every answer. */
  secure: (req: IncomingMessage, res: ServerResponse) => void;
  /** Measures every request (the request metrics), the ones answered here included. */
  observe: (req: IncomingMessage, res: ServerResponse) => void;
}

/**
 * Puts the response cache in front of Express: a remembered public GET is answered straight from memory, without
 * the routing, middleware and serialisation of a full request. Paths given a limiter are counted first, whether
 * the answer then comes from memory or not. Every request is measured here, and every answer gets the security
 * headers here, first. (socket.io's own HTTP requests at /realtime never reach this listener.)
 */
export function installFrontDoor(server: Server, cache: ResponseCache, { limiters, trust, secure, observe }: FrontDoorOptions): void {
  const [express] = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    observe(req, res);
    secure(req, res);
    if (req.method !== 'GET' || !req.url?.startsWith('/api/')) return express(req, res);
    // Express routes case-insensitively and ignores a trailing slash: so does the limiter lookup.
    const path = req.url.split('?', 1)[0].toLowerCase().replace(/\/+$/, '');
    const limiter = limiters[path];
    if (!limiter) return cache.serve(req, res) || express(req, res);
    limiter.allow(clientIp(req, trust)).then(
      (allowed) => {
        if (allowed) return cache.serve(req, res) || express(req, res);
        // A limiter's path is its route's pattern.
        nameRoute(req, path);
        res.writeHead(429, { 'Content-Type': 'application/json; charset=utf-8', 'Retry-After': '10' });
        res.end(JSON.stringify({ statusCode: 429, message: limiter.message }));
      },
      () => express(req, res),
    );
  });
}
