import type { AreaStatistics } from '../../shared/api/area.js';
import type { TimeChartEntry } from '../results/timeSeriesPoints.js';
import { BandTimeChart } from '../results/BandTimeChart.js';

/**
 * The area's per-date statistics as the results' time charts draw them (mean ± 1 standard
 * deviation per band, and the clear share: clearCount of pixelCount), one chart per band. Loaded
 * with Chart.js on first use, apart from the page's first script.
 */
export default function AreaCharts({ answer, bandIds, startDate, endDate }: { answer: AreaStatistics; bandIds: string[]; startDate: string; endDate: string }) {
  const entries: TimeChartEntry[] = answer.scenes.map((s) => ({
    scene: s.scene,
    outputs: {
      data: {
        bands: Object.fromEntries(
          Object.entries(s.bands).map(([id, b]) => [id, { stats: { min: b.min, max: b.max, mean: b.mean, stDev: b.stDev, sampleCount: s.clearCount, noDataCount: s.pixelCount - s.clearCount, fillCount: 0 } }]),
        ),
      },
    },
  }));
  return (
    <div className="area-charts">
      {bandIds.map((id) => (
        <BandTimeChart key={id} band={id} entries={entries} startDate={startDate} endDate={endDate} />
      ))}
    </div>
  );
}
