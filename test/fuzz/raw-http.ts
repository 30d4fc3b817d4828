// HTTP as it goes over the wire, without a client that tidies the request up: any method, path, headers and body
// bytes through node:http, or any bytes at all through a plain socket.
import { request } from 'node:http';
import { connect } from 'node:net';

export interface RawRequest {
  method: string;
  /** Path and query, sent as given. */
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface RawResponse {
  status: number;
  contentType: string;
  body: string;
}

/** Sends one request on its own connection; resolves with the answer, rejects when there is none. */
export function send(port: number, { method, path, headers, body }: RawRequest): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    // Node sets no Content-Length for a GET's body by itself: the server would take the body for a second request.
    const length = body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) };
    let answered = false;
    const outgoing = request({ host: '127.0.0.1', port, method, path, headers: { ...headers, ...length }, agent: false }, (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode!, contentType: response.headers['content-type'] ?? '', body: Buffer.concat(chunks).toString('utf8') }),
      );
      response.on('error', reject);
    });
    // A server may answer (413, 431) and close before the whole body is sent: the answer counts, the reset does not.
    outgoing.on('error', (error) => (answered ? undefined : reject(error)));
    outgoing.end(body);
  });
}

/** Writes `bytes` on a fresh connection, ends it, and resolves with everything the server sends until it closes. */
export function exchange(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true }, () => socket.end(bytes));
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('close', () => resolve(received));
    socket.on('error', (error: NodeJS.ErrnoException) => (received && error.code === 'ECONNRESET' ? undefined : reject(error)));
  });
}

/** The status and JSON body of a raw HTTP/1.1 answer. */
export function parseAnswer(text: string): { status: number; contentType: string; body: unknown } {
  const [head, body] = text.split('\r\n\r\n', 2);
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
  const contentType = /^content-type:\s*(.*)$/im.exec(head)?.[1] ?? '';
  return { status, contentType, body: JSON.parse(body) };
}
