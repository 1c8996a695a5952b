import { bandLabel } from '../../core/bands/sensorBandName.js';
import 'chartjs-adapter-date-fns';
import { useId, useMemo, useState } from 'react';
import { Chart as ChartJS, Filler, Legend, LinearScale, LineController, LineElement, PointElement, TimeScale, Tooltip, type TooltipItem } from 'chart.js';
import { Line } from 'react-chartjs-2';
import { BAND_CATALOG, isBandId } from '../../core/bands/bandCatalog.js';
import { formatUtc } from './SceneMetadataTable.js';
import { CLOUDY_BELOW, timeSeriesPoints, type TimeChartEntry, type TimePoint } from './timeSeriesPoints.js';
import { sensorKeyOf, sensorsPresent } from './sensorMarkers.js';
import { markerGroups } from './markerGroups.js';
import { SensorLegend } from './SensorLegend.js';
import { LazyDetails } from './LazyDetails.js';
import { satelliteWithSlc, sceneIsSlcOff } from './satelliteWords.js';

ChartJS.register(LineController, LineElement, PointElement, LinearScale, TimeScale, Filler, Tooltip, Legend);

const COLOR = { mean: '#1e6fd9', band: 'rgba(30, 111, 217, 0.18)', clear: '#b35c00' } as const;
/** The datasets in their order: mean - 1 sd, the ± 1 sd band, the mean's line, the clear share, then the mean's markers (markerGroups). */
const MEAN_DATASET = 2;
const CLEAR_DATASET = 3;
const FIRST_MARKER_DATASET = 4;
const MARKER_LABEL = 'Mean, markers';

const unitLabel = (band: string) => {
  const unit = isBandId(band) ? BAND_CATALOG[band].unit : null;
  return unit === 'kelvin' ? { axis: 'Surface temperature (K)', short: 'K', digits: 2 } : { axis: 'Surface reflectance (unitless)', short: '', digits: 4 };
};

/**
 * One band's statistics against acquisition date: mean ± 1 standard deviation (shaded) over the
 * clear pixels of the area, and the clear-pixel share on a second axis. Scenes less than half clear
 * are greyed, or hidden on request. The table under it lists the very same points.
 */
export function BandTimeChart({ band, entries, startDate, endDate, harmonized = false }: { band: string; entries: readonly TimeChartEntry[]; startDate?: string; endDate?: string; harmonized?: boolean }) {
  const [hideCloudy, setHideCloudy] = useState(false);
  const id = useId();
  const all = useMemo(() => timeSeriesPoints(entries, band), [entries, band]);
  const points = hideCloudy ? all.filter((p) => !p.cloudy) : all;
  const base = unitLabel(band);
  // Reflectance of TM/ETM+ scenes adjusted to OLI says so on its axis (temperature is never adjusted).
  const unit = harmonized && base.short === '' ? { ...base, axis: 'Surface reflectance, harmonised to OLI' } : base;
  // One sensor's band name only when every point comes from that sensor: a record mixing TM, ETM+ and
  // OLI names each point's sensor in the legend instead.
  const sensors = new Set(entries.map((e) => e.scene?.sensor ?? e.scene?.satellite).filter(Boolean));
  const satellite = sensors.size === 1 ? entries.find((e) => e.scene?.satellite)?.scene?.satellite : 'mixed';
  const name = isBandId(band) ? `${BAND_CATALOG[band].label} (${bandLabel(band, satellite)})` : band;
  const title = `${isBandId(band) ? bandLabel(band, satellite) : `Band ${band}`} over time`;
  const cloudyCount = all.filter((p) => p.cloudy).length;
  const withMean = points.filter((p): p is TimePoint & { mean: number } => p.mean !== null);
  const markers = markerGroups(withMean);
  const fmt = (v: number | null) => (v === null ? '—' : v.toFixed(unit.digits));

  const byTime = new Map(points.map((p) => [p.t, p]));
  const sceneOf = (item: TooltipItem<'line'>) => byTime.get((item.raw as { x: number }).x);

  return (
    <figure className="band-time-chart" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="band-chart-title">
        {title}
      </h3>
      <label className="hide-cloudy">
        <input type="checkbox" checked={hideCloudy} onChange={(e) => setHideCloudy(e.target.checked)} /> Hide scenes less than {CLOUDY_BELOW * 100}% clear ({cloudyCount})
      </label>
      <div className="band-time-canvas">
        <Line
          role="img"
          aria-label={`${title}: ${name}, mean ± 1 standard deviation of ${withMean.length} scenes against acquisition date`}
          data={{
            datasets: [
              { label: 'Mean − 1 sd', data: withMean.map((p) => ({ x: p.t, y: p.mean - (p.stDev ?? 0) })), borderWidth: 0, pointRadius: 0, fill: false, showLine: true },
              {
                label: '± 1 standard deviation',
                data: withMean.map((p) => ({ x: p.t, y: p.mean + (p.stDev ?? 0) })),
                borderWidth: 0,
                pointRadius: 0,
                backgroundColor: COLOR.band,
                fill: '-1',
                showLine: true,
              },
              {
                label: 'Mean',
                data: withMean.map((p) => ({ x: p.t, y: p.mean })),
                borderColor: COLOR.mean,
                borderWidth: 1,
                // The points are drawn by the marker datasets below, one per look.
                pointRadius: 0,
                pointHoverRadius: 0,
                showLine: true,
              },
              {
                label: 'Clear pixels (%)',
                data: points.map((p) => ({ x: p.t, y: Math.round(p.clearFraction * 1000) / 10 })),
                yAxisID: 'clear',
                borderColor: COLOR.clear,
                backgroundColor: COLOR.clear,
                pointStyle: 'rectRot',
                pointRadius: 3,
                showLine: false,
              },
              // Each point marked by its sensor (shape and colour, legend below); cloudy ones greyed; SLC-off
              // scenes (Landsat 7 after 2003-05-31) hollow: white inside their sensor's outline.
              ...markers.map((g, i) => ({
                label: `${MARKER_LABEL} ${i + 1}`,
                data: g.points.map((p) => ({ x: p.t, y: p.mean })),
                pointRadius: 4,
                pointStyle: g.pointStyle,
                pointBackgroundColor: g.backgroundColor,
                pointBorderColor: g.borderColor,
                borderColor: g.borderColor,
                backgroundColor: g.backgroundColor,
                showLine: false,
              })),
            ],
          }}
          options={{
            responsive: true,
            maintainAspectRatio: false,
            animation: false,
            // The data are already {x: ms, y} in date order (timeSeriesPoints): Chart.js need not parse them.
            parsing: false,
            normalized: true,
            interaction: { mode: 'nearest', intersect: false, axis: 'x' },
            plugins: {
              legend: {
                labels: { filter: (item) => item.datasetIndex === MEAN_DATASET - 1 || item.datasetIndex === MEAN_DATASET || item.datasetIndex === CLEAR_DATASET, boxWidth: 12 },
                // "Mean" shows or hides the line and its markers together.
                onClick: (_event, item, legend) => {
                  const chart = legend.chart;
                  const index = item.datasetIndex ?? 0;
                  const show = !chart.isDatasetVisible(index);
                  const indices = index === MEAN_DATASET ? [MEAN_DATASET, ...markers.map((_, i) => FIRST_MARKER_DATASET + i)] : [index];
                  for (const i of indices) chart.setDatasetVisibility(i, show);
                  chart.update();
                },
              },
              tooltip: {
                filter: (item) => item.datasetIndex === MEAN_DATASET || item.datasetIndex === CLEAR_DATASET,
                callbacks: {
                  title: (items) => {
                    const p = items[0] && sceneOf(items[0]);
                    return p ? `${p.sceneId}\n${formatUtc(p.datetime)} · ${satelliteWithSlc(p)} ${sensorKeyOf(p)}` : '';
                  },
                  label: (item) => {
                    const p = sceneOf(item);
                    if (!p) return '';
                    if (item.datasetIndex === CLEAR_DATASET) return `Clear pixels: ${(p.clearFraction * 100).toFixed(1)} %${p.cloudy ? ' (cloudy)' : ''}`;
                    return `Mean ${fmt(p.mean)} ± ${fmt(p.stDev)} ${unit.short}`.trim();
                  },
                },
              },
            },
            scales: {
              // The whole requested range, so a gap in the archive shows as a gap; never finer than days.
              x: {
                type: 'time',
                time: { minUnit: 'day', tooltipFormat: 'yyyy-MM-dd' },
                // Horizontal, thinned labels: rotated month names on a narrow chart ran into each other.
                ticks: { autoSkip: true, autoSkipPadding: 12, maxRotation: 0, maxTicksLimit: 6 },
                ...(startDate ? { min: Date.parse(`${startDate}T00:00:00Z`) } : {}),
                ...(endDate ? { max: Date.parse(`${endDate}T23:59:59Z`) } : {}),
                title: { display: true, text: 'Acquisition date (UTC)' },
              },
              y: { type: 'linear', title: { display: true, text: unit.axis } },
              clear: { type: 'linear', position: 'right', min: 0, max: 100, grid: { drawOnChartArea: false }, title: { display: true, text: 'Clear pixels (%)' } },
            },
          }}
        />
      </div>
      <SensorLegend sensors={sensorsPresent(points)} />
      <LazyDetails className="time-table" summary="The numbers of this chart">
        <div className="table-scroll">
          <table className="time-points" aria-label={`${title}: values`}>
            <thead>
              <tr>
                <th scope="col">Acquired (UTC)</th>
                <th scope="col">Scene</th>
                <th scope="col">Mean{unit.short && ` (${unit.short})`}</th>
                <th scope="col">Std. dev.</th>
                <th scope="col">Clear pixels</th>
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr key={p.sceneId} className={p.cloudy ? 'cloudy' : undefined} data-scene-id={p.sceneId} data-mean={p.mean ?? ''} data-stdev={p.stDev ?? ''}>
                  <td>{formatUtc(p.datetime)}</td>
                  <td className="scene-id">
                    {p.sceneId}
                    {sceneIsSlcOff(p) && <span className="slc-off"> SLC-off</span>}
                  </td>
                  <td>{fmt(p.mean)}</td>
                  <td>{fmt(p.stDev)}</td>
                  <td>
                    {(p.clearFraction * 100).toFixed(1)} %{p.cloudy ? ' (cloudy)' : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </LazyDetails>
    </figure>
  );
}
