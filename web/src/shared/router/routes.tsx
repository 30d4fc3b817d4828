import { Children, isValidElement, type ReactElement, type ReactNode, useContext } from 'react';
import { matchRoutes, pathSegments, type RouteObject } from './match-routes';
import { RouteContext, useRouter } from './router-context';

interface RouteProps {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  children?: ReactNode;
}

/** One entry of a <Routes> table; it renders nothing itself. */
export function Route(_props: RouteProps): ReactElement | null {
  return null;
}

function routesOf(children: ReactNode): RouteObject[] {
  return Children.toArray(children)
    .filter((child): child is ReactElement<RouteProps> => isValidElement(child) && child.type === Route)
    .map(({ props }) => ({ path: props.path, index: props.index, element: props.element, children: routesOf(props.children) }));
}

/** Renders the first of its <Route>s that matches the address, inside the elements of the routes around it. */
export function Routes({ children }: { children: ReactNode }) {
  const { location } = useRouter();
  const matched = matchRoutes(routesOf(children), pathSegments(location.pathname));
  if (!matched) return null;
  const { params } = matched;
  return matched.matches.reduceRight<ReactNode>(
    (outlet, { route }) => <RouteContext.Provider value={{ params, outlet }}>{route.element ?? outlet}</RouteContext.Provider>,
    null,
  );
}

/** Where a layout route shows the element of its matched child. */
export function Outlet() {
  return useContext(RouteContext).outlet;
}
