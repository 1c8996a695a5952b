// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from './App.js';

// These tests hold what the page asks the server and shows in words. jsdom has no canvas, and since the
// results arrive as a lazily loaded chunk, Chart.js could draw (and fail on the missing 2D context) after
// a test had already unmounted the page; the charts themselves are tested in Chromium (test/e2e).
vi.mock('react-chartjs-2', () => ({ Line: () => null, Scatter: () => null }));

const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The answer keys both series share, and one statistics entry, as the server sends them (the page reads each line with the shared schemas). */
const SERIES = { truncated: false, limit: 100, coveredStartDate: '2020-01-01', coveredEndDate: '2020-01-02', unavailableBands: {}, synthetic: false };
const ENTRY = {
  interval: { from: '2020-01-01T15:00:00Z', to: '2020-01-01T15:00:00Z' },
  scene: { id: 'LC08_L2SP_017029_20200101_20200113_02_T1', satellite: 'landsat-8', sensor: 'OLI/TIRS', datetime: '2020-01-01T15:00:00Z', wrsPath: 17, wrsRow: 29, cloudCover: 0 },
  outputs: { data: { bands: { B04: { stats: { min: 0.1, max: 0.1, mean: 0.1, stDev: 0, sampleCount: 9, noDataCount: 0, fillCount: 0 } } } } },
};
const ndjsonResponse = (lines: unknown[]) =>
  new Response(lines.map((l) => JSON.stringify(l)).join('\n') + '\n', { status: 200, headers: { 'Content-Type': 'application/x-ndjson' } });

/** A stand-in for the server: answers by path and records every URL the page asked for. */
type Handler = (url: URL, init?: RequestInit) => Promise<Response | undefined> | Response | undefined;

function fakeServer(options: { synthetic?: boolean; handler?: Handler } = {}) {
  const urls: URL[] = [];
  const signals = new Map<string, AbortSignal | undefined>();
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://127.0.0.1/');
    urls.push(url);
    signals.set(url.href, init?.signal ?? undefined);
    const custom = await options.handler?.(url, init);
    if (custom) return custom;
    switch (url.pathname) {
      case '/api/config':
        return jsonResponse(200, { tileUrl: 'http://127.0.0.1:9/{z}/{x}/{y}.png', tileAttribution: 'test', source: 'local', synthetic: options.synthetic ?? false });
      case '/api/wrs2':
        return jsonResponse(200, { tiles: [], bbox: null });
      case '/api/landsat3x3':
      case '/api/landsatImage':
        return new Response(new Uint8Array([137, 80, 78, 71]), { status: 200, headers: { 'Content-Type': 'image/png' } });
      case '/api/landsatData/stream':
        return ndjsonResponse([
          { type: 'progress', done: 0, total: null },
          { type: 'progress', done: 1, total: 1 },
          { type: 'result', result: { data: [ENTRY], ...SERIES } },
        ]);
      case '/api/pixel/stream':
        return ndjsonResponse([{ type: 'result', result: { target: { lat: 0, lon: 0 }, scenes: [], ...SERIES } }]);
      case '/api/overpasses':
        return jsonResponse(200, { overpasses: [] });
      default:
        return jsonResponse(404, { error: { code: 'not_found', message: 'no route' } });
    }
  });
  vi.stubGlobal('fetch', fetchMock);
  return { urls, signals, calls: (path: string) => urls.filter((u) => u.pathname === path) };
}

function fillDates(start: string, end: string) {
  fireEvent.change(screen.getByLabelText('Start Date'), { target: { value: start } });
  fireEvent.change(screen.getByLabelText('End Date'), { target: { value: end } });
}

beforeEach(() => {
  window.history.replaceState(null, '', '/');
  Element.prototype.scrollIntoView = vi.fn();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('App filters and bands', () => {
  it('refuses a start date after the end date, with a message and no data call', async () => {
    const server = fakeServer();
    render(<App />);
    fillDates('2019-02-01', '2019-01-01');
    fireEvent.click(screen.getByRole('button', { name: 'Fetch Data' }));
    // Dates are written as the inputs show them (the locale's numeric form), not as ISO.
    const shown = (day: string) => new Intl.DateTimeFormat(undefined, { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
    expect(await screen.findByText(`Start Date (${shown('2019-02-01')}) is after End Date (${shown('2019-01-01')}); pick a start on or before the end.`)).toBeTruthy();
    expect(server.calls('/api/landsatData/stream')).toHaveLength(0);
    expect(server.calls('/api/landsat3x3')).toHaveLength(0);
  });

  it('requests B01..B05 when no band is ticked, with a box around the point when no footprint is known', async () => {
    const server = fakeServer();
    render(<App />);
    fillDates('2019-01-01', '2019-01-31');
    fireEvent.click(screen.getByRole('button', { name: 'Fetch Data' }));
    await waitFor(() => expect(server.calls('/api/landsatData/stream')).toHaveLength(1));
    const data = server.calls('/api/landsatData/stream')[0].searchParams;
    expect(data.get('bands')).toBe('B01,B02,B03,B04,B05');
    expect(data.get('cloudCoverage')).toBe('0');
    expect(Number(data.get('LON_UL'))).toBeCloseTo(-79.2165 - 0.05, 9);
    expect(Number(data.get('LAT_UL'))).toBeCloseTo(45.3267 + 0.05, 9);
    const image = server.calls('/api/landsat3x3')[0].searchParams;
    expect(image.get('latitude')).toBe('45.3267');
    expect(image.get('longitude')).toBe('-79.2165');
    expect(image.get('bands')).toBe('B01,B02,B03,B04,B05');
    // The results' code is a chunk of its own (issue 33), loaded with the Fetch: a loaded machine takes seconds to transform it here.
    expect(await screen.findByRole('heading', { name: 'Landsat Results' }, { timeout: 20_000 })).toBeTruthy();
    expect((await screen.findByRole('img', { name: /Landsat 3 x 3 pixels around/ })).getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  });

  it('looks up the default point\'s footprint on load and uses its scene box, as a click does', async () => {
    const sceneBox = { minLon: -80.6, minLat: 44.4, maxLon: -77.7, maxLat: 46.3 };
    const server = fakeServer({
      handler: (url) =>
        url.pathname === '/api/wrs2' ? jsonResponse(200, { tiles: [{ path: 18, row: 29, center: [-79.1, 45.3], polygon: [[-80, 44], [-78, 44], [-78, 46], [-80, 46], [-80, 44]] }], bbox: sceneBox }) : undefined,
    });
    render(<App />);
    await waitFor(() => expect(server.calls('/api/wrs2')).toHaveLength(1));
    expect(server.calls('/api/wrs2')[0].searchParams.get('lat')).toBe('45.3267');
    await screen.findByText(/Statistics and the full image use the scene box/);
    fillDates('2019-01-01', '2019-01-31');
    fireEvent.click(screen.getByRole('button', { name: 'Fetch Data' }));
    await waitFor(() => expect(server.calls('/api/landsatData/stream')).toHaveLength(1));
    const data = server.calls('/api/landsatData/stream')[0].searchParams;
    expect([data.get('LON_UL'), data.get('LAT_UR'), data.get('LON_UR'), data.get('LAT_UL')].map(Number)).toEqual([-80.6, 44.4, -77.7, 46.3]);
  });

  it('waits for a footprint still on its way rather than use a fallback box', async () => {
    const sceneBox = { minLon: -80.6, minLat: 44.4, maxLon: -77.7, maxLat: 46.3 };
    let answer!: () => void;
    const server = fakeServer({
      handler: (url) =>
        url.pathname === '/api/wrs2'
          ? new Promise<Response>((resolve) => {
              answer = () => resolve(jsonResponse(200, { tiles: [{ path: 18, row: 29, center: [-79.1, 45.3], polygon: [[-80, 44], [-78, 44], [-78, 46], [-80, 46], [-80, 44]] }], bbox: sceneBox }));
            })
          : undefined,
    });
    render(<App />);
    await waitFor(() => expect(server.calls('/api/wrs2')).toHaveLength(1));
    fillDates('2019-01-01', '2019-01-31');
    fireEvent.click(screen.getByRole('button', { name: 'Fetch Data' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(server.calls('/api/landsatData/stream')).toHaveLength(0);
    answer();
    await waitFor(() => expect(server.calls('/api/landsatData/stream')).toHaveLength(1));
    expect(Number(server.calls('/api/landsatData/stream')[0].searchParams.get('LON_UL'))).toBe(-80.6);
  });

  it('uses a square around the point when chosen, and keeps the choice in the URL', async () => {
    const server = fakeServer();
    render(<App />);
    fireEvent.click(screen.getByLabelText('5 km square around the point'));
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('area')).toBe('5km'));
    fillDates('2019-01-01', '2019-01-31');
    fireEvent.click(screen.getByRole('button', { name: 'Fetch Data' }));
    await waitFor(() => expect(server.calls('/api/landsatData/stream')).toHaveLength(1));
    const data = server.calls('/api/landsatData/stream')[0].searchParams;
    const heightKm = (Number(data.get('LAT_UL')) - Number(data.get('LAT_UR'))) * 111.32;
    expect(heightKm).toBeCloseTo(5, 1);
  });

  it('requests exactly the ticked bands, found by their labels, in catalogue order', async () => {
    const server = fakeServer();
    render(<App />);
    fillDates('2019-01-01', '2019-01-31');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Thermal Infrared 1' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Red Band' }));
    fireEvent.change(screen.getByLabelText('Pick the Image Size'), { target: { value: 'full' } });
    fireEvent.click(screen.getByRole('button', { name: 'Fetch Data' }));
    await waitFor(() => expect(server.calls('/api/landsatImage')).toHaveLength(1));
    const image = server.calls('/api/landsatImage')[0].searchParams;
    expect(image.get('bands')).toBe('B04,B09');
    expect(image.has('latitude')).toBe(false);
  });

  it('reads its initial state from the URL', async () => {
    window.history.replaceState(null, '', '/?lat=-14.7111791&lon=-67.3037941&startDate=2019-01-01&endDate=2019-01-31&size=3x3&cloud=80&bands=B05');
    const server = fakeServer();
    render(<App />);
    expect(screen.getByLabelText('Latitude')).toHaveProperty('value', '-14.711179');
    expect(screen.getByLabelText('Longitude')).toHaveProperty('value', '-67.303794');
    expect(screen.getByLabelText('Start Date')).toHaveProperty('value', '2019-01-01');
    expect(screen.getByLabelText('Cloud Coverage: 80%')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Near-Infrared (NIR)' })).toHaveProperty('checked', true);
    await waitFor(() => expect(server.calls('/api/wrs2')).toHaveLength(1));
  });

  it('cancels the previous fetch when a new one starts', async () => {
    let releaseFirst: () => void = () => {};
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    let dataCalls = 0;
    const server = fakeServer({
      handler: async (url, init) => {
        if (url.pathname !== '/api/landsatData/stream' || ++dataCalls > 1) return undefined;
        // The first data call hangs until aborted, like a slow archive.
        await new Promise<void>((resolve) => {
          init?.signal?.addEventListener('abort', () => resolve());
          void firstHeld.then(resolve);
        });
        throw new DOMException('The operation was aborted.', 'AbortError');
      },
    });
    render(<App />);
    fillDates('2019-01-01', '2019-01-31');
    fireEvent.click(screen.getByRole('button', { name: 'Fetch Data' }));
    await waitFor(() => expect(server.calls('/api/landsatData/stream')).toHaveLength(1));
    expect((await screen.findAllByText(/Band statistics/)).length).toBeGreaterThan(0);
    const firstSignal = server.signals.get(server.calls('/api/landsatData/stream')[0].href)!;
    expect(firstSignal.aborted).toBe(false);

    fireEvent.change(screen.getByLabelText('Cloud Coverage: 0%'), { target: { value: '40' } });
    fireEvent.click(screen.getByRole('button', { name: 'Fetch Data' }));
    await waitFor(() => expect(server.calls('/api/landsatData/stream')).toHaveLength(2));
    expect(firstSignal.aborted).toBe(true);
    expect(server.calls('/api/landsatData/stream')[1].searchParams.get('cloudCoverage')).toBe('40');
    expect(await screen.findByRole('heading', { name: 'Landsat Results' }, { timeout: 20_000 })).toBeTruthy();
    releaseFirst();
  });

  it('tells the person in words when no scene qualifies, and logs the image error', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeServer({
      handler: (url) => {
        if (url.pathname === '/api/landsat3x3') return jsonResponse(404, { error: { code: 'no_scene', message: 'No Landsat scene between 2020-01-01 and 2020-01-02 with at most 0% cloud.' } });
        if (url.pathname === '/api/landsatData/stream') return ndjsonResponse([{ type: 'result', result: { data: [], ...SERIES } }]);
        return undefined;
      },
    });
    render(<App />);
    fillDates('2020-01-01', '2020-01-02');
    fireEvent.click(screen.getByRole('button', { name: 'Fetch Data' }));
    expect((await screen.findAllByText(/No Landsat scene between 2020-01-01 and 2020-01-02/)).length).toBeGreaterThan(0);
    expect(consoleError).toHaveBeenCalledWith('Error fetching image:', expect.anything());
  });

  it('shows the demo-data notice when the server says its data is synthetic', async () => {
    fakeServer({ synthetic: true });
    render(<App />);
    expect(await screen.findByText('Demo data: synthetic Landsat scenes, not real observations')).toBeTruthy();
  });
});
