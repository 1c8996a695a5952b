import { setMaxListeners } from 'node:events';
import type { FastifyRequest } from 'fastify';

/**
 * An AbortSignal that fires when the client goes away or the request exceeds its time budget,
 * passed from the route down to every range read so abandoned work stops fetching bytes.
 */
export function requestSignal(req: FastifyRequest, timeoutMs: number): AbortSignal {
  const closed = new AbortController();
  const onClose = () => {
    if (!req.raw.complete || !req.raw.socket?.writable) closed.abort(new DOMException('The client closed the connection', 'AbortError'));
  };
  req.raw.once('close', onClose);
  req.raw.socket?.once('close', () => closed.abort(new DOMException('The client closed the connection', 'AbortError')));
  const signal = AbortSignal.any([closed.signal, AbortSignal.timeout(timeoutMs)]);
  // One request reads many tiles at once, each listening for the abort: not a leak.
  setMaxListeners(0, signal);
  return signal;
}
