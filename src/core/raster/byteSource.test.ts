import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRangeFileServer, type RangeFileServer } from '../../../test/support/rangeFileServer.js';
import {
  ByteSourceHttpError,
  ByteSourceNotFoundError,
  ByteSourceTimeoutError,
  createByteSourceForHref,
  createFileByteSource,
  createHttpByteSource,
  createMemoryByteSource,
  sourceIdForHref,
} from './byteSource.js';

let dir: string;
let server: RangeFileServer;
const bytes = Uint8Array.from({ length: 5000 }, (_, i) => (i * 7 + 3) & 0xff);

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'bytesource-'));
  await writeFile(path.join(dir, 'data.bin'), bytes);
  server = await startRangeFileServer(dir, { failWith: (r) => (r.path === '/broken.bin' ? 503 : undefined) });
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

const ranges = [
  { offset: 0, length: 10 },
  { offset: 4000, length: 123 },
  { offset: 4990, length: 50 }, // runs past the end: comes back short
];

describe('byte sources', () => {
  it('file, HTTP and memory sources return the same bytes and count requests and bytes', async () => {
    const file = createFileByteSource(path.join(dir, 'data.bin'));
    const http = createHttpByteSource(`${server.url}/data.bin?sv=1&sig=abc`);
    const memory = createMemoryByteSource('memory:data.bin', Buffer.from(bytes));
    for (const src of [file, http, memory]) {
      const out = await src.fetch(ranges);
      expect(out.map((b) => Array.from(new Uint8Array(b)))).toEqual(ranges.map((r) => Array.from(bytes.subarray(r.offset, r.offset + r.length))));
      expect(src.stats).toEqual({ requests: 3, bytes: 10 + 123 + 10 });
    }
    expect(server.requests.filter((r) => r.path === '/data.bin').map((r) => r.range).sort()).toEqual(['bytes=0-9', 'bytes=4000-4122', 'bytes=4990-5039']);
  });

  it('ids drop the query string so re-signed URLs share caches', () => {
    expect(createHttpByteSource(`${server.url}/data.bin?sig=1`).id).toBe(createHttpByteSource(`${server.url}/data.bin?sig=2`).id);
    expect(sourceIdForHref('https://x.blob.core.windows.net/a/b.TIF?st=1&se=2')).toBe('https://x.blob.core.windows.net/a/b.TIF');
  });

  it('slices a 200 answer when the server ignores Range', async () => {
    const noRanges = await startRangeFileServer(dir, { supportRanges: false });
    try {
      const src = createHttpByteSource(`${noRanges.url}/data.bin`);
      const [b] = await src.fetch([{ offset: 100, length: 20 }]);
      expect(Array.from(new Uint8Array(b))).toEqual(Array.from(bytes.subarray(100, 120)));
    } finally {
      await noRanges.close();
    }
  });

  it('retries a transient failure with backoff, and not a refusal', async () => {
    let flaky = 2;
    const flakyServer = await startRangeFileServer(dir, { failWith: (r) => (r.path === '/data.bin' && flaky-- > 0 ? 503 : undefined) });
    try {
      const src = createHttpByteSource(`${flakyServer.url}/data.bin`, { retryDelayMs: 5 });
      const [b] = await src.fetch([{ offset: 0, length: 10 }]);
      expect(Array.from(new Uint8Array(b))).toEqual(Array.from(bytes.subarray(0, 10)));
      expect(flakyServer.requests.filter((r) => r.path === '/data.bin')).toHaveLength(3);
      const before = server.requests.length;
      await expect(createHttpByteSource(`${server.url}/missing.bin`, { retryDelayMs: 5 }).fetch([{ offset: 0, length: 4 }])).rejects.toBeInstanceOf(ByteSourceNotFoundError);
      expect(server.requests.length - before).toBe(1);
    } finally {
      await flakyServer.close();
    }
  });

  it('maps 404, 5xx, unreachable hosts and timeouts to typed errors', async () => {
    await expect(createHttpByteSource(`${server.url}/missing.bin`).fetch([{ offset: 0, length: 4 }])).rejects.toBeInstanceOf(ByteSourceNotFoundError);
    await expect(createHttpByteSource(`${server.url}/broken.bin`).fetch([{ offset: 0, length: 4 }])).rejects.toMatchObject({ name: 'ByteSourceHttpError', status: 503 });
    await expect(createFileByteSource(path.join(dir, 'nope.bin')).fetch([{ offset: 0, length: 4 }])).rejects.toBeInstanceOf(ByteSourceNotFoundError);
    const closed = await startRangeFileServer(dir);
    const deadUrl = `${closed.url}/data.bin`;
    await closed.close();
    await expect(createHttpByteSource(deadUrl).fetch([{ offset: 0, length: 4 }])).rejects.toBeInstanceOf(ByteSourceHttpError);
    const slow = await startRangeFileServer(dir, { delayMs: 1000 });
    try {
      const err = await createHttpByteSource(`${slow.url}/data.bin`, { timeoutMs: 100 }).fetch([{ offset: 0, length: 4 }]).catch((e) => e);
      expect(err).toBeInstanceOf(ByteSourceTimeoutError);
      expect(err.timeoutMs).toBe(100);
    } finally {
      await slow.close();
    }
  });

  it('rejects with the caller abort reason, not a timeout', async () => {
    const slow = await startRangeFileServer(dir, { delayMs: 1000 });
    try {
      const ac = new AbortController();
      const p = createHttpByteSource(`${slow.url}/data.bin`, { timeoutMs: 5000 }).fetch([{ offset: 0, length: 4 }], ac.signal);
      setTimeout(() => ac.abort(), 20);
      await expect(p).rejects.toMatchObject({ name: 'AbortError' });
      const aborted = AbortSignal.abort();
      await expect(createFileByteSource(path.join(dir, 'data.bin')).fetch([{ offset: 0, length: 4 }], aborted)).rejects.toMatchObject({ name: 'AbortError' });
    } finally {
      await slow.close();
    }
  });

  it('passes the caller headers and picks the back-end from the href', async () => {
    const seen: string[] = [];
    const fakeFetch: typeof fetch = async (input, init) => {
      seen.push(new Headers(init?.headers).get('x-test') ?? '');
      return fetch(input, init);
    };
    await createHttpByteSource(`${server.url}/data.bin`, { fetch: fakeFetch, headers: { 'x-test': 'yes' } }).fetch([{ offset: 0, length: 1 }]);
    expect(seen).toEqual(['yes']);
    expect(createByteSourceForHref('/tmp/a.TIF').id).toBe('/tmp/a.TIF');
    expect(createByteSourceForHref(`${server.url}/a.TIF?x=1`).id).toBe(`${server.url}/a.TIF`);
  });
});

describe('rangeFileServer', () => {
  it('answers 416 past the end, suffix ranges, and refuses paths outside its root', async () => {
    const past = await fetch(`${server.url}/data.bin`, { headers: { Range: 'bytes=6000-6001' } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe('bytes */5000');
    const suffix = await fetch(`${server.url}/data.bin`, { headers: { Range: 'bytes=-3' } });
    expect(suffix.status).toBe(206);
    expect(suffix.headers.get('content-range')).toBe('bytes 4997-4999/5000');
    expect(Array.from(new Uint8Array(await suffix.arrayBuffer()))).toEqual(Array.from(bytes.subarray(4997)));
    const whole = await fetch(`${server.url}/data.bin`);
    expect(whole.status).toBe(200);
    expect((await whole.arrayBuffer()).byteLength).toBe(5000);
    const escape = await fetch(`${server.url}/..%2F..%2Fetc%2Fpasswd`);
    expect([403, 404]).toContain(escape.status);
  });
});
