/** Where the app is: the parts of the address the routes read, the state a link passed along, and a key per entry. */
export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
}

/** Where to go: an address, or its parts (a missing pathname stays on the current page). */
export type To = string | Partial<Pick<Location, 'pathname' | 'search' | 'hash'>>;

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export type Path = Pick<Location, 'pathname' | 'search' | 'hash'>;

const normalSearch = (search = '') => (search === '?' ? '' : search && !search.startsWith('?') ? `?${search}` : search);
const normalHash = (hash = '') => (hash === '#' ? '' : hash && !hash.startsWith('#') ? `#${hash}` : hash);

/** The parts of an address such as `/a/b?c=1#d`. */
export function parsePath(address: string): Partial<Path> {
  const parts: Partial<Path> = {};
  let rest = address;
  const hashAt = rest.indexOf('#');
  if (hashAt >= 0) {
    parts.hash = rest.slice(hashAt);
    rest = rest.slice(0, hashAt);
  }
  const searchAt = rest.indexOf('?');
  if (searchAt >= 0) {
    parts.search = rest.slice(searchAt);
    rest = rest.slice(0, searchAt);
  }
  if (rest) parts.pathname = rest;
  return parts;
}

/**
 * Where `to` leads from `pathname`: its own search and hash, and its path, which stays `pathname` when it names none
 * and is taken from `pathname`'s folder when it does not start with a slash.
 */
export function resolveTo(to: To, pathname: string): Path {
  const parts = typeof to === 'string' ? parsePath(to) : to;
  let target = parts.pathname ?? pathname;
  if (!target.startsWith('/')) target = `${pathname.replace(/[^/]*$/, '')}${target}`;
  return { pathname: target, search: normalSearch(parts.search), hash: normalHash(parts.hash) };
}

export const createPath = ({ pathname, search, hash }: Path): string => `${pathname}${search}${hash}`;

/** Addresses with a scheme (https:, mailto:) or of another host (//) leave the app. */
export const isExternal = (to: To): boolean => typeof to === 'string' && /^(?:[a-z][a-z\d+.-]*:|\/\/)/i.test(to);

let keys = 0;
/** A key for a new history entry. */
export const newKey = (): string => `${Date.now().toString(36)}-${(keys++).toString(36)}`;
