import { useCallback, useContext, useMemo } from 'react';
import type { Location, NavigateOptions } from './location';
import { type NavigateFunction, RouteContext, useRouter } from './router-context';

export const useLocation = (): Location => useRouter().location;

export const useNavigate = (): NavigateFunction => useRouter().navigate;

/** The parameters the matched route's path names (`*` for the rest of a splat). */
export const useParams = (): Readonly<Record<string, string | undefined>> => useContext(RouteContext).params;

type SearchInit = URLSearchParams | Record<string, string> | string;

/** The address's query, and a setter that navigates to the same page with another query (and no hash). */
export function useSearchParams(): [URLSearchParams, (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => void] {
  const { location, navigate } = useRouter();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const setParams = useCallback(
    (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => {
      const value = typeof next === 'function' ? next(params) : next;
      navigate({ search: `?${new URLSearchParams(value).toString()}` }, options);
    },
    [navigate, params],
  );
  return [params, setParams];
}
