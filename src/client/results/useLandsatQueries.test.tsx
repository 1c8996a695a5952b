// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { pixelSeriesState } from '../series/pixelSeriesState.js';
import { useLandsatQueries, type FetchRequest } from './useLandsatQueries.js';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ndjson = (lines: unknown[]) => new Response(lines.map((l) => JSON.stringify(l)).join('\n') + '\n', { status: 200 });

/** The answer keys both series share, as the server sends them (the page reads every line with the shared schemas). */
const series = { truncated: false, limit: 500, coveredStartDate: '2024-01-01', coveredEndDate: '2024-12-31', unavailableBands: {}, synthetic: false };
const entry = {
  interval: { from: '2024-07-01T00:00:00Z', to: '2024-07-01T00:00:00Z' },
  scene: { id: 'a', satellite: 'landsat-8', sensor: 'OLI/TIRS', datetime: '2024-07-01T00:00:00Z', wrsPath: 17, wrsRow: 29, cloudCover: 3 },
  outputs: { data: { bands: { B04: { stats: { min: 0.1, max: 0.2, mean: 0.15, stDev: 0.01, sampleCount: 9, noDataCount: 0, fillCount: 0 } } } } },
};

const request = (endDate: string): FetchRequest => ({
  lngLat: [-79.2, 45.3],
  bbox: { minLon: -79.3, minLat: 45.2, maxLon: -79.1, maxLat: 45.4 },
  startDate: '2024-01-01',
  endDate,
  size: '3x3',
  cloudCoverage: 20,
  bands: ['B04'],
  latestPixelOnly: false,
});

function wrapper() {
  const client = new QueryClient();
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('useLandsatQueries', () => {
  it('asks nothing before the first fetch', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderHook(() => useLandsatQueries(null), { wrapper: wrapper() });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(result.current.data.fetchStatus).toBe('idle');
  });

  it('asks for the image first and both series with it, passes the query signal to fetch and aborts the old requests when the request changes', async () => {
    const signals = new Map<string, AbortSignal>();
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      signals.set(url, init.signal!);
      if (url.includes('endDate=2024-06-30')) {
        // The first request never answers: it must be aborted, not left running.
        return new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
      }
      if (url.startsWith('/api/landsat3x3')) return Promise.resolve(new Response(new Uint8Array([137]), { headers: { 'content-type': 'image/png' } }));
      if (url.startsWith('/api/pixel/stream')) return Promise.resolve(ndjson([{ type: 'result', result: { target: { lat: 45.3, lon: -79.2 }, scenes: [], ...series } }]));
      return Promise.resolve(ndjson([{ type: 'progress', done: 1, total: 1 }, { type: 'item', item: entry }, { type: 'result', result: { data: [entry], ...series, url } }]));
    });
    const { result, rerender } = renderHook(({ r }) => useLandsatQueries(r), { wrapper: wrapper(), initialProps: { r: request('2024-06-30') } });
    // The image has not answered; the statistics and the pixel series are asked with it, not after it
    // (the server serves the image's work first: its series lane, src/core/workLane.ts).
    await waitFor(() => expect(signals.size).toBe(3));
    const first = [...signals.keys()];
    expect(first[0]).toMatch(/^\/api\/landsat3x3/);
    expect(first.slice(1).map((url) => url.split('?')[0]).sort()).toEqual(['/api/landsatData/stream', '/api/pixel/stream']);
    rerender({ r: request('2024-12-31') });
    await waitFor(() => expect(result.current.data.status).toBe('success'));
    const old = [...signals].filter(([url]) => url.includes('2024-06-30'));
    expect(old).toHaveLength(3);
    for (const [url, signal] of old) expect(signal.aborted, url).toBe(true);
    expect(signals.size).toBe(6);
    expect((result.current.data.data as unknown as { url: string }).url).toContain('/api/landsatData/stream?');
    expect(result.current.dataProgress).toEqual({ done: 1, total: 1 });
  });

  it('reports a failed pixel series in words', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', async () => ndjson([{ type: 'error', error: { code: 'archive_unavailable', message: 'archive down' }, status: 502 }]));
    const { result } = renderHook(() => useLandsatQueries(request('2024-12-31')), { wrapper: wrapper() });
    await waitFor(() => expect(result.current.pixels.status).toBe('error'));
    expect(pixelSeriesState(result.current.pixels, null)).toEqual({ kind: 'failed', message: 'Could not read the pixel values: archive down' });
  });
});
