/**
 * One HTTP GET of a byte range over node:http(s) with keep-alive agents: the range reads' transport.
 *
 * Why not the platform's fetch: a cold series makes hundreds of range reads, and undici's WHATWG fetch
 * spent about 3 ms of CPU on each (web streams, response objects, chunk copies): 2.4 s of a 45-scene
 * series' 4.9 s of CPU in the profile (`node --cpu-prof`, README "Speed against GDAL"). A plain
 * request whose body lands in one buffer sized by Content-Length costs a fraction of that.
 * Failures keep fetch's shapes, so callers tell them apart as before: the signal's reason when aborted,
 * a TypeError('fetch failed') when no HTTP answer came.
 */
import http from 'node:http';
import https from 'node:https';

export interface RangeGetAnswer {
  status: number;
  /** The whole body (empty for statuses the caller discards unread). */
  body: Uint8Array;
}

/** Performs one GET with the given headers; the body is read whole. */
export type RangeGet = (url: string, headers: Record<string, string>, signal: AbortSignal) => Promise<RangeGetAnswer>;

/**
 * Sockets kept open per host: enough for a long series' reads in flight (scenes x bands), few enough
 * that one request's burst does not open hundreds of connections to the archive.
 */
const MAX_SOCKETS_PER_HOST = 128;
/**
 * An idle kept-alive socket is closed after this (node's Agent destroys a free socket on its timeout).
 * Archives close idle connections themselves (the bench's range server after 60 s, object stores after
 * 5-60 s); a socket they closed while it sat in the pool fails the next request sent on it, and dozens
 * of them failed together after a pause, which opened the circuit breaker. Closing ours first avoids
 * most of that; the retry below covers a server that closes sooner.
 */
const IDLE_SOCKET_MS = 4_000;
const agentOptions = { keepAlive: true, maxSockets: MAX_SOCKETS_PER_HOST, scheduling: 'lifo' as const, timeout: IDLE_SOCKET_MS };
const agents = {
  'http:': new http.Agent(agentOptions),
  'https:': new https.Agent(agentOptions),
};

/** Reads retried on a fresh connection after a kept-alive one failed before answering (the tests watch it). */
export const rangeGetCounts = { freshConnectionRetries: 0 };

/**
 * Once a read's time limit has passed, how long it may go on while its answer is still arriving: the
 * limit's timer may have fired only because the event loop was busy, with the bytes waiting unread.
 */
const ARRIVING_GRACE_MS = 2_000;

/** The request was sent on a kept-alive socket that the server had closed: no byte of an answer came. */
class StaleSocketError extends Error {}

export const httpRangeGet: RangeGet = async (url, headers, signal) => {
  try {
    return await rangeGetOnce(url, headers, signal, true);
  } catch (err) {
    // A connection the archive closed is never counted as a failure: once more on a new connection.
    if (!(err instanceof StaleSocketError) || signal.aborted) throw err instanceof StaleSocketError ? new TypeError('fetch failed', { cause: err.cause }) : err;
    rangeGetCounts.freshConnectionRetries += 1;
    try {
      return await rangeGetOnce(url, headers, signal, false);
    } catch (again) {
      throw again instanceof StaleSocketError ? new TypeError('fetch failed', { cause: again.cause }) : again;
    }
  }
};

function rangeGetOnce(url: string, headers: Record<string, string>, signal: AbortSignal, pooled: boolean): Promise<RangeGetAnswer> {
  return new Promise<RangeGetAnswer>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const u = new URL(url);
    const transport = u.protocol === 'https:' ? https : http;
    // Not pooled: a connection of its own, closed after the answer (the retry's fresh connection).
    const agent = pooled ? agents[u.protocol as keyof typeof agents] : false;
    let settled = false;
    let answered = false;
    let progressAt = 0;
    let grace: NodeJS.Timeout | null = null;
    const finish = () => {
      settled = true;
      signal.removeEventListener('abort', onAbort);
      if (grace) clearTimeout(grace);
    };
    const fail = (err: unknown) => {
      if (settled) return;
      finish();
      // Sent on a reused socket and nothing came back: the server had closed it while it sat idle.
      if (!answered && req.reusedSocket && !signal.aborted) return reject(new StaleSocketError('stale kept-alive connection', { cause: err }));
      reject(signal.aborted ? signal.reason : new TypeError('fetch failed', { cause: err }));
    };
    const stop = () => {
      req.destroy();
      if (!settled) {
        finish();
        reject(signal.reason);
      }
    };
    const onAbort = () => {
      if ((signal.reason as Error | undefined)?.name !== 'TimeoutError') return stop();
      // The time limit: decide after the loop has read the sockets (setImmediate runs after the poll
      // phase), so bytes that waited while the main thread computed still count.
      const noticedAt = performance.now();
      const check = () => {
        if (settled) return;
        if (progressAt < noticedAt - 1) return stop();
        const seen = progressAt;
        grace = setTimeout(() => (progressAt > seen ? check() : stop()), ARRIVING_GRACE_MS);
      };
      setImmediate(check);
    };
    const req = transport.get(u, { headers, agent }, (res) => {
      answered = true;
      progressAt = performance.now();
      const status = res.statusCode ?? 0;
      const declared = Number(res.headers['content-length']);
      // One buffer when the length is known (a range answer always says it): no concatenation copy.
      let body: Buffer | null = Number.isSafeInteger(declared) && declared >= 0 ? Buffer.allocUnsafeSlow(declared) : null;
      const chunks: Buffer[] = [];
      let filled = 0;
      let got = 0;
      res.on('data', (chunk: Buffer) => {
        progressAt = performance.now();
        if (body && chunks.length === 0 && filled + chunk.byteLength <= body.byteLength) {
          chunk.copy(body, filled);
          filled += chunk.byteLength;
        } else {
          chunks.push(chunk);
        }
        got += chunk.byteLength;
      });
      res.on('error', fail);
      res.on('aborted', () => fail(new Error('the answer was cut short')));
      res.on('end', () => {
        if (settled) return;
        if (chunks.length > 0 || (body && filled !== body.byteLength)) {
          // The length was missing or wrong: keep what arrived, in order.
          body = Buffer.concat(body ? [body.subarray(0, filled), ...chunks] : chunks, got);
        }
        finish();
        resolve({ status, body: body ?? Buffer.alloc(0) });
      });
    });
    req.on('error', fail);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
