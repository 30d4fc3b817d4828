import { type Server, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

/** Node's own answers to requests it cannot parse, by error code; anything else is a 400. */
const ANSWERS: Record<string, [status: number, message: string]> = {
  HPE_HEADER_OVERFLOW: [431, 'The request headers are too large.'],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, 'The request has too large chunk extensions.'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive.'],
};
const NOT_HTTP: [number, string] = [400, 'The request is not valid HTTP.'];
const NOT_A_TUNNEL: [number, string] = [405, 'CONNECT is not allowed.'];

/** A JSON refusal written straight to the socket, which then closes. */
function refuse(socket: Socket, [status, message]: [number, string]): void {
  const body = JSON.stringify({ statusCode: status, message });
  const head = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
  ];
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`, () => socket.destroy());
}

/**
 * Requests that Node refuses before Express sees them (headers too large, malformed HTTP) get the API's JSON error
 * body instead of Node's empty one. As Node does, nothing is written once an answer has begun on the connection. A
 * CONNECT (a proxy tunnel, which Node hands to no route and would drop unanswered) is refused with 405.
 */
export function answerClientErrorsInJson(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket & { _httpMessage?: ServerResponse }) => {
    if (error.code === 'ECONNRESET' || !socket.writable || socket._httpMessage?.headersSent) return socket.destroy();
    refuse(socket, ANSWERS[error.code ?? ''] ?? NOT_HTTP);
  });
  server.on('connect', (_request, socket: Socket) => refuse(socket, NOT_A_TUNNEL));
}
