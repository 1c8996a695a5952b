import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpByteSource, ByteSourceHttpError } from './byteSource.js';
import { httpRangeGet, rangeGetCounts } from './httpRangeGet.js';

const BYTES = Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 251));

/**
 * A range server that, like an archive closing idle keep-alive connections without saying so, drops
 * a connection when a further request arrives on it (the request was sent on a socket the server had
 * closed): it answers only the first request of each connection. `alsoFresh` drops every request.
 */
async function closingServer({ alsoFresh = false, delayMs = 0 } = {}) {
  const served = new WeakMap<Socket, number>();
  const stats = { connections: 0, answered: 0, dropped: 0 };
  const server = http.createServer((req, res) => {
    const n = (served.get(req.socket) ?? 0) + 1;
    served.set(req.socket, n);
    if (n > 1 || alsoFresh) {
      stats.dropped += 1;
      req.socket.destroy();
      return;
    }
    const [, a, b] = /bytes=(\d+)-(\d+)/.exec(req.headers.range ?? '') ?? [];
    const body = BYTES.subarray(Number(a), Number(b) + 1);
    setTimeout(() => {
      stats.answered += 1;
      res.writeHead(206, { 'content-length': body.byteLength, 'content-range': `bytes ${a}-${b}/${BYTES.byteLength}` });
      res.end(body);
    }, delayMs);
  });
  // No Keep-Alive hint: the client cannot know when the server drops an idle connection.
  server.keepAliveTimeout = 0;
  server.on('connection', () => (stats.connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/file.tif`;
  return { url, stats, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

describe('httpRangeGet on kept-alive connections the archive closed', () => {
  it('retries a read once on a fresh connection: no failure reaches the caller (nor its circuit breaker)', async () => {
    const server = await closingServer();
    servers.push(server);
    const source = createHttpByteSource(server.url, { retries: 0 });
    const before = rangeGetCounts.freshConnectionRetries;
    // Ten connections opened and kept alive, then ten reads on them: the server has closed every one.
    const first = await Promise.all(Array.from({ length: 10 }, (_, i) => source.fetch([{ offset: i * 100, length: 100 }])));
    const second = await Promise.all(Array.from({ length: 10 }, (_, i) => source.fetch([{ offset: i * 100 + 50, length: 100 }])));
    for (const [i, [buf]] of first.entries()) expect(Buffer.from(buf)).toEqual(BYTES.subarray(i * 100, i * 100 + 100));
    for (const [i, [buf]] of second.entries()) expect(Buffer.from(buf)).toEqual(BYTES.subarray(i * 100 + 50, i * 100 + 150));
    // Each of the second ten went out on a reused socket, was dropped, and went again on a new one.
    expect(server.stats.dropped).toBe(10);
    expect(rangeGetCounts.freshConnectionRetries - before).toBe(10);
    expect(server.stats.answered).toBe(20);
  });

  it('a fresh connection that fails too is a failure (one retry, not a loop)', async () => {
    const server = await closingServer();
    servers.push(server);
    await httpRangeGet(server.url, { Range: 'bytes=0-9' }, new AbortController().signal);
    const before = rangeGetCounts.freshConnectionRetries;
    const dropping = await closingServer({ alsoFresh: true });
    servers.push(dropping);
    const source = createHttpByteSource(dropping.url, { retries: 0 });
    const failed = await source.fetch([{ offset: 0, length: 10 }]).catch((err: unknown) => err);
    expect(failed).toBeInstanceOf(ByteSourceHttpError);
    expect((failed as ByteSourceHttpError).status).toBe(0);
    // A new connection's failure is not a stale socket: not retried.
    expect(rangeGetCounts.freshConnectionRetries - before).toBe(0);
    expect(dropping.stats.dropped).toBe(1);
  });

  it('a read whose answer arrived while the event loop was busy is not timed out', async () => {
    const server = await closingServer({ delayMs: 20 });
    servers.push(server);
    const source = createHttpByteSource(server.url, { retries: 0, timeoutMs: 200 });
    const reading = source.fetch([{ offset: 0, length: 64 }]);
    // The main thread computes for longer than the read's limit; the answer comes meanwhile. The stand-in
    // server runs on this same thread, so wait until it has written the answer (on a busy machine that
    // can take longer than any fixed pause) and only then keep the thread busy.
    while (server.stats.answered === 0) await new Promise((r) => setTimeout(r, 1));
    const until = Date.now() + 600;
    while (Date.now() < until) {
      // busy
    }
    const [buf] = await reading;
    expect(Buffer.from(buf)).toEqual(BYTES.subarray(0, 64));
  });
});
