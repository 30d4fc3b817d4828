import type { RequestHandler } from 'express';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const decodes = (path: string) => {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
};

/**
 * A page address with broken percent-encoding (`/2-x/%E0%A4%A`) still gets the web app, which shows its home screen
 * as for any unknown path: the static files' catch-all route would fail to decode it and answer 400. Addresses of
 * the API and the other servers' paths are left to them.
 */
export function serveAppForUndecodablePaths(webDist: string, serverPaths: string[]): RequestHandler {
  const index = join(webDist, 'index.html');
  return (req, res, next) => {
    const page = (req.method === 'GET' || req.method === 'HEAD') && !serverPaths.some((prefix) => req.path.startsWith(prefix));
    if (!page || decodes(req.path) || !existsSync(index)) return next();
    res.sendFile(index);
  };
}
