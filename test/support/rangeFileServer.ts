/**
 * A tiny static file server for tests: serves a directory on 127.0.0.1 (random port) with
 * single-range HTTP Range support (206 + Content-Range, 416 when unsatisfiable), the way
 * object stores (Azure Blob, S3) answer Cloud-Optimized GeoTIFF readers, and records every
 * request so tests can count range reads.
 * https://www.rfc-editor.org/rfc/rfc9110#name-range-requests
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import type { AddressInfo } from 'node:net';

export interface RangeFileServerRequest {
  method: string;
  /** URL path without the query string, e.g. `/scene/SR_B4.TIF`. */
  path: string;
  /** Query string including `?`, or '' when absent. */
  query: string;
  /** The raw Range header, when sent. */
  range?: string;
  /** performance.now() when the request arrived and when its answer was sent (the bench derives concurrency from them). */
  receivedAtMs?: number;
  answeredAtMs?: number;
}

export interface RangeFileServerOptions {
  /** Delay every response by this many milliseconds (for timeout and abort tests). */
  delayMs?: number;
  /** Return this status for paths matching the predicate (e.g. simulate 500/503). */
  failWith?: (req: RangeFileServerRequest) => number | undefined;
  /** Extra response headers (e.g. Content-Type for JSON). */
  headers?: Record<string, string>;
  /** When false, ignore Range and always send 200 with the whole file (servers that do not support ranges). */
  supportRanges?: boolean;
  /**
   * Keep each file open after its first request and read ranges from it synchronously (the bench's
   * archive stand-in, whose files do not change while it serves). A stand-in shares the machine's cores
   * with the reader it serves, where a real archive is another machine: per request, a stat, an open, a
   * read and a close, each a hop to libuv's thread pool, are CPU taken from the reader. Tests that change
   * files between requests leave it off.
   */
  keepFilesOpen?: boolean;
}

export interface RangeFileServer {
  /** Base URL without trailing slash, e.g. `http://127.0.0.1:43127`. */
  url: string;
  /** Every request received, in order. Tests may clear it with `requests.length = 0`. */
  requests: RangeFileServerRequest[];
  close(): Promise<void>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.json': 'application/json',
  '.tif': 'image/tiff',
  '.tiff': 'image/tiff',
  '.png': 'image/png',
  '.txt': 'text/plain',
};

/** Parses a single `bytes=a-b`, `bytes=a-` or `bytes=-n` range; multi-range requests are served as the first range. */
function parseRange(header: string, size: number): { start: number; end: number } | 'unsatisfiable' | undefined {
  const m = /^bytes=(\d*)-(\d*)/.exec(header.trim());
  if (!m) return undefined;
  const [, a, b] = m;
  if (a === '' && b === '') return undefined;
  let start: number;
  let end: number;
  if (a === '') {
    const suffix = Number(b);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(a);
    end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

export async function startRangeFileServer(rootDir: string, opts: RangeFileServerOptions = {}): Promise<RangeFileServer> {
  const root = path.resolve(rootDir);
  const requests: RangeFileServerRequest[] = [];
  const sockets = new Set<import('node:net').Socket>();
  const openFiles = new Map<string, { fd: number; size: number }>();
  const keptFile = (filePath: string) => {
    let file = openFiles.get(filePath);
    if (!file) {
      const fd = openSync(filePath, 'r');
      const st = fstatSync(fd);
      if (!st.isFile()) {
        closeSync(fd);
        throw new Error('not a file');
      }
      openFiles.set(filePath, (file = { fd, size: st.size }));
    }
    return file;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const rawUrl = req.url ?? '/';
    const q = rawUrl.indexOf('?');
    const urlPath = q === -1 ? rawUrl : rawUrl.slice(0, q);
    const record: RangeFileServerRequest = { method: req.method ?? 'GET', path: urlPath, query: q === -1 ? '' : rawUrl.slice(q) };
    if (typeof req.headers.range === 'string') record.range = req.headers.range;
    record.receivedAtMs = performance.now();
    res.once('finish', () => (record.answeredAtMs = performance.now()));
    requests.push(record);

    if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
    if (res.destroyed) return;
    for (const [k, v] of Object.entries(opts.headers ?? {})) res.setHeader(k, v);

    const forced = opts.failWith?.(record);
    if (forced) {
      res.writeHead(forced, { 'Content-Type': 'text/plain' }).end(`forced ${forced}`);
      return;
    }
    if (record.method !== 'GET' && record.method !== 'HEAD') {
      res.writeHead(405).end();
      return;
    }
    let filePath: string;
    try {
      filePath = path.resolve(root, '.' + decodeURIComponent(urlPath));
    } catch {
      res.writeHead(400).end();
      return;
    }
    if (filePath !== root && !filePath.startsWith(root + path.sep)) {
      res.writeHead(403).end();
      return;
    }
    let size: number;
    // The file kept open (keepFilesOpen), looked up once for its size and its read.
    let kept: { fd: number; size: number } | undefined;
    try {
      if (opts.keepFilesOpen) ({ size } = kept = keptFile(filePath));
      else {
        const st = await stat(filePath);
        if (!st.isFile()) throw new Error('not a file');
        size = st.size;
      }
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    if (!res.hasHeader('Content-Type')) {
      res.setHeader('Content-Type', CONTENT_TYPES[path.extname(filePath).toLowerCase()] ?? 'application/octet-stream');
    }
    res.setHeader('Accept-Ranges', opts.supportRanges === false ? 'none' : 'bytes');

    let start = 0;
    let end = size - 1;
    let status = 200;
    if (record.range && opts.supportRanges !== false) {
      const parsed = parseRange(record.range, size);
      if (parsed === 'unsatisfiable') {
        res.writeHead(416, { 'Content-Range': `bytes */${size}` }).end();
        return;
      }
      if (parsed) {
        ({ start, end } = parsed);
        status = 206;
        res.setHeader('Content-Range', `bytes ${start}-${end}/${size}`);
      }
    }
    const length = Math.max(0, end - start + 1);
    res.setHeader('Content-Length', String(length));
    res.writeHead(status);
    if (record.method === 'HEAD' || length === 0) {
      res.end();
      return;
    }
    if (kept) {
      const buf = Buffer.allocUnsafe(length);
      const { fd } = kept;
      for (let got = 0; got < length; ) {
        const n = readSync(fd, buf, got, length - got, start + got);
        if (n === 0) throw new Error(`${filePath} ended before byte ${start + length}`);
        got += n;
      }
      res.end(buf);
      return;
    }
    const fh = await open(filePath, 'r');
    try {
      const buf = Buffer.alloc(length);
      await fh.read(buf, 0, length, start);
      res.end(buf);
    } finally {
      await fh.close();
    }
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      if (!res.headersSent) res.writeHead(500).end(String(err));
      else res.destroy();
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const s of sockets) s.destroy();
        for (const { fd } of openFiles.values()) closeSync(fd);
        openFiles.clear();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
