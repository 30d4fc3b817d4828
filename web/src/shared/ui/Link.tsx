import type { ComponentProps, MouseEvent } from 'react';
import { type To, useHref, useLinkClickHandler } from 'react-router-dom';

type LinkProps = Omit<ComponentProps<'a'>, 'href'> & { to: To; replace?: boolean; state?: unknown };

/**
 * A link within the app: its address as `href`, and a plain click navigates in the app (react-router's own click
 * handler). react-router's `<Link>` does the same plus route discovery and prefetching for its data routers, which
 * this app does not use: their code stays out of the entry every page loads first.
 */
export function Link({ to, replace, state, target, onClick, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler(to, { replace, state, target });
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) navigate(event);
  };
  return <a {...rest} href={href} target={target} onClick={click} />;
}
