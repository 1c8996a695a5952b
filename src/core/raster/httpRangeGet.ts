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
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: MAX_SOCKETS_PER_HOST, scheduling: 'lifo' }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: MAX_SOCKETS_PER_HOST, scheduling: 'lifo' }),
};

export const httpRangeGet: RangeGet = (url, headers, signal) =>
  new Promise<RangeGetAnswer>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const u = new URL(url);
    const transport = u.protocol === 'https:' ? https : http;
    const agent = agents[u.protocol as keyof typeof agents];
    let settled = false;
    const fail = (err: unknown) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      reject(signal.aborted ? signal.reason : new TypeError('fetch failed', { cause: err }));
    };
    const onAbort = () => {
      req.destroy();
      fail(signal.reason);
    };
    const req = transport.get(u, { headers, agent }, (res) => {
      const status = res.statusCode ?? 0;
      const declared = Number(res.headers['content-length']);
      // One buffer when the length is known (a range answer always says it): no concatenation copy.
      let body: Buffer | null = Number.isSafeInteger(declared) && declared >= 0 ? Buffer.allocUnsafeSlow(declared) : null;
      const chunks: Buffer[] = [];
      let filled = 0;
      let got = 0;
      res.on('data', (chunk: Buffer) => {
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
        settled = true;
        signal.removeEventListener('abort', onAbort);
        resolve({ status, body: body ?? Buffer.alloc(0) });
      });
    });
    req.on('error', fail);
    signal.addEventListener('abort', onAbort, { once: true });
  });
