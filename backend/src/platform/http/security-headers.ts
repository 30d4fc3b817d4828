import helmet from 'helmet';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';

type Directives = Record<string, string[]>;

/** The sha256 CSP sources of the page's inline scripts (JSON data blocks run nothing and need none). */
function inlineScriptHashes(html: string): string[] {
  const scripts = html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>([\s\S]*?)<\/script>/g);
  return [...scripts].map(([, body]) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
}

/**
 * The site's policy: scripts only from the site and the inline ones of index.html by hash; styles may be inline (React
 * sets style attributes); images from anywhere over HTTPS (avatars, pictures in comments); the live socket at the
 * same origin; no plugins, no framing.
 */
function siteDirectives(scriptHashes: string[]): Directives {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/** bull-board's page: its own scripts, inline styles and Google's fonts. */
const dashboardDirectives: Directives = {
  ...siteDirectives([]),
  'style-src': ["'self'", "'unsafe-inline'", 'https://fonts.googleapis.com'],
  'font-src': ["'self'", 'data:', 'https://fonts.gstatic.com'],
  'img-src': ["'self'", 'data:'],
};

/** The nginx of docker-compose sends the same headers on the files it serves (web/nginx-security-headers.conf; a test compares them). */
const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()';

/**
 * The headers of answers that are never a page (socket.io's own HTTP answers, which bypass the front door): nothing
 * may be loaded or framed from them, and they are never sniffed as another type.
 */
const REFERRER_POLICY = 'strict-origin-when-cross-origin';

export const NON_PAGE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': REFERRER_POLICY,
};

/** Headers in the flat form `res.writeHead` takes: name, value, name, value … */
export type HeaderList = readonly string[];

type Handler = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/**
 * What helmet sets under a policy, worked out once: with fixed directives its headers do not depend on the request, so
 * each answer copies a list instead of running helmet's middleware chain.
 */
function headersOf(directives: Directives, hsts: boolean): HeaderList {
  const headers: string[] = [];
  const recorder = { setHeader: (name: string, value: string) => headers.push(name, value), removeHeader: () => undefined };
  const helmetHandler = helmet({
    contentSecurityPolicy: { useDefaults: false, directives },
    referrerPolicy: { policy: REFERRER_POLICY },
    frameguard: { action: 'deny' },
    strictTransportSecurity: hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  }) as Handler;
  helmetHandler({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  return Object.freeze([...headers, 'Permissions-Policy', PERMISSIONS_POLICY]);
}

/** Sets `headers` on an answer that is still to be written. */
export function setHeaders(res: ServerResponse, headers: HeaderList): void {
  for (let i = 0; i < headers.length; i += 2) res.setHeader(headers[i], headers[i + 1]);
}

/**
 * The security headers of every answer (API, web app, covers, dashboard), by the request's URL: a strict
 * Content-Security-Policy, nosniff, no framing, a referrer policy, a permissions policy and cross-origin isolation of
 * the window. HSTS only when the site is reached over HTTPS.
 */
export function securityHeaders({ webDist, dashboardPath, https }: { webDist: string; dashboardPath: string; https: boolean }): (url: string) => HeaderList {
  const index = join(webDist, 'index.html');
  const site = headersOf(siteDirectives(existsSync(index) ? inlineScriptHashes(readFileSync(index, 'utf8')) : []), https);
  const dashboard = headersOf(dashboardDirectives, https);
  return (url) => (url.startsWith(dashboardPath) ? dashboard : site);
}
