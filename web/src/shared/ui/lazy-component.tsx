import { type ComponentType, lazy, type ReactNode, useState } from 'react';

export interface LazyComponent<Props> {
  (props: Props): ReactNode;
  /** Loads the component's code; once loaded, the component renders at once, without suspending. */
  preload(): Promise<void>;
}

const preloads: (() => Promise<void>)[] = [];

/**
 * A component whose code comes on demand (a chunk of its own), suspending until it has loaded, as React.lazy does.
 * Preloaded, it renders at once: a server-rendered page preloads its page's code before hydrating, and the server
 * preloads everything, so that neither suspends where the other did not.
 */
export function lazyComponent<Props extends object>(load: () => Promise<ComponentType<Props>>): LazyComponent<Props> {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<void> | undefined;
  const preload = (): Promise<void> =>
    (loading ??= load().then(
      (component) => {
        loaded = component;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Suspending = lazy(() => preload().then(() => ({ default: loaded! })));
  function Component(props: Props) {
    // Chosen once: a component that began suspending stays on React.lazy (switching would mount it anew).
    const [Rendered] = useState<ComponentType<Props>>(() => loaded ?? Suspending);
    return <Rendered {...props} />;
  }
  preloads.push(preload);
  return Object.assign(Component, { preload });
}

/**
 * Loads the code of every lazy component (the server renders any page at once), and of those that code declares in
 * turn (a page's parts loaded on demand).
 */
export async function preloadEveryLazyComponent(): Promise<void> {
  for (let loaded = 0; loaded < preloads.length; ) {
    const round = preloads.slice(loaded);
    loaded = preloads.length;
    await Promise.all(round.map((preload) => preload()));
  }
}
