import { useAtomValue, useStore } from 'jotai';
import { createContext, type ReactNode, startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { isLoggedInAtom } from '../state/session.atoms';
import type { LiveClient, OpenSocket } from './live-client';

/** The app's live client once it is wanted and loaded; null (no live updates) before, and outside LiveProvider. */
export const LiveContext = createContext<LiveClient | null>(null);

/** Asks for the live client: a page that follows a thread, a book or the operators' room, or a logged-in reader. */
export const LiveWantedContext = createContext<() => void>(() => undefined);

/** socket.io-client is loaded only once a socket is wanted, so the first page load stays small. */
const loadSocketIo = (): Promise<OpenSocket> => import('socket.io-client').then(({ io }) => (options) => io(options));

/**
 * Runs the live channel for the app. Its code (and socket.io-client's) loads only once something wants it, so a
 * visitor's home page carries none of it. Without the provider (unit tests) the hooks below do nothing.
 */
export function LiveProvider({ children }: { children: ReactNode }) {
  const store = useStore();
  const [client, setClient] = useState<LiveClient | null>(null);
  const loading = useRef(false);
  const want = useCallback(() => {
    if (loading.current) return;
    loading.current = true;
    // What follows the live channel renders with the client as a transition: in slices, not one long task.
    void import('./live-client').then(({ LiveClient }) => startTransition(() => setClient(new LiveClient(store, loadSocketIo))));
  }, [store]);
  const loggedIn = useAtomValue(isLoggedInAtom);
  useEffect(() => {
    if (loggedIn) want();
  }, [loggedIn, want]);
  useEffect(() => {
    if (!client) return;
    client.start();
    return () => client.stop();
  }, [client]);
  return (
    <LiveWantedContext value={want}>
      <LiveContext value={client}>{children}</LiveContext>
    </LiveWantedContext>
  );
}
