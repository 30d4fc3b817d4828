import type { IncomingHttpHeaders } from 'node:http';

const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

/**
 * Whether a GET may be answered 304 (RFC 9110 section 13.2.2): If-None-Match, when present, decides (weak comparison,
 * `*` matches); otherwise If-Modified-Since, when the answer changed at or before it. A request's `Cache-Control:
 * no-cache` speaks to caches, not to the origin, so it changes nothing here (Express's `req.fresh` answers no to it,
 * and fetch() adds it to every request that carries a validator).
 */
export function notModified(headers: IncomingHttpHeaders, etag: string, lastModified: string): boolean {
  const noneMatch = headers['if-none-match'];
  if (noneMatch !== undefined) return noneMatch.trim() === '*' || noneMatch.split(',').some((tag) => opaque(tag) === opaque(etag));
  const since = Date.parse(headers['if-modified-since'] ?? '');
  return !Number.isNaN(since) && Date.parse(lastModified) <= since;
}
