// Link and image addresses survive only with one of these schemes, or when relative.
const SAFE_PROTOCOL = /^(https?|ircs?|mailto|xmpp)$/i;

/** Returns `url` when its scheme is allowed or it is relative, else the empty string. */
export function safeUrl(url: string): string {
  const colon = url.indexOf(':');
  const questionMark = url.indexOf('?');
  const numberSign = url.indexOf('#');
  const slash = url.indexOf('/');
  // A colon after the first slash, ? or # belongs to a relative address (`/a:b`, `?q=x:y`), not to a scheme.
  const isRelative =
    colon === -1 ||
    (slash !== -1 && colon > slash) ||
    (questionMark !== -1 && colon > questionMark) ||
    (numberSign !== -1 && colon > numberSign);
  if (isRelative || SAFE_PROTOCOL.test(url.slice(0, colon))) return url;
  return '';
}
