// socket.io clients of the live channel for integration tests: connect, wait for the next push, join a thread.
import { type ClientToServerEvents, LiveRequest, REALTIME_PATH, type RoomAck, type ServerToClientEvents, type ThreadRef } from '@shelf/contracts';
import { io, type Socket } from 'socket.io-client';

export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export const LIVE_TIMEOUT_MS = 5000;

/** Connects a socket.io client; resolves once connected, rejects with the server's refusal. */
export function connect(base: string, token?: string): Promise<LiveSocket> {
  const socket: LiveSocket = io(base, { path: REALTIME_PATH, transports: ['websocket'], reconnection: false, auth: token === undefined ? {} : { token } });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no connection within the timeout')), LIVE_TIMEOUT_MS);
    socket.once('connect', () => (clearTimeout(timer), resolve(socket)));
    socket.once('connect_error', (error) => (clearTimeout(timer), socket.close(), reject(error)));
  });
}

/** The next `event` the socket receives, or a failure after the timeout. Call it before causing the event. */
export function next<E extends keyof ServerToClientEvents>(socket: LiveSocket, event: E): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${LIVE_TIMEOUT_MS} ms`)), LIVE_TIMEOUT_MS);
    socket.once(event, ((payload: Parameters<ServerToClientEvents[E]>[0]) => (clearTimeout(timer), resolve(payload))) as never);
  });
}

export async function joinThread(socket: LiveSocket, thread: ThreadRef): Promise<Parameters<RoomAck>[0]> {
  return socket.timeout(LIVE_TIMEOUT_MS).emitWithAck(LiveRequest.ThreadJoin, thread);
}
