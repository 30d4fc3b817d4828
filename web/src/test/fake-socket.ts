import type { ClientToServerEvents, ServerToClientEvents } from '@shelf/contracts';
import { getAppStore } from '../shared/state/store';
import { LiveClient, type LiveSocket, type OpenSocket } from '../shared/live/live-client';

/** A stand-in for a socket.io socket: records what the client does and lets the test play the server. */
export class FakeSocket {
  connected = false;
  active = true;
  connects = 0;
  emitted: [keyof ClientToServerEvents, unknown][] = [];
  private listeners = new Map<string, ((...args: unknown[]) => void)[]>();
  private anyListener: ((event: string, ...args: unknown[]) => void) | null = null;

  constructor(readonly options: { auth: (send: (auth: object) => void) => void }) {}

  on(event: string, listener: (...args: unknown[]) => void) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  onAny(listener: (event: string, ...args: unknown[]) => void) {
    this.anyListener = listener;
    return this;
  }
  /** What the server acknowledges joins with. */
  ackAnswer: { ok: true } | { ok: false; message: string } = { ok: true };
  emit(event: keyof ClientToServerEvents, ...args: unknown[]) {
    // A request without a payload (LiveRequest.ModerationJoin) has its acknowledgement first.
    const ack = args.find((arg): arg is (answer: unknown) => void => typeof arg === 'function');
    const payload = args.find((arg) => typeof arg !== 'function');
    this.emitted.push([event, payload]);
    ack?.(this.ackAnswer);
    return this;
  }
  disconnect() {
    this.connected = false;
    this.active = false;
    return this;
  }
  connect() {
    this.active = true;
    return this;
  }
  /** What the handshake would present now. */
  auth(): object {
    let sent: object = {};
    this.options.auth((auth) => (sent = auth));
    return sent;
  }
  serverAccepts() {
    this.connected = true;
    this.connects++;
    for (const listener of this.listeners.get('connect') ?? []) listener();
  }
  serverRefuses(message: string) {
    this.active = false;
    for (const listener of this.listeners.get('connect_error') ?? []) listener(new Error(message));
  }
  push<E extends keyof ServerToClientEvents>(event: E, payload: Parameters<ServerToClientEvents[E]>[0]) {
    this.anyListener?.(event, payload);
  }
}

/** A LiveClient whose sockets are FakeSockets (in `sockets`, in the order opened). */
export function fakeLiveClient() {
  const sockets: FakeSocket[] = [];
  const open: OpenSocket = (options) => {
    const socket = new FakeSocket(options as never);
    sockets.push(socket);
    return socket as unknown as LiveSocket;
  };
  const client = new LiveClient(getAppStore(), async () => open);
  return { client, sockets };
}
