import './indicesChart.css';
import 'chartjs-adapter-date-fns';
import { useId, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Chart as ChartJS, Legend, LinearScale, LineController, LineElement, PointElement, TimeScale, Tooltip } from 'chart.js';
import { Line } from 'react-chartjs-2';
import { INDEX_BANDS, INDEX_IDS, INDEX_INFO, indexSeries, type IndexId } from '../../core/indices/spectralIndices.js';
import type { PixelResponse } from '../../shared/api/pixel.js';
import { isAbortError } from '../api/ApiRequestError.js';
import { pixelStreamQueryOptions, pixelStreamUrl } from '../api/pixelApi.js';
import type { StreamProgress } from '../api/readNdjsonProgress.js';
import { StreamProgressNote } from '../results/StreamProgressNote.js';
import { SENSOR_MARKERS, sensorKeyOf, sensorsPresent } from '../results/sensorMarkers.js';
import { SensorLegend } from '../results/SensorLegend.js';

ChartJS.register(LineController, LineElement, PointElement, LinearScale, TimeScale, Tooltip, Legend);

// Okabe-Ito, as the spectral signature chart.
const COLOURS: Record<IndexId, string> = { ndvi: '#009E73', evi: '#56B4E9', ndwi: '#0072B2', nbr: '#D55E00', ndsi: '#CC79A7', surfaceTemperatureC: '#E69F00' };
const DAY_MS = 86_400_000;
const fmt = (v: number | null, id: IndexId) => (v === null ? '–' : id === 'surfaceTemperatureC' ? `${v.toFixed(1)} °C` : v.toFixed(3));

/** The same scenes re-read with every band the indices need (the person's choice lacked some). */
function completeBandsUrl(pixels: PixelResponse): string {
  const days = pixels.scenes.map((s) => s.datetime.slice(0, 10)).sort();
  return pixelStreamUrl({
    lngLat: [pixels.target.lon, pixels.target.lat],
    startDate: days[0],
    endDate: days[days.length - 1],
    cloudCoverage: 100, // the scene ids below keep exactly the scenes already shown
    bands: INDEX_BANDS,
    // The same clear-pixel rule as the series shown.
    mask: pixels.mask,
  });
}

/**
 * NDVI, EVI, NDWI, NBR, NDSI and surface temperature (°C) at the target pixel through time, from
 * clear pixels only (src/core/indices). Indices the chosen bands cannot make are named, with a
 * button that reads the missing bands for the same scenes.
 */
export function IndicesChart({ pixels }: { pixels: PixelResponse }) {
  const id = useId();
  // The index bands are read for the scenes shown, once asked (the button), through the query cache.
  const completeUrl = useMemo(() => completeBandsUrl(pixels), [pixels]);
  const [askedFor, setAskedFor] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ url: string; progress: StreamProgress } | null>(null);
  const asked = askedFor === completeUrl;
  const complete = useQuery(pixelStreamQueryOptions(completeUrl, asked, (p) => setProgress({ url: completeUrl, progress: p })));
  const completed = useMemo(() => {
    if (!asked || !complete.data) return null;
    const ids = new Set(pixels.scenes.map((s) => s.id));
    return { ...complete.data, scenes: complete.data.scenes.filter((s) => ids.has(s.id)) };
  }, [asked, complete.data, pixels]);
  const loading: StreamProgress | null | false = asked && complete.isFetching ? (progress?.url === completeUrl ? progress.progress : null) : false;
  const problem = asked && complete.error && !isAbortError(complete.error) ? `Could not read the missing bands: ${complete.error.message}` : '';

  const source = completed ?? pixels;
  const { points, unavailable } = useMemo(() => indexSeries(source), [source]);
  const missing = Object.entries(unavailable) as [IndexId, string][];
  const withheld = points.filter((p) => !p.clear);
  const shown = INDEX_IDS.filter((i) => !unavailable[i]);

  const readMissingBands = () => {
    if (asked) void complete.refetch();
    else setAskedFor(completeUrl);
  };

  // One scene (or a few days) would stretch milliseconds across the axis: show at least a fortnight.
  const times = points.map((p) => new Date(p.datetime).getTime());
  const xRange = times.length > 0 && Math.max(...times) - Math.min(...times) < 14 * DAY_MS ? { min: Math.min(...times) - 7 * DAY_MS, max: Math.max(...times) + 7 * DAY_MS } : {};

  const summary = points
    .map((p) => `${p.datetime.slice(0, 10)}: ${p.clear ? shown.map((i) => `${INDEX_INFO[i].label} ${fmt(p.indices[i], i)}`).join(', ') : `not clear (${p.qa.join(', ')})`}`)
    .join('. ');

  return (
    <figure className="indices-chart" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Indices through time at the target pixel</h3>
      {missing.length > 0 && (
        <div className="indices-missing" role="note">
          <ul>
            {missing.map(([index, why]) => (
              <li key={index}>{why}: not shown.</li>
            ))}
          </ul>
          <button type="button" onClick={readMissingBands} disabled={loading !== false}>
            Read the bands the indices need ({INDEX_BANDS.join(', ')})
          </button>
          {loading !== false && <StreamProgressNote what="Reading the index bands" progress={loading} />}
          {problem && <p className="field-error">{problem}</p>}
        </div>
      )}
      {shown.length > 0 && points.some((p) => p.clear) ? (
        <>
        <div className="indices-canvas">
          <Line
            role="img"
            aria-label={`Indices at the target pixel by date: ${shown.map((i) => INDEX_INFO[i].label).join(', ')}`}
            fallbackContent={<p>{summary}</p>}
            data={{
              datasets: shown.map((index) => ({
                label: INDEX_INFO[index].unit === '°C' ? `${INDEX_INFO[index].label} (°C)` : INDEX_INFO[index].label,
                data: points.filter((p) => p.clear && p.indices[index] !== null).map((p) => ({ x: new Date(p.datetime).getTime(), y: p.indices[index]! })),
                // The index keeps its colour; the point's shape says the sensor (legend below).
                pointStyle: points.filter((p) => p.clear && p.indices[index] !== null).map((p) => SENSOR_MARKERS[sensorKeyOf(p)].pointStyle),
                yAxisID: index === 'surfaceTemperatureC' ? 'celsius' : 'ratio',
                borderColor: COLOURS[index],
                backgroundColor: COLOURS[index],
                borderDash: index === 'surfaceTemperatureC' ? [6, 4] : undefined,
                pointRadius: 4,
                borderWidth: 2,
              })),
            }}
            options={{
              animation: false,
              maintainAspectRatio: false,
              plugins: {
                legend: { position: 'bottom' },
                // The axis speaks the browser's calendar; the tooltip gives the exact UTC time.
                tooltip: { callbacks: { title: (items) => (items[0] ? `${new Date(items[0].parsed.x ?? 0).toISOString().slice(0, 16).replace('T', ' ')} UTC` : '') } },
              },
              scales: {
                x: {
                  type: 'time',
                  ...xRange,
                  time: { minUnit: 'day', displayFormats: { day: 'yyyy-MM-dd', week: 'yyyy-MM-dd', month: 'yyyy-MM', quarter: 'yyyy-MM', year: 'yyyy' } },
                  title: { display: true, text: 'Acquisition date' },
                },
                ratio: { type: 'linear', position: 'left', min: -1, max: 1, title: { display: true, text: 'Index (−1 to 1)' } },
                ...(shown.includes('surfaceTemperatureC') ? { celsius: { type: 'linear' as const, position: 'right' as const, grid: { drawOnChartArea: false }, title: { display: true, text: 'Surface temperature (°C)' } } } : {}),
              },
            }}
          />
        </div>
        <SensorLegend sensors={sensorsPresent(points.filter((p) => p.clear))} />
        </>
      ) : (
        <p className="muted">{points.length === 0 ? 'No scenes.' : shown.length === 0 ? 'The chosen bands make none of the indices.' : 'The target pixel is not clear in any scene: no index is computed from clouds.'}</p>
      )}
      {withheld.length > 0 && (
        <p className="muted">
          Left out, not clear at the target pixel: {withheld.map((p) => `${p.datetime.slice(0, 10)} (${p.qa.join(', ')})`).join('; ')}.
        </p>
      )}
      <details>
        <summary>Index values per scene</summary>
        <div className="table-scroll">
          <table className="scene-metadata">
            <caption>Indices at the target pixel</caption>
            <thead>
              <tr>
                <th scope="col">Date (UTC)</th>
                {shown.map((i) => (
                  <th key={i} scope="col">
                    {INDEX_INFO[i].label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr key={p.sceneId}>
                  <th scope="row">{p.datetime.slice(0, 10)}</th>
                  {shown.map((i) => (
                    <td key={i}>{p.clear ? fmt(p.indices[i], i) : p.qa.join(', ')}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
      <figcaption className="visually-hidden">{summary}</figcaption>
    </figure>
  );
}
