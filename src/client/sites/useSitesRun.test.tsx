// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useSitesRun, type SitesRunParams } from './useSitesRun.js';

const PARAMS: SitesRunParams = { startDate: '2024-01-01', endDate: '2024-12-31', cloudCoverage: 30, bands: ['B04'], mask: 'cloud' };
const JOB_ID = 'AbCdEfGhIjKlMnOpQrStUv';
const CSV = 'id,lat,lon\na,45.3,-79.2\nb,45.4,-79.3\n';

function wrapper() {
  const client = new QueryClient();
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** A body that sends `lines` then waits (like a server still reading) until `finish` is called or the request is aborted. */
function heldNdjson(lines: unknown[], signal: AbortSignal) {
  let finish: (more: unknown[]) => void = () => undefined;
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const l of lines) controller.enqueue(encoder.encode(`${JSON.stringify(l)}\n`));
      finish = (more) => {
        for (const l of more) controller.enqueue(encoder.encode(`${JSON.stringify(l)}\n`));
        controller.close();
      };
      signal.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
    },
  });
  return { response: new Response(body, { status: 200 }), finish: (more: unknown[]) => finish(more) };
}

const jobState = (status: string, done: number) => ({ id: JOB_ID, status, done, total: 2, expiresAt: '2026-12-01T00:00:00Z' });

beforeEach(() => window.history.replaceState(null, '', '/'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useSitesRun (the sites answers in the query cache)', () => {
  it('reads up to 1,000 sites at once: progress, then the rows as CSV', async () => {
    let held: ReturnType<typeof heldNdjson> | null = null;
    const requests: string[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      requests.push(url);
      held = heldNdjson([{ type: 'progress', done: 0, total: 2 }, { type: 'progress', done: 1, total: 2 }], init.signal!);
      return held.response;
    });
    const { result } = renderHook(() => useSitesRun(1000), { wrapper: wrapper() });
    await act(() => result.current.start(CSV, 2, PARAMS));
    await waitFor(() => expect(result.current.run).toEqual({ kind: 'running', done: 1, total: 2 }));
    held!.finish([
      { type: 'row', site_id: 'a', B04_reflectance: 0.05 },
      { type: 'row', site_id: 'b', B04_reflectance: null },
      { type: 'done' },
    ]);
    await waitFor(() => expect(result.current.run.kind).toBe('done'));
    expect(result.current.run).toMatchObject({ rowCount: 2, siteCount: 2 });
    expect((result.current.run as { csv: string }).csv.split('\r\n').slice(0, 3)).toEqual(['site_id,B04_reflectance', 'a,0.05', 'b,']);
    expect(requests).toEqual(['/api/sites?startDate=2024-01-01&endDate=2024-12-31&cloudCoverage=30&bands=B04&mask=cloud']);
  });

  it('Cancel aborts the running request (its connection closes, so the server stops) and says Cancelled', async () => {
    let signal: AbortSignal | null = null;
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      signal = init.signal!;
      return heldNdjson([{ type: 'progress', done: 0, total: 2 }], init.signal!).response;
    });
    const { result } = renderHook(() => useSitesRun(1000), { wrapper: wrapper() });
    await act(() => result.current.start(CSV, 2, PARAMS));
    await waitFor(() => expect(signal).not.toBeNull());
    await act(() => result.current.cancel());
    expect(signal!.aborted).toBe(true);
    expect(result.current.run).toEqual({ kind: 'cancelled' });
  });

  it('a line the page cannot read fails the run in words', async () => {
    vi.stubGlobal('fetch', async () => new Response('{"type":"progress","done":"one"}\n', { status: 200 }));
    const { result } = renderHook(() => useSitesRun(1000), { wrapper: wrapper() });
    await act(() => result.current.start(CSV, 2, PARAMS));
    await waitFor(() => expect(result.current.run.kind).toBe('failed'));
    expect((result.current.run as { message: string }).message).toMatch(/^The server sent a line the page cannot read/);
  });

  it('more sites become a job, followed until done; its id goes in the link', async () => {
    const asked: string[] = [];
    let reads = 0;
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      asked.push(`${init.method ?? 'GET'} ${url}`);
      if (init.method === 'POST') return new Response(JSON.stringify({ id: JOB_ID, status: 'queued' }), { status: 202 });
      reads += 1;
      return new Response(JSON.stringify(reads === 1 ? jobState('running', 1) : jobState('done', 2)), { status: 200 });
    });
    const { result } = renderHook(() => useSitesRun(1), { wrapper: wrapper() });
    await act(() => result.current.start(CSV, 2, PARAMS));
    expect(window.location.hash).toBe(`#job=${JOB_ID}`);
    await waitFor(() => expect(result.current.run).toMatchObject({ kind: 'job', job: { status: 'running', done: 1 } }));
    await waitFor(() => expect(result.current.run).toMatchObject({ kind: 'job', job: { status: 'done', done: 2 } }), { timeout: 3000 });
    await new Promise((r) => setTimeout(r, 1200));
    // Done: no more reads.
    expect(asked.filter((a) => a.startsWith('GET'))).toHaveLength(2);
  });

  it('Cancel on a job cancels it on the server and stops following it', async () => {
    window.history.replaceState(null, '', `/#job=${JOB_ID}`);
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      asked.push(`${init.method ?? 'GET'} ${url}`);
      return new Response(JSON.stringify(init.method === 'DELETE' ? jobState('cancelled', 1) : jobState('running', 1)), { status: 200 });
    });
    const { result } = renderHook(() => useSitesRun(1), { wrapper: wrapper() });
    await waitFor(() => expect(result.current.run).toMatchObject({ kind: 'job', job: { status: 'running' } }));
    await act(() => result.current.cancel());
    await waitFor(() => expect(result.current.run).toMatchObject({ kind: 'job', job: { status: 'cancelled' } }));
    expect(asked).toContain(`DELETE /api/jobs/${JOB_ID}`);
    const readsAfter = asked.length;
    await new Promise((r) => setTimeout(r, 1200));
    expect(asked).toHaveLength(readsAfter);
  });
});
