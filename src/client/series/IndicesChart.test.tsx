// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { samplePixelResponse } from '../../../test/support/samplePixelResponse.js';

// Chart.js needs a real canvas: record the datasets handed to it instead.
vi.mock('react-chartjs-2', () => ({
  Line: (props: { data: { datasets: { label: string; data: { x: number; y: number }[]; yAxisID: string }[] }; 'aria-label': string }) => (
    <div role="img" aria-label={props['aria-label']}>
      {props.data.datasets.map((d) => (
        <span key={d.label} data-testid="series">
          {d.label} [{d.yAxisID}]: {d.data.map((p) => `${new Date(p.x).toISOString().slice(0, 10)}=${p.y.toFixed(2)}`).join(' ')}
        </span>
      ))}
    </div>
  ),
}));

const { IndicesChart } = await import('./IndicesChart.js');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('IndicesChart', () => {
  it('draws what the chosen bands make, names what they cannot, and reads the missing bands for the same scenes', async () => {
    const pixels = samplePixelResponse(); // B01, B02, B04 and B09 (surface temperature)
    render(
      <QueryClientProvider client={new QueryClient()}>
        <IndicesChart pixels={pixels} />
      </QueryClientProvider>,
    );
    // Only surface temperature is possible, on its own °C axis, one point per clear scene.
    const series = screen.getAllByTestId('series').map((s) => s.textContent);
    expect(series).toHaveLength(1);
    expect(series[0]).toMatch(/^Surface temperature \(°C\) \[celsius\]: 2019-01-14=\d+\.\d\d 2019-01-30=/);
    expect(screen.getByText(/NDVI needs B05, which is not among the bands read: not shown/)).toBeTruthy();
    expect(screen.getByText(/NBR needs B05 and B07/)).toBeTruthy();

    // The button asks the stream for the index bands over the scenes' own days, and keeps those scenes only.
    const full = samplePixelResponse();
    for (const scene of full.scenes) scene.bands.B05 = { ...scene.bands.B04, values: scene.bands.B04.values.map((row) => row.map((v) => (v === null ? null : v * 3))) };
    const extra = { ...full.scenes[0], id: 'another-scene' };
    const body = `${JSON.stringify({ type: 'result', result: { ...full, scenes: [...full.scenes, extra] } })}\n`;
    const fetchMock = vi.fn(async () => new Response(body, { status: 200, headers: { 'content-type': 'application/x-ndjson' } }));
    vi.stubGlobal('fetch', fetchMock);
    fireEvent.click(screen.getByRole('button', { name: /Read the bands the indices need/ }));
    await waitFor(() => expect(screen.getAllByTestId('series').map((s) => s.textContent?.split(' [')[0])).toEqual(['NDVI', 'EVI', 'Surface temperature (°C)']));
    const url = new URL(String((fetchMock.mock.calls[0] as unknown[])[0]), 'http://x');
    expect(url.pathname).toBe('/api/pixel/stream');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ startDate: '2019-01-14', endDate: '2019-01-30', bands: 'B02,B03,B04,B05,B06,B07,B09' });
    // NDVI = (3r - r) / (3r + r) = 0.5 at both (clear) scenes; the extra scene is not added.
    expect(screen.getAllByTestId('series')[0].textContent).toBe('NDVI [ratio]: 2019-01-14=0.50 2019-01-30=0.50');
  });
});
