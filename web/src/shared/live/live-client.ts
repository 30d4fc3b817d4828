import { type ClientToServerEvents, LiveRequest, REALTIME_PATH, type ServerToClientEvents, type ThreadRef, threadId } from '@shelf/contracts';
import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
import { refreshSession } from '../api/api-client';
import type { AppStore } from '../state/store';
import { tokenAtom } from '../state/session.atoms';

export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type OpenSocket = (options: Partial<ManagerOptions & SocketOptions>) => LiveSocket;
type EventName = keyof ServerToClientEvents;
type Handler<E extends EventName> = ServerToClientEvents[E];

/** Refused handshakes in a row that are answered with a token refresh before giving up until the next login. */
const MAX_REFRESHES = 2;

/**
 * The live channel (socket.io at /realtime). It is open while the reader is logged in (badge counts) or while a
 * comment thread or a book's page is on screen (visitors too); it presents the current access token in the handshake and:
 * - reconnects when the token changes (login, token refresh) and disconnects on logout when no thread needs it;
 * - on a handshake refused for an invalid or expired token, refreshes the token through the API client (which
 *   stores the new one, so the change above reconnects), or goes on as a visitor if the refresh fails;
 * - rejoins the open threads and books after every reconnect and tells `onReconnect` listeners, who refetch what they
 *   may have missed while away.
 */
export class LiveClient {
  private socket: LiveSocket | null = null;
  private opening: Promise<void> | null = null;
  private token: string | null;
  private refreshes = 0;
  private connectedBefore = false;
  private started = false;
  private readonly threads = new Map<string, { thread: ThreadRef; users: number }>();
  /** Books whose new chapters are followed, with the number of components following each. */
  private readonly books = new Map<number, number>();
  /** Components following the operators' room (the moderation queue). */
  private operatorRoomUsers = 0;
  private readonly handlers = new Map<EventName, Set<(...args: never[]) => void>>();
  private readonly reconnectListeners = new Set<() => void>();
  private readonly operatorRoomRefusals = new Set<(message: string) => void>();
  private unsubscribeToken = () => {};

  constructor(
    private readonly store: AppStore,
    private readonly openSocket: () => Promise<OpenSocket>,
  ) {
    this.token = store.get(tokenAtom);
  }

  /** Starts following the session (and opens the socket if wanted); `stop` undoes it and may be followed by `start`. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.token = this.store.get(tokenAtom);
    this.unsubscribeToken = this.store.sub(tokenAtom, () => this.tokenChanged());
    this.update();
  }

  /** Calls `handler` for every push of `event`; returns the unsubscribe. */
  on<E extends EventName>(event: E, handler: Handler<E>): () => void {
    const set = this.handlers.get(event) ?? new Set();
    set.add(handler as (...args: never[]) => void);
    this.handlers.set(event, set);
    return () => set.delete(handler as (...args: never[]) => void);
  }

  /** Called after each reconnect (not the first connect); returns the unsubscribe. */
  onReconnect(listener: () => void): () => void {
    this.reconnectListeners.add(listener);
    return () => this.reconnectListeners.delete(listener);
  }

  /** Follows a comment thread while the returned function has not been called (counted per caller). */
  joinThread(thread: ThreadRef): () => void {
    const id = threadId(thread);
    const entry = this.threads.get(id) ?? { thread: { book_id: thread.book_id, chapter_id: thread.chapter_id }, users: 0 };
    entry.users++;
    this.threads.set(id, entry);
    if (entry.users === 1) this.emitJoin(entry.thread);
    this.update();
    return () => {
      entry.users--;
      if (entry.users > 0) return;
      this.threads.delete(id);
      if (this.socket?.connected) this.socket.emit(LiveRequest.ThreadLeave, entry.thread);
      this.update();
    };
  }

  /** Follows a book's new chapters while the returned function has not been called (counted per caller). */
  joinBook(bookId: number): () => void {
    const users = (this.books.get(bookId) ?? 0) + 1;
    this.books.set(bookId, users);
    if (users === 1) this.emitBookJoin(bookId);
    this.update();
    let joined = true;
    return () => {
      if (!joined) return;
      joined = false;
      const left = (this.books.get(bookId) ?? 1) - 1;
      if (left > 0) {
        this.books.set(bookId, left);
        return;
      }
      this.books.delete(bookId);
      if (this.socket?.connected) this.socket.emit(LiveRequest.BookLeave, { book_id: bookId });
      this.update();
    };
  }

  /**
   * Joins the operators' room (moderation pushes) while the returned function has not been called (counted per
   * caller), rejoining after every reconnect. `onRefused` hears the server's reason when it refuses the join.
   */
  joinOperators(onRefused?: (message: string) => void): () => void {
    this.operatorRoomUsers++;
    if (onRefused) this.operatorRoomRefusals.add(onRefused);
    if (this.operatorRoomUsers === 1) this.emitOperatorsJoin();
    let joined = true;
    return () => {
      if (!joined) return;
      joined = false;
      if (onRefused) this.operatorRoomRefusals.delete(onRefused);
      // The contract has no leave: the pushes that still come are simply not listened to, and a reconnect drops them.
      this.operatorRoomUsers--;
    };
  }

  stop(): void {
    this.started = false;
    this.unsubscribeToken();
    this.update();
  }

  private get wanted(): boolean {
    return this.started && (this.token !== null || this.threads.size > 0 || this.books.size > 0);
  }

  /** Opens or closes the socket as needed. */
  private update(): void {
    if (this.wanted && !this.socket && !this.opening) {
      this.opening = this.open().finally(() => (this.opening = null));
    } else if (!this.wanted && this.socket) {
      this.socket.disconnect();
      this.socket = null;
      this.connectedBefore = false;
    }
  }

  private async open(): Promise<void> {
    let openSocket: OpenSocket;
    try {
      openSocket = await this.openSocket();
    } catch (error) {
      console.error(error);
      return;
    }
    if (!this.wanted || this.socket) return;
    // auth as a function: every (re)connect presents the token of that moment. WebSocket only: long-polling would
    // need sticky sessions once several API processes serve the sockets.
    const socket = openSocket({
      path: REALTIME_PATH,
      transports: ['websocket'],
      auth: (send) => send(this.token ? { token: this.token } : {}),
    });
    this.socket = socket;
    socket.on('connect', () => {
      this.refreshes = 0;
      for (const { thread } of this.threads.values()) this.emitJoin(thread);
      for (const bookId of this.books.keys()) this.emitBookJoin(bookId);
      if (this.operatorRoomUsers > 0) this.emitOperatorsJoin();
      if (this.connectedBefore) for (const listener of this.reconnectListeners) listener();
      this.connectedBefore = true;
    });
    socket.on('connect_error', (error) => this.refused(socket, error));
    socket.onAny((event: EventName, ...args: unknown[]) => {
      for (const handler of this.handlers.get(event) ?? []) (handler as (...values: unknown[]) => void)(...args);
    });
  }

  /** socket.io retries network failures itself; a handshake the server refused (`!socket.active`) needs us. */
  private refused(socket: LiveSocket, error: Error): void {
    if (socket.active || socket !== this.socket) return;
    if (this.token === null || this.refreshes >= MAX_REFRESHES) {
      console.error('live updates are off:', error.message);
      return;
    }
    this.refreshes++;
    // A new token reconnects through tokenChanged; a failed refresh clears the session, which does the same.
    refreshSession(this.store).catch((refreshError: unknown) => console.error(refreshError));
  }

  private tokenChanged(): void {
    const token = this.store.get(tokenAtom);
    if (token === this.token) return;
    this.token = token;
    if (this.socket && this.wanted) {
      this.socket.disconnect().connect();
    } else {
      this.update();
    }
  }

  private emitJoin(thread: ThreadRef): void {
    if (!this.socket?.connected) return; // joined on connect
    this.socket.emit(LiveRequest.ThreadJoin, thread, (answer) => {
      if (!answer.ok) console.error(`could not follow the comment thread: ${answer.message}`);
    });
  }

  private emitBookJoin(bookId: number): void {
    if (!this.socket?.connected) return; // joined on connect
    this.socket.emit(LiveRequest.BookJoin, { book_id: bookId }, (answer) => {
      if (!answer.ok) console.error(`could not follow the book's new chapters: ${answer.message}`);
    });
  }

  private emitOperatorsJoin(): void {
    if (!this.socket?.connected) return; // joined on connect
    this.socket.emit(LiveRequest.ModerationJoin, (answer) => {
      if (answer.ok) return;
      console.error(`could not follow the moderation queue: ${answer.message}`);
      for (const listener of this.operatorRoomRefusals) listener(answer.message);
    });
  }
}
