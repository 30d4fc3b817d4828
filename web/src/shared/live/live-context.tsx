import type { ServerToClientEvents, ThreadRef } from '@shelf/contracts';
import { useContext, useEffect, useRef } from 'react';
import { LiveContext, LiveWantedContext } from './live-provider';

// The live hooks, apart from the provider (live-provider.tsx), which every page needs while only some use these.
export { LiveContext };

/** Loads the live client once the calling component is mounted. */
function useWantLive(): void {
  const want = useContext(LiveWantedContext);
  useEffect(want, [want]);
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
  useWantLive();
  const client = useContext(LiveContext);
  const { book_id, chapter_id } = thread;
  useEffect(() => client?.joinThread({ book_id, chapter_id }), [client, book_id, chapter_id]);
}

/** Follows a book's new chapters (LivePush.ChapterPublished) while the component is mounted. */
export function useLiveBook(bookId: number): void {
  useWantLive();
  const client = useContext(LiveContext);
  useEffect(() => client?.joinBook(bookId), [client, bookId]);
}

/**
 * Follows the operators' room (moderation pushes) while the component is mounted, rejoining after reconnects;
 * `onRefused` hears why the server refused the join (the account is no operator).
 */
export function useLiveOperatorsRoom(onRefused?: (message: string) => void): void {
  useWantLive();
  const client = useContext(LiveContext);
  const latest = useRef(onRefused);
  useEffect(() => {
    latest.current = onRefused;
  });
  useEffect(() => client?.joinOperators((message) => latest.current?.(message)), [client]);
}
