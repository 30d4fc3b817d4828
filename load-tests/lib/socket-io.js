// A minimal socket.io client over k6's WebSocket API, enough for the site's live channel: Engine.IO v4 framing over a
// WebSocket only (no polling), the default namespace, events with acknowledgements. Packets: "0{…}" open, "2" ping
// (answered "3"), "40{auth}" connect, "40{sid}" connected, "44{message}" refused, "42[name, payload]" an event,
// "42<id>[name, payload]" one that asks for an acknowledgement, answered "43<id>[answer]", "41" disconnect.
import { clearTimeout, setTimeout } from 'k6/timers';
import { WebSocket } from 'k6/websockets';

const OPEN = '0';
const PING = '2';
const PONG = '3';
const MESSAGE = '4';
const CONNECT = '0';
const DISCONNECT = '1';
const EVENT = '2';
const ACK = '3';
const CONNECT_ERROR = '4';

/**
 * Opens a socket.io connection to `path` of `baseUrl`, presenting `auth` in the connect packet; resolves once the
 * server has accepted it, rejects with the server's reason when it refuses, or after `timeoutMs`.
 * @returns {Promise<LiveSocket>}
 */
export function connectSocketIo(baseUrl, path, { auth = {}, tags = {}, timeoutMs = 10_000 } = {}) {
  const url = `${baseUrl.replace(/^http/, 'ws')}${path}/?EIO=4&transport=websocket`;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.close();
      reject(new Error(`no socket.io connection within ${timeoutMs} ms`));
    }, timeoutMs);
    const socket = new LiveSocket(new WebSocket(url, null, { tags }), auth, (error) => {
      clearTimeout(timer);
      if (error) {
        socket.close();
        reject(error);
      } else {
        resolve(socket);
      }
    });
  });
}

class LiveSocket {
  /** `onConnected(error)` is called once: with null when the server accepted the connection, else with why not. */
  constructor(ws, auth, onConnected) {
    this.ws = ws;
    this.auth = auth;
    this.onConnected = onConnected;
    this.nextAckId = 0;
    this.acks = new Map();
    this.listeners = new Map();
    this.closed = false;
    ws.onmessage = (event) => this.receive(String(event.data));
    ws.onclose = () => {
      this.closed = true;
      for (const settle of this.acks.values()) settle(null);
      this.acks.clear();
    };
    ws.onerror = (event) => this.connected(new Error(`WebSocket error: ${event.error}`));
  }

  /** Calls `handler(payload)` for every `name` event the server pushes. */
  on(name, handler) {
    if (!this.listeners.has(name)) this.listeners.set(name, []);
    this.listeners.get(name).push(handler);
  }

  /** Emits `name` with `payload` and resolves with the server's acknowledgement (null when the socket closes first). */
  request(name, payload) {
    const id = this.nextAckId++;
    return new Promise((resolve) => {
      this.acks.set(id, resolve);
      this.ws.send(`${MESSAGE}${EVENT}${id}${JSON.stringify([name, payload])}`);
    });
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    if (this.ws.readyState === 1) this.ws.send(`${MESSAGE}${DISCONNECT}`);
    this.ws.close();
  }

  receive(data) {
    const type = data[0];
    if (type === PING) return this.ws.send(PONG);
    if (type === OPEN) return this.ws.send(`${MESSAGE}${CONNECT}${JSON.stringify(this.auth)}`);
    if (type !== MESSAGE) return undefined;
    const packet = data[1];
    const body = data.slice(2);
    if (packet === CONNECT) return this.connected(null);
    if (packet === CONNECT_ERROR) return this.connected(new Error(JSON.parse(body).message));
    if (packet === DISCONNECT) return this.close();
    const [, id, json] = /^(\d*)(.*)$/s.exec(body);
    const args = JSON.parse(json);
    if (packet === ACK) {
      const settle = this.acks.get(Number(id));
      this.acks.delete(Number(id));
      return settle && settle(args[0]);
    }
    if (packet === EVENT) for (const handler of this.listeners.get(args[0]) ?? []) handler(args[1]);
    return undefined;
  }

  connected(error) {
    const settle = this.onConnected;
    this.onConnected = null;
    if (settle) settle(error);
  }
}
