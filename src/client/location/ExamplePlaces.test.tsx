// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { App } from '../app/App.js';
import { DEFAULT_POINT } from '../../shared/defaults.js';
import { EXAMPLE_PLACES } from './ExamplePlaces.js';

const jsonResponse = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function stubServer(image404?: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://127.0.0.1/');
      switch (url.pathname) {
        case '/api/config':
          return jsonResponse(200, { tileUrl: 'http://127.0.0.1:9/{z}/{x}/{y}.png', tileAttribution: 'test', source: 'demo', synthetic: true });
        case '/api/wrs2':
          return jsonResponse(200, { tiles: [], bbox: null });
        case '/api/landsat3x3':
          return jsonResponse(404, image404);
        case '/api/landsatData/stream':
        case '/api/pixel/stream':
          return new Response(`${JSON.stringify({ type: 'result', result: { data: [], scenes: [], target: { lat: 0, lon: 0 }, truncated: false, limit: 100, coveredStartDate: '2025-01-01', coveredEndDate: '2025-12-31', unavailableBands: {}, synthetic: true } })}\n`, { status: 200 });
        default:
          return jsonResponse(200, { overpasses: [] });
      }
    }),
  );
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

describe('ExamplePlaces', () => {
  it('offers the default point first, then other places, each as a button', () => {
    stubServer();
    render(<App />);
    const group = screen.getByRole('group', { name: 'Try:' });
    const buttons = within(group).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(EXAMPLE_PLACES.map((p) => p.name));
    expect([EXAMPLE_PLACES[0].lat, EXAMPLE_PLACES[0].lon]).toEqual([DEFAULT_POINT.lat, DEFAULT_POINT.lon]);
  });

  it('choosing one moves the point there, as choosing a search result does', () => {
    stubServer();
    render(<App />);
    fireEvent.click(within(screen.getByRole('group', { name: 'Try:' })).getByRole('button', { name: 'Tokyo' }));
    expect(screen.getByLabelText('Latitude')).toHaveProperty('value', '35.689500');
    expect(screen.getByLabelText('Longitude')).toHaveProperty('value', '139.691700');
  });

  it("an empty answer's explanation reaches the page in words", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubServer({
      error: {
        code: 'no_scene',
        message: 'No Landsat scene covers (35.689500, 139.691700) between 2025-01-01 and 2025-01-31 with at most 0% cloud cover.',
        explanation: {
          startDate: '2025-01-01', endDate: '2025-01-31', cloudCoverage: 0, scenesInRange: 8, scenesInRangeCapped: false, lowestCloudCover: 3.1,
          suggestedCloudCoverage: 4, scenesAtSuggestedCloudCoverage: 1, recordStart: '2013-03-18', firstSceneDates: {}, rangeStartsBeforeRecord: false,
          rangeEndsBeforeRecord: false, rangeStartsInFuture: false, landsatImagesHere: true, notImagedReason: null, sourceIsComplete: true, source: 'demo', synthetic: true,
        },
      },
    });
    render(<App />);
    fireEvent.change(screen.getByLabelText('Start Date'), { target: { value: '2025-01-01' } });
    fireEvent.change(screen.getByLabelText('End Date'), { target: { value: '2025-01-31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Fetch Data' }));
    // A generous wait: on a loaded machine the fetch's chain (footprint, image, statistics) takes more than the default 1 s.
    expect((await screen.findAllByText(/Raise Cloud Coverage to 4% to see 1 scene\./, undefined, { timeout: 10_000 })).length).toBeGreaterThan(0);
  });
});
