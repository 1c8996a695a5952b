import { lazy, Suspense, useId } from 'react';
import { BAND_CATALOG } from '../../core/bands/bandCatalog.js';
import { OLI_BAND_IDS } from '../../core/spectral/oliRsr.js';
import type { SpectrumPoint } from '../../core/spectral/simulateOliBands.js';
import type { CompareResponse } from '../../shared/api/compare.js';
import { saveDownload } from '../results/saveDownload.js';
import { DEMO_DATA_TEXT } from '../notify/DemoDataNotice.js';
import { comparisonCsv } from './comparisonCsv.js';

// Chart.js loads only when a comparison is shown, like the other charts.
const FieldSpectrumChart = lazy(() => import('./FieldSpectrumChart.js').then((m) => ({ default: m.FieldSpectrumChart })));

const fmt = (v: number | null | undefined, digits = 4) => (v === null || v === undefined ? '–' : v.toFixed(digits));
const pct = (v: number | null | undefined) => (v === null || v === undefined ? '–' : `${(v * 100).toFixed(1)} %`);
const satelliteName = (s: string) => s.replace(/^landsat-/, 'Landsat ');

function sceneSentence(scene: NonNullable<CompareResponse['scene']>): string {
  const hours = scene.hoursFromMeasurement;
  const gap = Math.abs(hours) < 48 ? `${Math.abs(hours).toFixed(1)} h` : `${(Math.abs(hours) / 24).toFixed(1)} days`;
  const when = `${scene.datetime.slice(0, 10)} ${scene.datetime.slice(11, 16)} UTC`;
  return `${satelliteName(scene.satellite)} scene ${scene.id} (path ${scene.wrsPath}, row ${scene.wrsRow}, ${scene.cloudCover} % cloud) taken ${when}, ${gap} ${hours < 0 ? 'before' : 'after'} the measurement.`;
}

export interface ComparisonResultProps {
  request: { lat: number; lon: number; datetime: string };
  answer: CompareResponse;
  spectrum: SpectrumPoint[] | null;
  fileName: string;
}

/** The comparison: which scene, the chart, the per-band table of differences, and the CSV. */
export function ComparisonResult({ request, answer, spectrum, fileName }: ComparisonResultProps) {
  const tableId = useId();
  return (
    <div className="field-comparison">
      {answer.synthetic && (
        <p className="demo-notice" role="note">
          <strong>{DEMO_DATA_TEXT}</strong>: the Landsat side of this comparison is generated, not measured.
        </p>
      )}
      <p>{answer.scene ? sceneSentence(answer.scene) : answer.sceneReason}</p>
      {answer.differenceNote && <p className="qa-warning">{answer.differenceNote}</p>}
      <Suspense fallback={<p className="muted">Loading the chart...</p>}>
        <FieldSpectrumChart answer={answer} spectrum={spectrum} />
      </Suspense>
      {/* A heading rather than a caption: a caption scrolls away with a wide table on a phone. */}
      <h3 id={tableId} className="difference-heading">
        Field versus Landsat surface reflectance, per band
      </h3>
      <div className="table-scroll">
        <table className="difference-table" aria-labelledby={tableId}>
          <thead>
            <tr>
              <th scope="col">Band</th>
              <th scope="col">Coverage</th>
              <th scope="col">Field (simulated)</th>
              <th scope="col">Landsat pixel (QA)</th>
              <th scope="col">Landsat 3 x 3 mean ± sd (clear)</th>
              <th scope="col">Difference</th>
              <th scope="col">Relative</th>
            </tr>
          </thead>
          <tbody>
            {OLI_BAND_IDS.map((band) => {
              const l = answer.landsat[band];
              const d = answer.difference[band];
              return (
                <tr key={band}>
                  <th scope="row">
                    {band} <span className="muted">{BAND_CATALOG[band].label}</span>
                  </th>
                  <td>{pct(answer.coverage[band])}</td>
                  <td title={answer.notSimulated[band]}>{answer.simulated[band] === null ? <span className="muted">not simulated</span> : fmt(answer.simulated[band])}</td>
                  <td>
                    {fmt(l?.value)} {l && <span className={l.qa.includes('clear') && l.qa.length === 1 ? 'qa-clear' : 'qa-warning'}>({l.qa.join(', ')})</span>}
                  </td>
                  <td>{l ? `${fmt(l.mean3x3)} ± ${fmt(l.sd3x3)} (${l.clearCount3x3} of 9)` : '–'}</td>
                  <td>{fmt(d?.absolute)}</td>
                  <td>{pct(d?.relative)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p>
        RMSE over the compared bands: <strong>{fmt(answer.rmse)}</strong> (reflectance). Differences are field minus Landsat; relative is divided by the Landsat value.
      </p>
      {Object.keys(answer.notSimulated).length > 0 && (
        <ul className="muted not-simulated">
          {Object.entries(answer.notSimulated).map(([band, why]) => (
            <li key={band}>
              {band}: {why}
            </li>
          ))}
        </ul>
      )}
      <button type="button" onClick={() => saveDownload(new Blob([comparisonCsv(request, answer)], { type: 'text/csv;charset=utf-8' }), fileName)}>
        Download the comparison (CSV)
      </button>
    </div>
  );
}
