import { memo } from 'react';
import { isBandId } from '../../core/bands/bandCatalog.js';
import { bandLabel } from '../../core/bands/sensorBandName.js';
import 'chartjs-adapter-date-fns';
import { Chart as ChartJS, LinearScale, LineElement, PointElement, ScatterController, TimeScale, Title, Tooltip } from 'chart.js';
import { Scatter } from 'react-chartjs-2';
import type { LandsatDataEntry } from '../../shared/api/landsatData.js';
import { BandTimeChart } from './BandTimeChart.js';
import { regressionLine, regressionLineColor } from './regressionLine.js';
import { sceneIsSlcOff, SLC_OFF_WORDS } from './satelliteWords.js';
import { timeSeriesPoints, type TimePoint } from './timeSeriesPoints.js';

// Register only what a scatter with a fitted line needs, keeping Chart.js tree-shaken.
ChartJS.register(ScatterController, LinearScale, TimeScale, PointElement, LineElement, Title, Tooltip);

// Seed constants: each chart is 250 px tall and 200 px wide.
export const CHART_HEIGHT_PX = 250;
export const CHART_WIDTH_PX = 200;

const LINE_COLOR = { green: '#1a7f37', red: '#c62828' } as const;

const MS_PER_YEAR = 365.25 * 86_400_000;

/**
 * Short tick labels (date-fns formats) for the seed's 150 px plot: Chart.js keeps two month ticks a month
 * apart (about 50 px) even when "Jul 2024" and "Aug 2024" then touch, so a month is written "Jul '24".
 */
const SHORT_DATE_TICKS = { day: 'MMM d', month: "MMM ''yy", quarter: "QQQ ''yy", year: 'yyyy' };

/**
 * The seed's chart, in its place and under its title, but against acquisition date: scenes 40 years
 * apart are not one "index" apart. The least-squares line is fitted on decimal years, so its slope is
 * a change per year (green when >= 0, red otherwise, as the seed says). SLC-off points are hollow.
 */
function BandChart({ name, points, satellite, harmonized }: { name: string; points: readonly TimePoint[]; satellite?: string; harmonized: boolean }) {
  const withMean = points.filter((p): p is TimePoint & { mean: number } => p.mean !== null);
  const line = regressionLine(withMean.map((p) => ({ x: p.t / MS_PER_YEAR, y: p.mean })));
  const color = regressionLineColor(line.slope);
  const means = withMean.map((p) => p.mean);
  const [first, last] = [withMean[0]?.t ?? 0, withMean[withMean.length - 1]?.t ?? 0];
  const title = `Band ${name} Analysis`;
  const headingId = `chart-${name}-title`;
  const trend = `${line.slope >= 0 ? '+' : ''}${line.slope.toPrecision(3)} per year`;
  const slcOff = withMean.filter(sceneIsSlcOff).length;
  const summary =
    `${title}: ${means.length} scene mean${means.length === 1 ? '' : 's'} from ${Math.min(...means).toPrecision(4)} to ${Math.max(...means).toPrecision(4)} against acquisition date; ` +
    `least-squares trend ${trend} (${line.slope >= 0 ? 'rising' : 'falling'})${harmonized ? '; TM/ETM+ values harmonised to OLI' : ''}.`;
  return (
    <figure className="band-chart" aria-labelledby={headingId} data-line-color={color} data-slope-per-year={line.slope}>
      <h3 id={headingId} className="band-chart-title">
        {title}
      </h3>
      {isBandId(name) && <p className="band-chart-subtitle">{bandLabel(name, satellite)}</p>}
      <div style={{ width: CHART_WIDTH_PX, height: CHART_HEIGHT_PX }}>
        <Scatter
          role="img"
          aria-label={title}
          width={CHART_WIDTH_PX}
          height={CHART_HEIGHT_PX}
          fallbackContent={<p>{summary}</p>}
          data={{
            datasets: [
              // SLC-off points hollow: a dataset of their own rather than a fill per point, which made
              // Chart.js resolve every point's options on its own (markerGroups.ts says why that matters).
              ...[false, true].map((hollow) => ({
                label: hollow ? 'Mean value, Landsat 7 SLC-off' : 'Mean value',
                data: withMean.filter((p) => sceneIsSlcOff(p) === hollow).map((p) => ({ x: p.t, y: p.mean })),
                backgroundColor: hollow ? '#ffffff' : '#1e6fd9',
                borderColor: '#1e6fd9',
                pointRadius: 3,
              })),
              {
                label: 'Trend',
                data: [
                  { x: first, y: line.intercept + (line.slope * first) / MS_PER_YEAR },
                  { x: last, y: line.intercept + (line.slope * last) / MS_PER_YEAR },
                ],
                showLine: true,
                borderColor: LINE_COLOR[color],
                backgroundColor: LINE_COLOR[color],
                borderWidth: 2,
                pointRadius: 0,
              },
            ],
          }}
          options={{
            responsive: false,
            animation: false,
            // The data are already {x: ms, y} in date order (timeSeriesPoints): Chart.js need not parse them.
            parsing: false,
            normalized: true,
            plugins: { title: { display: false }, legend: { display: false } },
            scales: {
              x: { type: 'time', time: { minUnit: 'day', displayFormats: SHORT_DATE_TICKS }, ticks: { maxRotation: 0, autoSkipPadding: 8, maxTicksLimit: 3 }, title: { display: true, text: 'Acquisition date' } },
              y: { type: 'linear', title: { display: true, text: 'Mean Value' } },
            },
          }}
        />
      </div>
      <figcaption className="band-chart-trend">
        Trend {trend} (least squares against date){harmonized ? '; TM/ETM+ harmonised to OLI' : ''}
        {slcOff > 0 ? `; ○ ${slcOff} Landsat 7 SLC-off` : ''}.<span className="visually-hidden"> {summary}</span>
      </figcaption>
    </figure>
  );
}

/**
 * Per band that has data, in the order the bands appear in the response: the seed's chart (against
 * acquisition date, trend per year) beside the same means with their spread and clear share. Memoised:
 * the page re-renders for every progress line, and re-drawing ten charts over 1,842 scenes each time
 * cost the browser as much CPU as the server its series (issue 33's 40-year journey).
 */
export default memo(function BandChartGrid({
  meansByBand,
  entries,
  startDate,
  endDate,
  harmonized = false,
}: {
  meansByBand: Map<string, number[]>;
  entries: readonly LandsatDataEntry[];
  startDate?: string;
  endDate?: string;
  /** The fetch asked for TM/ETM+ harmonised to OLI (harmonize=oli): the charts say so. */
  harmonized?: boolean;
}) {
  const satellite = entries.find((e) => e.scene?.satellite)?.scene?.satellite;
  // Said per scene by the answer: a request for harmonisation over OLI scenes only changes no value.
  const anyHarmonized = entries.some((e) => e.scene?.harmonized);
  const anySlcOff = entries.some((e) => e.scene && sceneIsSlcOff(e.scene));
  return (
    <div className="chart-grid">
      {(harmonized || anySlcOff) && (
        <p className="chart-notes">
          {anyHarmonized && 'Harmonised values: Landsat 4/5 TM and 7 ETM+ surface reflectance is adjusted to Landsat 8/9 OLI (Roy et al. 2016) in these charts and tables. '}
          {harmonized && !anyHarmonized && 'Harmonisation to OLI is on, but every scene here is Landsat 8/9 OLI: no value was changed. '}
          {anySlcOff && `○ hollow points, “SLC-off” in tables: ${SLC_OFF_WORDS}.`}
        </p>
      )}
      {[...meansByBand.keys()].map((name) => (
        <div className="band-chart-row" key={name}>
          <BandChart name={name} points={timeSeriesPoints(entries, name)} satellite={satellite} harmonized={anyHarmonized} />
          <BandTimeChart band={name} entries={entries} startDate={startDate} endDate={endDate} harmonized={anyHarmonized} />
        </div>
      ))}
    </div>
  );
});
