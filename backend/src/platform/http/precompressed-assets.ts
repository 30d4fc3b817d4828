import type { RequestHandler } from 'express';
import { existsSync } from 'node:fs';
import { extname, resolve, sep } from 'node:path';

/** The built files the build also wrote compressed (web/vite.config.ts, precompressAssets), by extension. */
const TYPES: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' };
const SUFFIXES: Record<string, string> = { br: '.br', gzip: '.gz' };

/**
 * GET and HEAD of a built script or style sheet (/assets/…) answered with the copy the build compressed (Brotli at its
 * best, or gzip -9), as the client accepts it: smaller than compressing on every request, and no work per request.
 * A client that accepts neither, or a file without a copy, goes on to the static files.
 */
export function precompressedAssets(webDist: string): RequestHandler {
  const assets = resolve(webDist, 'assets') + sep;
  return (req, res, next) => {
    const type = TYPES[extname(req.path)];
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.path.startsWith('/assets/') || !type) return next();
    // Brotli when accepted, whatever order the client lists them in.
    const encoding = (['br', 'gzip'] as const).find((name) => req.acceptsEncodings(name));
    const file = resolve(webDist, `.${req.path}`);
    if (!encoding || !file.startsWith(assets) || !existsSync(file + SUFFIXES[encoding])) return next();
    res.setHeader('Content-Type', type);
    res.setHeader('Content-Encoding', encoding);
    res.setHeader('Vary', 'Accept-Encoding');
    // Vite names them by their content hash: a browser may keep them for good.
    res.sendFile(file + SUFFIXES[encoding], { maxAge: '1y', immutable: true }, (error) => {
      if (error && !res.headersSent) next(error);
    });
  };
}
