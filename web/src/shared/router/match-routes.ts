import type { ReactNode } from 'react';

/** One route of a route table: a path pattern (or the index of its parent) and what it renders. */
export interface RouteObject {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  children: RouteObject[];
}

export interface RouteMatch {
  route: RouteObject;
}

export interface Matched {
  /** The matched routes, from the outermost to the one whose element is the page. */
  matches: RouteMatch[];
  params: Record<string, string>;
}

/**
 * The segments of a pathname, each decoded (a slash it encodes stays `%2F`, so it does not split the value); a
 * segment with broken percent-encoding is kept as it is.
 */
export function pathSegments(pathname: string): string[] {
  return pathname
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => {
      try {
        return decodeURIComponent(segment).replaceAll('/', '%2F');
      } catch {
        return segment;
      }
    });
}

/** Matches `pattern` (`a/:b/*`) against the start of `segments`: the parameters it names and the segments left. */
function matchStart(pattern: string, segments: string[], params: Record<string, string>): string[] | null {
  const parts = pattern.split('/').filter((part) => part !== '');
  for (const [at, part] of parts.entries()) {
    if (part === '*') {
      params['*'] = segments.slice(at).join('/');
      return [];
    }
    const segment = segments[at];
    if (segment === undefined) return null;
    if (part.startsWith(':')) params[part.slice(1)] = segment;
    else if (part.toLowerCase() !== segment.toLowerCase()) return null;
  }
  return segments.slice(parts.length);
}

/**
 * The first route (in the table's order, depth first) that takes the whole path, with its parents. Static segments
 * match whatever their case; `:name` takes one segment, `*` the rest (as params['*']).
 */
export function matchRoutes(routes: RouteObject[], segments: string[], params: Record<string, string> = {}): Matched | null {
  for (const route of routes) {
    if (route.index) {
      if (segments.length === 0) return { matches: [{ route }], params };
      continue;
    }
    const own = { ...params };
    const rest = matchStart(route.path ?? '', segments, own);
    if (!rest) continue;
    if (route.children.length > 0) {
      const inner = matchRoutes(route.children, rest, own);
      if (inner) return { matches: [{ route }, ...inner.matches], params: inner.params };
    }
    if (rest.length === 0 && route.path !== undefined) return { matches: [{ route }], params: own };
  }
  return null;
}
