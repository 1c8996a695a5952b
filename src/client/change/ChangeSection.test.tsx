// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ChangePointResponse } from '../../shared/api/change.js';
import { ordinalDay } from '../../shared/changeModel.js';
import { bandChartData } from './changeChartData.js';

// The chart needs a canvas (jsdom has none); what it draws is bandChartData, tested below.
vi.mock('./ChangeChart.js', () => ({ ChangeChart: ({ band }: { band: string }) => <div data-testid="chart">{band}</div> }));
const { ChangeSection } = await import('./ChangeSection.js');

const flat = (v: number) => ({ intercept: v, coefficients: [0, 0, 0, 0, 0, 0, 0], rmse: 0.01, magnitude: 0.2 });
const models = (nir: number, kelvin: number) => ({ B02: flat(0.03), B03: flat(0.05), B04: flat(0.04), B05: flat(nir), B06: flat(0.2), B07: flat(0.1), B09: flat(kelvin) });
const observation = (date: string, nir: number, used = true) => ({
  date, sceneId: `S_${date}`, satellite: 'landsat-5' as const, sensor: 'TM' as const, qa: 5440, clear: true, used, fitted: null,
  values: { B02: 0.03, B03: 0.05, B04: 0.04, B05: nir, B06: 0.2, B07: 0.1, B09: 290 },
});
const ANSWER: ChangePointResponse = {
  segments: [
    { startDate: '2000-01-01', endDate: '2007-12-25', breakDate: '2008-01-02', observationCount: 100, changeProbability: 1, curveQa: 8, procedure: 'standard', bands: models(0.3, 290) },
    { startDate: '2008-01-02', endDate: '2012-12-31', breakDate: null, observationCount: 60, changeProbability: 0, curveQa: 8, procedure: 'standard', bands: models(0.1, 295) },
  ],
  observations: 3,
  usedObservations: 2,
  algorithm: { name: 'ccdc', parameters: {} },
  target: { lat: -1.3845, lon: 36.9585 },
  synthetic: true,
  truncated: false,
  series: [observation('2005-06-01', 0.31), observation('2006-06-01', 0.5, false), observation('2009-06-01', 0.1)],
};

const ndjson = (lines: unknown[]) => new Response(lines.map((l) => JSON.stringify(l)).join('\n') + '\n', { status: 200, headers: { 'Content-Type': 'application/x-ndjson' } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.location.hash = '';
});

describe('What changed here?', () => {
  it('runs at the chosen point and says each change per band in words and numbers, the segments, and that the data is synthetic', async () => {
    const fetchMock = vi.fn(async (_url: string) => ndjson([{ type: 'progress', done: 1, total: 3 }, { type: 'result', result: ANSWER }]));
    vi.stubGlobal('fetch', fetchMock);
    render(<ChangeSection lngLat={[36.9585, -1.3845]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Find changes at this point' }));
    // NIR 0.3 -> 0.1 and 290 K -> 295 K across the break (the two models at the break date).
    await screen.findByText('2008-01-02: NIR -0.20, thermal +5.0 K');
    expect(String(fetchMock.mock.calls[0][0])).toBe('/api/change/stream?lat=-1.384500&lon=36.958500');
    expect(screen.getByText('2000-01-01 to 2007-12-25: 100 observations, standard fit; ends with a change on 2008-01-02 (probability 100%)')).toBeTruthy();
    expect(screen.getByText(/2008-01-02 to 2012-12-31: 60 observations/)).toBeTruthy();
    expect(screen.getByText(/Synthetic demo data/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Segments (CSV)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Observations with fitted values (CSV)' })).toBeTruthy();
    // The band chooser changes the chart's band.
    fireEvent.change(screen.getByRole('combobox', { name: /Band/ }), { target: { value: 'B06' } });
    expect(screen.getByTestId('chart').textContent).toBe('B06');
  });

  it('puts the server\'s words on a failure, and stops on Cancel', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ error: { code: 'bad_request', message: 'lat must be between -90 and 90' } }), { status: 400 })));
    render(<ChangeSection lngLat={[0, 0]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Find changes at this point' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The change detection failed: lat must be between -90 and 90');
    cleanup();

    let aborted = false;
    vi.stubGlobal('fetch', vi.fn((_url: string, init: RequestInit) => new Promise<Response>((_resolve, reject) => init.signal!.addEventListener('abort', () => ((aborted = true), reject(new DOMException('aborted', 'AbortError')))))));
    render(<ChangeSection lngLat={[0, 0]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Find changes at this point' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(aborted).toBe(true));
    expect(screen.getByText('Cancelled; nothing was analysed.')).toBeTruthy();
  });
});

describe('the chart data', () => {
  it('splits clear observations into used and left out, draws each segment over its span, and marks each break', () => {
    const data = bandChartData(ANSWER, 'B05');
    expect(data.used.map((p) => p.y)).toEqual([0.31, 0.1]);
    expect(data.unused.map((p) => p.y)).toEqual([0.5]);
    expect(data.curves).toHaveLength(2);
    expect(data.curves[0].points[0]).toEqual({ x: Date.parse('2000-01-01T00:00:00Z'), y: 0.3 });
    expect(data.curves[0].points.at(-1)).toEqual({ x: Date.parse('2007-12-25T00:00:00Z'), y: 0.3 });
    expect(data.curves[1].points.every((p) => p.y === 0.1)).toBe(true);
    expect(data.breaks).toEqual([{ date: '2008-01-02', x: Date.parse('2008-01-02T00:00:00Z') }]);
    // A model with a slope: the curve is intercept + slope x ordinal day at each point.
    const sloped = { ...ANSWER, segments: [{ ...ANSWER.segments[1], bands: { ...ANSWER.segments[1].bands, B05: { ...flat(0), coefficients: [1e-6, 0, 0, 0, 0, 0, 0] } } }] };
    const p = bandChartData(sloped, 'B05').curves[0].points[3];
    expect(p.y).toBeCloseTo(1e-6 * ordinalDay(new Date(p.x).toISOString().slice(0, 10)), 12);
  });
});
