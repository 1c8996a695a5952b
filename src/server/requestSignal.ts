import { setMaxListeners } from 'node:events';
import type { FastifyReply } from 'fastify';

/**
 * An AbortSignal that fires when the client goes away or the request exceeds its time budget,
 * passed from the route down to every range read so abandoned work stops fetching bytes.
 */
export function requestSignal(reply: FastifyReply, timeoutMs: number): AbortSignal {
  const closed = new AbortController();
  const response = reply.raw;
  // The response's 'close' comes when it is done or when the connection drops first; only the
  // latter means the client left. Listening on the response, not the keep-alive socket, leaves no
  // listener behind per request.
  response.once('close', () => {
    if (!response.writableFinished) closed.abort(new DOMException('The client closed the connection', 'AbortError'));
  });
  // A timer of our own, not AbortSignal.timeout(): combined with AbortSignal.any, node 20 could collect
  // the timeout signal (only weakly held) before it fired, and requests ran on past their limit
  // (issue 33: a 478 s area answered 200 under REQUEST_TIMEOUT_MS 60 s; a test saw it happen).
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')), timeoutMs);
  response.once('close', () => clearTimeout(timer));
  const signal = AbortSignal.any([closed.signal, timeout.signal]);
  // One request reads many tiles at once, each listening for the abort: not a leak.
  setMaxListeners(0, signal);
  return signal;
}
