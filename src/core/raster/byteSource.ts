/**
 * One interface for fetching byte ranges of a raster file, with a local-file and an HTTP
 * back-end (the shape of geotiff.js `BaseSource.fetch(slices, signal)`). Every fetch is
 * counted so the bench can report range requests and bytes per band per scene.
 */
import { ExplainedError } from '../explainedError.js';
import { open } from 'node:fs/promises';
import { openVirtualByteSource } from './virtualByteSources.js';
import { httpRangeGet, type RangeGet } from './httpRangeGet.js';

export type { ByteRange, ByteSource, ByteSourceStats, InsideRuns, SampleCounter, TileSamplePiece } from './byteSourceInterface.js';
import type { ByteRange, ByteSource, ByteSourceStats } from './byteSourceInterface.js';

/** The upstream object does not exist (HTTP 404/410, or a missing file). Servers map it to 502. */
export class ByteSourceNotFoundError extends ExplainedError {
  override readonly name = 'ByteSourceNotFoundError';
  constructor(readonly sourceId: string, options?: ErrorOptions) {
    super(`raster not found: ${sourceId}`, options);
  }
}

/** The upstream answered with an error status (403 expired signature, 5xx...). Servers map it to 502. */
export class ByteSourceHttpError extends ExplainedError {
  override readonly name = 'ByteSourceHttpError';
  /** `status` 0 means no HTTP answer (connection refused or reset). */
  constructor(readonly sourceId: string, readonly status: number, options?: ErrorOptions) {
    super(status === 0 ? `raster host unreachable: ${sourceId}` : `raster request failed with HTTP ${status}: ${sourceId}`, options);
  }
}

/** The upstream did not answer within the time limit. Servers map it to 504. */
export class ByteSourceTimeoutError extends ExplainedError {
  override readonly name = 'ByteSourceTimeoutError';
  constructor(readonly sourceId: string, readonly timeoutMs: number) {
    super(`raster request timed out after ${timeoutMs} ms: ${sourceId}`);
  }
}

/** Throws the signal's reason (an AbortError DOMException by default) when it is aborted. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  signal?.throwIfAborted();
}

/** Strips the query string and fragment: SAS/presigned tokens must not split caches. */
export function sourceIdForHref(href: string): string {
  if (!/^https?:\/\//i.test(href)) return href;
  const u = new URL(href);
  return `${u.origin}${u.pathname}`;
}

export function isHttpHref(href: string): boolean {
  return /^https?:\/\//i.test(href);
}

function toArrayBuffer(buf: Uint8Array): ArrayBuffer {
  if (buf.byteOffset === 0 && buf.byteLength === buf.buffer.byteLength && buf.buffer instanceof ArrayBuffer) return buf.buffer;
  // Not buf.slice(): on a Buffer it is a view, not a copy.
  const copy = new Uint8Array(buf.byteLength);
  copy.set(buf);
  return copy.buffer;
}

export function createFileByteSource(path: string): ByteSource {
  const stats: ByteSourceStats = { requests: 0, bytes: 0 };
  return {
    id: path,
    stats,
    async fetch(ranges, signal) {
      throwIfAborted(signal);
      let fh;
      try {
        fh = await open(path, 'r');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new ByteSourceNotFoundError(path, { cause: err });
        throw err;
      }
      try {
        const out: ArrayBuffer[] = [];
        for (const r of ranges) {
          throwIfAborted(signal);
          const buf = Buffer.alloc(r.length);
          const { bytesRead } = await fh.read(buf, 0, r.length, r.offset);
          stats.requests += 1;
          stats.bytes += bytesRead;
          out.push(toArrayBuffer(bytesRead === r.length ? buf : buf.subarray(0, bytesRead)));
        }
        return out;
      } finally {
        await fh.close();
      }
    },
  };
}

/** A file held in memory (the archive warm-up's COGs, areaWarmUp.ts): each range a copy of its own, as a file's reads are. */
export function createMemoryByteSource(id: string, bytes: Uint8Array): ByteSource {
  const stats: ByteSourceStats = { requests: 0, bytes: 0 };
  return {
    id,
    stats,
    async fetch(ranges, signal) {
      throwIfAborted(signal);
      return ranges.map((r) => {
        // Not a view (a Buffer's slice is one): readers hand tiles' buffers to worker threads, which detaches them.
        const part = new Uint8Array(Math.max(0, Math.min(r.length, bytes.length - r.offset)));
        part.set(bytes.subarray(r.offset, r.offset + part.length));
        stats.requests += 1;
        stats.bytes += part.byteLength;
        return part.buffer;
      });
    },
  };
}

export interface HttpByteSourceOptions {
  /** The range reads' transport; default httpRangeGet (node:http with keep-alive). */
  rangeGet?: RangeGet;
  /** A fetch to read through instead (tests' stand-ins); ignored when `rangeGet` is given. */
  fetch?: typeof fetch;
  /** Per range request, including the body. Default 20 s. */
  timeoutMs?: number;
  headers?: Record<string, string>;
  /** Retries of a range read that failed transiently (no answer, 429, 5xx). Default 2. */
  retries?: number;
  /** Base delay of the exponential backoff; each wait is jittered between 50 % and 150 %. Default 200 ms. */
  retryDelayMs?: number;
}

/** Range reads are idempotent: worth retrying when the host had a hiccup, never when it said no. */
function isTransient(err: unknown): boolean {
  return err instanceof ByteSourceHttpError && (err.status === 0 || err.status === 429 || err.status >= 500);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/** A RangeGet over a fetch function: 2xx bodies read whole, others discarded unread. */
function rangeGetOverFetch(doFetch: typeof fetch): RangeGet {
  return async (url, headers, signal) => {
    const res = await doFetch(url, { headers, signal });
    if (res.status < 200 || res.status >= 300) {
      await res.body?.cancel();
      return { status: res.status, body: new Uint8Array(0) };
    }
    return { status: res.status, body: new Uint8Array(await res.arrayBuffer()) };
  };
}

export function createHttpByteSource(url: string, opts: HttpByteSourceOptions = {}): ByteSource {
  const get = opts.rangeGet ?? (opts.fetch ? rangeGetOverFetch(opts.fetch) : httpRangeGet);
  const timeoutMs = opts.timeoutMs ?? 20_000;
  const id = sourceIdForHref(url);
  const stats: ByteSourceStats = { requests: 0, bytes: 0 };

  async function fetchRange(r: ByteRange, signal?: AbortSignal): Promise<ArrayBuffer> {
    throwIfAborted(signal);
    if (r.length <= 0) return new ArrayBuffer(0);
    // One controller, a timer and a listener on the caller's signal: AbortSignal.timeout() combined by
    // AbortSignal.any() cost a cold series' 810 reads more (weakly held dependants, their finalizers and
    // collections), and node 20 could collect such a timeout before it fired (requestSignal.ts).
    const combined = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      combined.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
    }, timeoutMs);
    const onAbort = () => combined.abort(signal!.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    stats.requests += 1;
    try {
      const res = await get(url, { ...opts.headers, Range: `bytes=${r.offset}-${r.offset + r.length - 1}` }, combined.signal);
      // 416: the range starts past the end of the object, nothing there.
      if (res.status === 416) return new ArrayBuffer(0);
      if (res.status === 404 || res.status === 410) throw new ByteSourceNotFoundError(id);
      if (res.status < 200 || res.status >= 300) throw new ByteSourceHttpError(id, res.status);
      stats.bytes += res.body.byteLength;
      if (res.status === 206) return toArrayBuffer(res.body);
      // 200: the server ignored Range and sent the whole object; cut our slice out of it.
      return toArrayBuffer(res.body.subarray(r.offset, r.offset + r.length));
    } catch (err) {
      if (signal?.aborted) throw signal.reason;
      if (timedOut) throw new ByteSourceTimeoutError(id, timeoutMs);
      // undici reports refused/reset connections as `TypeError: fetch failed`: no HTTP status at all.
      if (err instanceof TypeError) throw new ByteSourceHttpError(id, 0, { cause: err });
      throw err;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  const retries = opts.retries ?? 2;
  const retryDelayMs = opts.retryDelayMs ?? 200;

  async function fetchRangeWithRetries(r: ByteRange, signal?: AbortSignal): Promise<ArrayBuffer> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await fetchRange(r, signal);
      } catch (err) {
        // Timeouts are not retried: the person has already waited the whole limit once.
        if (attempt >= retries || !isTransient(err)) throw err;
        await sleep(retryDelayMs * 2 ** attempt * (0.5 + Math.random()), signal);
      }
    }
  }

  return {
    id,
    stats,
    fetch: (ranges, signal) => Promise.all(ranges.map((r) => fetchRangeWithRetries(r, signal))),
  };
}

/** Picks the back-end from the href: http(s) URL or absolute file path. */
export function createByteSourceForHref(href: string, httpOptions?: HttpByteSourceOptions): ByteSource {
  return openVirtualByteSource(href) ?? (isHttpHref(href) ? createHttpByteSource(href, httpOptions) : createFileByteSource(href));
}
