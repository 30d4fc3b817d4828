import type { ServerToClientEvents, ThreadRef } from '@shelf/contracts';
import { useStore } from 'jotai';
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import { LiveClient, type OpenSocket } from './live-client';

/** The app's live client; null (no live updates) outside LiveProvider. */
export const LiveContext = createContext<LiveClient | null>(null);

/** socket.io-client is loaded only once a socket is wanted, so the first page load stays small. */
const loadSocketIo = (): Promise<OpenSocket> => import('socket.io-client').then(({ io }) => (options) => io(options));

/** Runs the live channel for the app. Without it (unit tests) the hooks below do nothing. */
export function LiveProvider({ children }: { children: ReactNode }) {
  const store = useStore();
  const [client] = useState(() => new LiveClient(store, loadSocketIo));
  useEffect(() => {
    client.start();
    return () => client.stop();
  }, [client]);
  return <LiveContext.Provider value={client}>{children}</LiveContext.Provider>;
}

/** Calls `handler` for every push of `event` (the latest handler, without resubscribing). */
export function useLiveEvent<E extends keyof ServerToClientEvents>(event: E, handler: ServerToClientEvents[E]): void {
  const client = useContext(LiveContext);
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!client) return;
    return client.on(event, ((...args: Parameters<ServerToClientEvents[E]>) =>
      (latest.current as (...values: Parameters<ServerToClientEvents[E]>) => void)(...args)) as ServerToClientEvents[E]);
  }, [client, event]);
}

/** Calls `listener` after each reconnect of the live channel. */
export function useLiveReconnect(listener: () => void): void {
  const client = useContext(LiveContext);
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => client?.onReconnect(() => latest.current()), [client]);
}

/** Follows the comment thread while the component is mounted. */
export function useLiveThread(thread: ThreadRef): void {
  const client = useContext(LiveContext);
  const { book_id, chapter_id } = thread;
  useEffect(() => client?.joinThread({ book_id, chapter_id }), [client, book_id, chapter_id]);
}

/** Follows a book's new chapters (LivePush.ChapterPublished) while the component is mounted. */
export function useLiveBook(bookId: number): void {
  const client = useContext(LiveContext);
  useEffect(() => client?.joinBook(bookId), [client, bookId]);
}

/**
 * Follows the operators' room (moderation pushes) while the component is mounted, rejoining after reconnects;
 * `onRefused` hears why the server refused the join (the account is no operator).
 */
export function useLiveOperatorsRoom(onRefused?: (message: string) => void): void {
  const client = useContext(LiveContext);
  const latest = useRef(onRefused);
  useEffect(() => {
    latest.current = onRefused;
  });
  useEffect(() => client?.joinOperators((message) => latest.current?.(message)), [client]);
}
