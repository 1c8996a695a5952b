import { isBandId } from '../../core/bands/bandCatalog.js';
import { bandLabel } from '../../core/bands/sensorBandName.js';
import { Chart as ChartJS, LinearScale, LineElement, PointElement, ScatterController, Title, Tooltip } from 'chart.js';
import { Scatter } from 'react-chartjs-2';
import type { LandsatDataEntry } from '../../shared/api/landsatData.js';
import { BandTimeChart } from './BandTimeChart.js';
import { regressionLine, regressionLineColor, type XY } from './regressionLine.js';

// Register only what a scatter with a fitted line needs, keeping Chart.js tree-shaken.
ChartJS.register(ScatterController, LinearScale, PointElement, LineElement, Title, Tooltip);

// Seed constants: each chart is 250 px tall and 200 px wide.
export const CHART_HEIGHT_PX = 250;
export const CHART_WIDTH_PX = 200;

const LINE_COLOR = { green: '#1a7f37', red: '#c62828' } as const;

function BandChart({ name, means, satellite }: { name: string; means: number[]; satellite?: string }) {
  const points: XY[] = means.map((y, x) => ({ x, y }));
  const line = regressionLine(points);
  const color = regressionLineColor(line.slope);
  const lastX = Math.max(0, points.length - 1);
  const title = `Band ${name} Analysis`;
  const headingId = `chart-${name}-title`;
  const summary =
    `${title}: ${means.length} mean value${means.length === 1 ? '' : 's'} from ${Math.min(...means).toPrecision(4)} to ${Math.max(...means).toPrecision(4)}; ` +
    `best-fit slope ${line.slope.toPrecision(3)} per index (${line.slope >= 0 ? 'rising' : 'falling'}).`;
  return (
    <figure className="band-chart" aria-labelledby={headingId} data-line-color={color}>
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
              { label: 'Mean value', data: points, backgroundColor: '#1e6fd9', pointRadius: 3 },
              {
                label: 'Best fit',
                data: [
                  { x: 0, y: line.intercept },
                  { x: lastX, y: line.intercept + line.slope * lastX },
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
            plugins: { title: { display: false }, legend: { display: false } },
            scales: {
              x: { type: 'linear', title: { display: true, text: 'Index' }, ticks: { precision: 0 } },
              y: { type: 'linear', title: { display: true, text: 'Mean Value' } },
            },
          }}
        />
      </div>
      <figcaption className="visually-hidden">{summary}</figcaption>
    </figure>
  );
}

/**
 * Per band that has data, in the order the bands appear in the response: the seed's scatter
 * (unchanged: Index, Mean Value, least-squares line) beside the same means against acquisition date.
 */
export default function BandChartGrid({
  meansByBand,
  entries,
  startDate,
  endDate,
}: {
  meansByBand: Map<string, number[]>;
  entries: readonly LandsatDataEntry[];
  startDate?: string;
  endDate?: string;
}) {
  return (
    <div className="chart-grid">
      {[...meansByBand].map(([name, means]) => (
        <div className="band-chart-row" key={name}>
          <BandChart name={name} means={means} satellite={entries.find((e) => e.scene?.satellite)?.scene?.satellite} />
          <BandTimeChart band={name} entries={entries} startDate={startDate} endDate={endDate} />
        </div>
      ))}
    </div>
  );
}
