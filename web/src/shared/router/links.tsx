import { type AnchorHTMLAttributes, type MouseEvent, type Ref, useEffect } from 'react';
import { createPath, isExternal, type NavigateOptions, resolveTo, type To } from './location';
import { useRouter } from './router-context';

interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  ref?: Ref<HTMLAnchorElement>;
  replace?: boolean;
  state?: unknown;
}

const opensElsewhere = (event: MouseEvent, target?: string) =>
  event.button !== 0 || (target !== undefined && target !== '_self') || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;

/**
 * A link within the app: a plain click navigates without reloading (a link to the page already shown replaces its
 * history entry); a modified click, another target or an outside address is the browser's.
 */
export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const { location, navigate } = useRouter();
  const href = isExternal(to) ? (to as string) : createPath(resolveTo(to, location.pathname));
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || opensElsewhere(event, target) || isExternal(to)) return;
    event.preventDefault();
    navigate(href, { replace: replace ?? href === createPath(location), state });
  };
  return <a {...rest} href={href} target={target} onClick={click} />;
}

/** Navigates to `to` once rendered (e.g. a page that sends a visitor elsewhere). */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const { navigate } = useRouter();
  useEffect(() => navigate(to, { replace, state }), [navigate, to, replace, state]);
  return null;
}
