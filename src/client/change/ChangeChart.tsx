import 'chartjs-adapter-date-fns';
import { useMemo } from 'react';
import { Chart as ChartJS, Legend, LinearScale, LineController, LineElement, PointElement, TimeScale, Tooltip } from 'chart.js';
import { Line } from 'react-chartjs-2';
import type { ChangePointResponse } from '../../shared/api/change.js';
import { bandUnit, CHANGE_BAND_WORDS, type ChangeBandId } from '../../shared/changeModel.js';
import { bandChartData } from './changeChartData.js';

ChartJS.register(LineController, LineElement, PointElement, LinearScale, TimeScale, Tooltip, Legend);

const COLOR = { used: '#1e6fd9', unused: '#9aa3ad', model: '#b35c00', break: '#c0392b' } as const;

/** One band's clear observations with the fitted model of each segment through them, and the breaks. */
export function ChangeChart({ answer, band }: { answer: ChangePointResponse; band: ChangeBandId }) {
  const data = useMemo(() => bandChartData(answer, band), [answer, band]);
  const kelvin = bandUnit(band) === 'kelvin';
  const pad = (data.yRange.max - data.yRange.min) * 0.05 || 0.01;
  const name = `${band} (${CHANGE_BAND_WORDS[band]})`;
  // Forty years of points on a phone: smaller dots, so the curve stays visible between them.
  const dot = typeof window !== 'undefined' && window.innerWidth < 600 ? 1.5 : 2.5;
  return (
    <div className="change-chart-canvas">
      <Line
        role="img"
        aria-label={`${name} at the point: ${data.used.length + data.unused.length} clear observations, the fitted model of ${data.curves.length} segments${data.breaks.length ? `, breaks on ${data.breaks.map((b) => b.date).join(', ')}` : ', no break'}`}
        data={{
          datasets: [
            { label: 'Clear observations used by the fit', data: data.used, showLine: false, pointRadius: dot, backgroundColor: COLOR.used, borderColor: COLOR.used },
            { label: 'Clear observations left out (outliers, too few to fit)', data: data.unused, showLine: false, pointRadius: dot, pointStyle: 'crossRot', borderColor: COLOR.unused, backgroundColor: COLOR.unused },
            ...data.curves.map((c, i) => ({ label: i === 0 ? 'Fitted model (per segment)' : c.label, data: c.points, showLine: true, pointRadius: 0, borderWidth: 2, borderColor: COLOR.model, backgroundColor: COLOR.model })),
            ...data.breaks.map((b, i) => ({
              label: i === 0 ? 'Break (change)' : `Break ${b.date}`,
              data: [{ x: b.x, y: data.yRange.min - pad }, { x: b.x, y: data.yRange.max + pad }],
              showLine: true,
              pointRadius: 0,
              borderDash: [6, 4],
              borderWidth: 2,
              borderColor: COLOR.break,
              backgroundColor: COLOR.break,
            })),
          ],
        }}
        options={{
          animation: false,
          responsive: true,
          maintainAspectRatio: false,
          parsing: false,
          scales: {
            x: { type: 'time', time: { unit: 'year' }, ticks: { maxRotation: 0, autoSkipPadding: 12 }, title: { display: true, text: 'Acquisition date' } }, // level years, fewer of them on a phone
            y: { title: { display: true, text: kelvin ? 'Surface temperature (K)' : 'Surface reflectance' }, min: data.yRange.min - pad, max: data.yRange.max + pad },
          },
          plugins: {
            // Only the first curve and the first break are named; the others repeat them.
            legend: { labels: { filter: (item) => !/^Model, segment|^Break \d/.test(item.text), boxWidth: 14 } },
            tooltip: { callbacks: { label: (item) => `${item.dataset.label}: ${(item.parsed.y ?? 0).toFixed(kelvin ? 2 : 4)}` } },
          },
        }}
      />
    </div>
  );
}
