import http from 'node:http';
import type { Socket } from 'node:net';
import { COMMON_ERRORS, type ErrorDef, type ErrorEnvelope } from '@app/contracts';
import type { FastifyInstance } from 'fastify';

/**
 * Node answers some requests before Fastify sees them: a request line and headers over
 * `maxHeaderSize` (16 KiB: an over-long address, thousands of query parameters, a huge
 * Authorization header), a read that timed out, bytes that are not HTTP. These leave in the
 * same envelope as every other error, in English (no `language` header has been read).
 */
/** Connections already answered: the parser reports the same connection again as more bytes arrive. */
const answered = new WeakSet<Socket>();
/** How long an answered connection may go on sending what it had started before it is cut. */
const LINGER_MS = 2_000;

export function clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed || answered.has(socket)) return;
  answered.add(socket);
  const def: ErrorDef =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? COMMON_ERRORS.HEADERS_TOO_LARGE
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? COMMON_ERRORS.REQUEST_TIMEOUT
        : COMMON_ERRORS.VALIDATION_FAILED;
  const envelope: ErrorEnvelope = { status: false, message: def.message.en, body: { code: def.code } };
  const body = JSON.stringify(envelope);
  this.log.debug({ err: error }, 'client error');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${def.http} ${http.STATUS_CODES[def.http]}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  // Closed after the answer while what the client still sends is read and dropped: a socket
  // destroyed with unread bytes makes the kernel send a reset, and the client may lose the answer
  // (a 64 KB header is still arriving when its first 16 KiB are refused).
  socket.end();
  socket.resume();
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}
