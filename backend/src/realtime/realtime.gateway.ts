import {
  ConnectedSocket,
  MessageBody,
  type OnGatewayConnection,
  type OnGatewayInit,
  SubscribeMessage,
  WebSocketGateway,
  WebSocketServer,
} from '@nestjs/websockets';
import { type ClientToServerEvents, LiveRequest, REALTIME_PATH, RealtimeRoom, type RoomAck, type ServerToClientEvents } from '@shelf/contracts';
import type { Server, Socket } from 'socket.io';
import { AccountDirectory, ErasureAnnouncements } from '../modules/accounts';
import { MutesReadStore } from '../modules/mutes';
import { OPERATORS_ONLY } from '../modules/operators';
import { parseBookRef } from './book-ref';
import { HandshakeAuth } from './handshake-auth';
import { LivePresence } from './live-presence';
import { parseThreadRef } from './thread-ref';

/** What the handshake established: the user's id, or null for a visitor. */
interface SocketData {
  userId: string | null;
}
export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type RoomAnswer = Parameters<RoomAck>[0];

/** One socket follows at most this many comment threads (a reader has one book or chapter page open per tab). */
export const MAX_THREADS_PER_SOCKET = 20;
/** The prefix of RealtimeRoom.thread's room names. */
const THREAD_ROOM_PREFIX = 'thread:';
/** One socket follows the new chapters of at most this many books (a tab shows one story or chapter page). */
export const MAX_BOOKS_PER_SOCKET = 20;
/** The prefix of RealtimeRoom.book's room names. */
const BOOK_ROOM_PREFIX = 'book:';

/**
 * The live channel (docs/features.md, "Live updates"). It shares the API's HTTP server; the Redis adapter
 * (RedisIoAdapter) carries emits between processes, and the workers emit through the Redis emitter. Clients only join
 * and leave thread and book rooms, and operators the operators' room: every push comes from the server side.
 */
@WebSocketGateway({ path: REALTIME_PATH, serveClient: false, maxHttpBufferSize: 16_384 })
export class RealtimeGateway implements OnGatewayInit<RealtimeServer>, OnGatewayConnection<RealtimeSocket> {
  @WebSocketServer() server!: RealtimeServer;

  constructor(
    private readonly auth: HandshakeAuth,
    private readonly directory: AccountDirectory,
    private readonly presence: LivePresence,
    private readonly mutes: MutesReadStore,
    private readonly erasures: ErasureAnnouncements,
  ) {}

  /**
   * The handshake: a valid token makes the socket its user's, a bad one is refused, none makes a visitor. A reader's
   * presence is recorded before the socket connects (or given up on: Redis answers within a second), so the workers
   * push the badge counts of what happens from then on.
   */
  afterInit(server: RealtimeServer): void {
    server.use((socket, next) => {
      this.auth.userIdOf(socket.handshake.auth.token).then(
        async (userId) => {
          socket.data.userId = userId;
          if (userId) await this.presence.confirm([userId]).catch(() => undefined);
          next();
        },
        (error: Error) => next(error),
      );
    });
    this.presence.keepUp(() => [...server.sockets.sockets.values()].flatMap((socket) => (socket.data.userId ? [socket.data.userId] : [])));
    // An erased account's sockets, here (each API process hears the erasure), close with every room they were in.
    this.erasures.onErased((userId) => server.local.in(RealtimeRoom.user(userId)).disconnectSockets(true));
  }

  /**
   * A reader's socket joins their user room, and the muters' rooms of each reader they muted or blocked, so that those
   * readers' comments reach it folded (the workers' mutes projector joins and leaves them as the lists change). When
   * the store cannot say, the socket hears their comments unfolded until it reconnects, as the list answers would
   * have failed.
   */
  async handleConnection(socket: RealtimeSocket): Promise<void> {
    const { userId } = socket.data;
    if (!userId) return;
    await socket.join(RealtimeRoom.user(userId));
    // Erased since its handshake was checked, before it was in its user room: closed as the others were.
    if (await this.erasures.erased(userId)) return void socket.disconnect(true);
    const lists = await this.mutes.lists(userId).catch(() => null);
    if (!lists) return;
    const rooms = [...lists.muted.map((entry) => RealtimeRoom.muters('muted', entry.user_id)), ...lists.blocked.map((entry) => RealtimeRoom.muters('blocked', entry.user_id))];
    if (rooms.length > 0) await socket.join(rooms);
  }

  @SubscribeMessage(LiveRequest.ThreadJoin)
  joinThread(@ConnectedSocket() socket: RealtimeSocket, @MessageBody() body: unknown): RoomAnswer {
    const checked = parseThreadRef(body);
    if (!checked.ok) return checked;
    const room = RealtimeRoom.thread(checked.thread);
    const followed = [...socket.rooms].filter((name) => name.startsWith(THREAD_ROOM_PREFIX)).length;
    if (!socket.rooms.has(room) && followed >= MAX_THREADS_PER_SOCKET) {
      return { ok: false, message: `One connection can follow at most ${MAX_THREADS_PER_SOCKET} comment threads. Leave one first.` };
    }
    void socket.join([room, RealtimeRoom.threadFollowers]);
    return { ok: true };
  }

  @SubscribeMessage(LiveRequest.ThreadLeave)
  leaveThread(@ConnectedSocket() socket: RealtimeSocket, @MessageBody() body: unknown): RoomAnswer {
    const checked = parseThreadRef(body);
    if (!checked.ok) return checked;
    void socket.leave(RealtimeRoom.thread(checked.thread));
    // A socket that follows no thread any more hears of no renames either.
    if (![...socket.rooms].some((name) => name.startsWith(THREAD_ROOM_PREFIX))) void socket.leave(RealtimeRoom.threadFollowers);
    return { ok: true };
  }

  /** A book's room, for its new chapters: open to any socket, a visitor's too. */
  @SubscribeMessage(LiveRequest.BookJoin)
  joinBook(@ConnectedSocket() socket: RealtimeSocket, @MessageBody() body: unknown): RoomAnswer {
    const checked = parseBookRef(body);
    if (!checked.ok) return checked;
    const room = RealtimeRoom.book(checked.book.book_id);
    const followed = [...socket.rooms].filter((name) => name.startsWith(BOOK_ROOM_PREFIX)).length;
    if (!socket.rooms.has(room) && followed >= MAX_BOOKS_PER_SOCKET) {
      return { ok: false, message: `One connection can follow at most ${MAX_BOOKS_PER_SOCKET} books. Leave one first.` };
    }
    void socket.join(room);
    return { ok: true };
  }

  @SubscribeMessage(LiveRequest.BookLeave)
  leaveBook(@ConnectedSocket() socket: RealtimeSocket, @MessageBody() body: unknown): RoomAnswer {
    const checked = parseBookRef(body);
    if (!checked.ok) return checked;
    void socket.leave(RealtimeRoom.book(checked.book.book_id));
    return { ok: true };
  }

  /** The operators' room: for a socket whose account holds the operator role now (checked once, at the join). */
  @SubscribeMessage(LiveRequest.ModerationJoin)
  async joinModeration(@ConnectedSocket() socket: RealtimeSocket): Promise<RoomAnswer> {
    const { userId } = socket.data;
    const user = userId ? await this.directory.find(userId).catch(() => undefined) : null;
    if (user === undefined) return { ok: false, message: 'The site cannot check your role right now. Please try again shortly.' };
    if (!user?.operator) return { ok: false, message: OPERATORS_ONLY };
    await socket.join(RealtimeRoom.operators);
    return { ok: true };
  }
}
