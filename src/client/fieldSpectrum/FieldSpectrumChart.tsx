import { Chart as ChartJS, Legend, LinearScale, LineElement, PointElement, ScatterController, Tooltip } from 'chart.js';
import { Scatter } from 'react-chartjs-2';
import { BAND_CATALOG } from '../../core/bands/bandCatalog.js';
import { OLI_BAND_IDS } from '../../core/spectral/oliRsr.js';
import type { SpectrumPoint } from '../../core/spectral/simulateOliBands.js';
import type { CompareResponse } from '../../shared/api/compare.js';

ChartJS.register(ScatterController, LinearScale, PointElement, LineElement, Tooltip, Legend);

// y NaN is a gap: Chart.js skips the point and, with spanGaps off, breaks the line there.
type Point = { x: number; y: number; band?: string };

/** The field spectrum as a line; simulated bands, Landsat target pixels and 3 x 3 mean ± sd as points at each band's centre. */
export function FieldSpectrumChart({ answer, spectrum }: { answer: CompareResponse; spectrum: SpectrumPoint[] | null }) {
  const at = (band: (typeof OLI_BAND_IDS)[number]) => BAND_CATALOG[band].centerWavelengthUm;
  const simulated: Point[] = OLI_BAND_IDS.filter((b) => answer.simulated[b] != null).map((b) => ({ x: at(b), y: answer.simulated[b]!, band: b }));
  const target: Point[] = OLI_BAND_IDS.filter((b) => answer.landsat[b]?.value != null).map((b) => ({ x: at(b), y: answer.landsat[b]!.value!, band: b }));
  const means: Point[] = OLI_BAND_IDS.filter((b) => answer.landsat[b]?.mean3x3 != null).map((b) => ({ x: at(b), y: answer.landsat[b]!.mean3x3!, band: b }));
  // Vertical mean ± sd segments, separated by gaps so they do not join up.
  const spread: Point[] = OLI_BAND_IDS.flatMap((b) => {
    const l = answer.landsat[b];
    if (l?.mean3x3 == null || l.sd3x3 == null) return [];
    return [{ x: at(b), y: l.mean3x3 - l.sd3x3 }, { x: at(b), y: l.mean3x3 + l.sd3x3 }, { x: at(b), y: NaN }];
  });
  const summary = OLI_BAND_IDS.map((b) => `${b}: field ${answer.simulated[b]?.toFixed(4) ?? 'none'}, Landsat ${answer.landsat[b]?.value?.toFixed(4) ?? 'none'}`).join('; ');
  return (
    <figure className="field-spectrum-chart">
      <div className="field-spectrum-canvas">
        <Scatter
          role="img"
          aria-label={`Field spectrum and Landsat bands: reflectance against wavelength. ${summary}`}
          fallbackContent={<p>{summary}</p>}
          data={{
            datasets: [
              ...(spectrum ? [{ label: 'Field spectrum', data: spectrum.map(([x, y]) => ({ x, y })), showLine: true, pointRadius: 0, borderWidth: 1.5, borderColor: '#555555', backgroundColor: '#555555' }] : []),
              { label: 'Field, simulated OLI bands', data: simulated, pointRadius: 6, pointStyle: 'rectRot', borderColor: '#0072B2', backgroundColor: '#0072B2' },
              { label: 'Landsat target pixel', data: target, pointRadius: 5, pointStyle: 'circle', borderColor: '#D55E00', backgroundColor: '#D55E00' },
              { label: 'Landsat 3 x 3 mean', data: means, pointRadius: 5, pointStyle: 'triangle', borderColor: '#009E73', backgroundColor: '#ffffff' },
              { label: 'Landsat 3 x 3 ± sd', data: spread, showLine: true, spanGaps: false, pointRadius: 0, borderWidth: 2, borderColor: '#009E73', backgroundColor: '#009E73' },
            ],
          }}
          options={{
            animation: false,
            maintainAspectRatio: false,
            plugins: {
              legend: { position: 'bottom' },
              tooltip: {
                callbacks: {
                  label: (ctx) => {
                    const p = ctx.raw as Point;
                    return `${ctx.dataset.label}: ${p.band ? `${p.band} ` : ''}${p.x} µm, ${p.y.toFixed(4)}`;
                  },
                },
              },
            },
            scales: {
              x: { type: 'linear', min: 0.35, max: 2.5, title: { display: true, text: 'Wavelength (µm)' } },
              y: { type: 'linear', title: { display: true, text: 'Surface reflectance (0-1)' } },
            },
          }}
        />
      </div>
      <figcaption className="visually-hidden">{summary}</figcaption>
    </figure>
  );
}
