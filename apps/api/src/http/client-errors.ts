// Requests the HTTP parser itself refuses, before Fastify has a request: headers or an address past
// Node's 16 KB, a malformed request line, a client that sends too slowly. They are answered in the API's
// envelope like every other error (Fastify's default answers a shape of its own), and the connection
// is closed, as Node does.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { type ApiErrorBody, codeForStatus, MESSAGES } from '@adconsole/domain';

/** The status and message of a parser error. */
function refusal(code: string | undefined): { status: number; message: string } {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, message: MESSAGES.requestTimedOut };
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, message: MESSAGES.requestHeadersTooLarge };
  return { status: 400, message: MESSAGES.requestUnreadable };
}

/** Fastify's `clientErrorHandler`: the refusal in the envelope, then the connection closed. */
export function clientErrorInEnvelope(error: Error & { code?: string }, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = refusal(error.code);
  const body: ApiErrorBody = { status, code: codeForStatus(status), message };
  const text = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
    );
  }
  socket.destroy(error);
}
