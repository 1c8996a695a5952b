import { afterAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { requestSignal } from './requestSignal.js';

const app = Fastify();
const seen: { aborted: boolean; reason?: string }[] = [];
const socketCloseListeners: number[] = [];
app.get('/slow', async (_req, reply) => {
  const signal = requestSignal(reply, 5_000);
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 3_000);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  seen.push({ aborted: signal.aborted, reason: (signal.reason as Error | undefined)?.name });
  return 'done';
});
app.get('/quick', async (req, reply) => {
  const signal = requestSignal(reply, 5_000);
  socketCloseListeners.push(req.raw.socket.listenerCount('close'));
  setTimeout(() => seen.push({ aborted: signal.aborted }), 50);
  return 'ok';
});
afterAll(() => app.close());

describe('requestSignal', () => {
  it('aborts the work when the client goes away', async () => {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const pending = fetch(`${base}/slow`, { signal: controller.signal }).catch((err: Error) => err.name);
    await new Promise((r) => setTimeout(r, 200));
    controller.abort();
    expect(await pending).toBe('AbortError');
    for (let i = 0; i < 40 && seen.length === 0; i++) await new Promise((r) => setTimeout(r, 25));
    expect(seen[0]).toEqual({ aborted: true, reason: 'AbortError' });
  });

  it('does not abort after a normal answer, and leaves no listener on the keep-alive socket', async () => {
    seen.length = 0;
    const base = app.server.address() as { port: number };
    for (let i = 0; i < 20; i++) expect(await (await fetch(`http://127.0.0.1:${base.port}/quick`)).text()).toBe('ok');
    await new Promise((r) => setTimeout(r, 100));
    expect(seen.every((s) => !s.aborted)).toBe(true);
    // One keep-alive socket served them all; its listener count must not grow with each request.
    expect(new Set(socketCloseListeners).size).toBe(1);
  });
});
