import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

interface ClientError extends Error {
  code?: string;
  reason?: string;
}

/**
 * Errors Node's HTTP parser and timers raise before a request exists (headers too large, bytes that
 * are not HTTP, a request that does not arrive in time) never reach Fastify's routes or error handler;
 * answer them on the socket in the API's one shape, `{"error":{"code","message"}}`, then close it.
 * https://nodejs.org/api/http.html#event-clienterror
 */
export function clientErrorAnswer(err: ClientError): { statusCode: number; code: string; message: string } {
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return { statusCode: 408, code: 'request_timeout', message: 'The request did not arrive in time: its headers and body must be sent without stalling. Send it again.' };
  }
  if (err.code === 'HPE_HEADER_OVERFLOW') {
    return { statusCode: 431, code: 'headers_too_large', message: 'The request headers are too large (at most 16 KB together). Send fewer or shorter headers, e.g. fewer cookies.' };
  }
  const detail = err.reason ? `${err.code ?? 'parse error'}: ${err.reason}` : (err.code ?? 'parse error');
  return { statusCode: 400, code: 'bad_request', message: `The request is not valid HTTP/1.1 (${detail.slice(0, 200)}). Check the client or proxy that sent it.` };
}

/** Fastify's `clientErrorHandler` (called with the app as `this`). */
export function onClientError(this: FastifyInstance, err: ClientError, socket: Socket): void {
    // A reset connection or a closed socket has nobody to answer.
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const { statusCode, code, message } = clientErrorAnswer(err);
    this.log.info({ statusCode, code, parserCode: err.code }, 'malformed or late request refused');
    if (socket.writable) {
      const body = JSON.stringify({ error: { code, message } });
      socket.write(
        `HTTP/1.1 ${statusCode} ${http.STATUS_CODES[statusCode]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroySoon();
}
