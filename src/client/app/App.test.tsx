// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from './App.js';

const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A stand-in for the server: answers by path and records every URL the page asked for. */
function fakeServer() {
  const urls: URL[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://127.0.0.1/');
    urls.push(url);
    switch (url.pathname) {
      case '/api/config':
        return jsonResponse(200, { tileUrl: 'http://127.0.0.1:9/{z}/{x}/{y}.png', tileAttribution: 'test', source: 'local', synthetic: false });
      case '/api/wrs2':
        return jsonResponse(200, { tiles: [], bbox: null });
      case '/api/landsat3x3':
      case '/api/landsatImage':
        return new Response(new Uint8Array([137, 80, 78, 71]), { status: 200, headers: { 'Content-Type': 'image/png' } });
      case '/api/landsatData':
        return jsonResponse(200, { data: [{ outputs: { data: { bands: { B04: { stats: { mean: 0.1 } } } } } }] });
      case '/api/overpasses':
        return jsonResponse(200, { overpasses: [] });
      default:
        return jsonResponse(404, { error: { code: 'not_found', message: 'no route' } });
    }
  });
  vi.stubGlobal('fetch', fetchMock);
  return { urls, calls: (path: string) => urls.filter((u) => u.pathname === path) };
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
    expect(await screen.findByText(/Start Date \(2019-02-01\) is after End Date \(2019-01-01\)/)).toBeTruthy();
    expect(server.calls('/api/landsatData')).toHaveLength(0);
    expect(server.calls('/api/landsat3x3')).toHaveLength(0);
  });

  it('requests B01..B05 when no band is ticked, with a box around the point when no footprint is known', async () => {
    const server = fakeServer();
    render(<App />);
    fillDates('2019-01-01', '2019-01-31');
    fireEvent.click(screen.getByRole('button', { name: 'Fetch Data' }));
    await waitFor(() => expect(server.calls('/api/landsatData')).toHaveLength(1));
    const data = server.calls('/api/landsatData')[0].searchParams;
    expect(data.get('bands')).toBe('B01,B02,B03,B04,B05');
    expect(data.get('cloudCoverage')).toBe('0');
    expect(Number(data.get('LON_UL'))).toBeCloseTo(-79.2165 - 0.05, 9);
    expect(Number(data.get('LAT_UL'))).toBeCloseTo(45.3267 + 0.05, 9);
    const image = server.calls('/api/landsat3x3')[0].searchParams;
    expect(image.get('latitude')).toBe('45.3267');
    expect(image.get('longitude')).toBe('-79.2165');
    expect(image.get('bands')).toBe('B01,B02,B03,B04,B05');
    expect(await screen.findByRole('heading', { name: 'Landsat Results' })).toBeTruthy();
    expect((await screen.findByRole('img', { name: /Landsat image around/ })).getAttribute('src')).toMatch(/^data:image\/png;base64,/);
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
});
