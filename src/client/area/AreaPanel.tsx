import { useState, type ChangeEvent } from 'react';
import { requestAreaCsv, requestAreaStatistics } from '../api/areaApi.js';
import { saveDownload } from '../results/saveDownload.js';
import { formatUtc } from '../results/SceneMetadataTable.js';
import type { AreaStatistics } from '../../shared/api/area.js';
import { polygonFromFile } from './polygonFromFile.js';
import './areaPanel.css';

export interface AreaFilters {
  startDate: string;
  endDate: string;
  cloudCoverage: number;
  bands: string[];
  /** The API's mask text; absent means the default. */
  mask?: string;
}

const fmt = (v: number | null, unit: string | null) => (v === null ? '–' : unit === 'kelvin' ? `${v.toFixed(2)} K` : v.toFixed(4));

/**
 * "Area statistics": upload a field or plot outline (GeoJSON or KML), see per-date statistics of the
 * scene grid's pixels whose centre lies inside it (POST /api/area), download them as CSV. Drawing a
 * polygon on the map comes with the new map component.
 */
export function AreaPanel({ filters }: { filters: AreaFilters }) {
  const [geometry, setGeometry] = useState<{ name: string; value: unknown } | null>(null);
  const [answer, setAnswer] = useState<AreaStatistics | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const body = () => JSON.stringify({ geometry: geometry?.value, startDate: filters.startDate, endDate: filters.endDate, cloudCoverage: filters.cloudCoverage, bands: filters.bands, ...(filters.mask ? { mask: filters.mask } : {}) });

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    setAnswer(null);
    setProblem(null);
    if (!file) return setGeometry(null);
    try {
      setGeometry({ name: file.name, value: polygonFromFile(file.name, await file.text()) });
    } catch (err) {
      setGeometry(null);
      setProblem((err as Error).message);
    }
  };
  const measure = async () => {
    setBusy(true);
    setProblem(null);
    try {
      setAnswer(await requestAreaStatistics(body()));
    } catch (err) {
      setAnswer(null);
      setProblem(`Could not measure the area: ${(err as Error).message}`);
    } finally {
      setBusy(false);
    }
  };
  const downloadCsv = async () => {
    try {
      saveDownload(await requestAreaCsv(body()), 'area-statistics.csv');
    } catch (err) {
      setProblem(`Could not download the CSV: ${(err as Error).message}`);
    }
  };

  const bandIds = answer ? [...new Set(answer.scenes.flatMap((s) => Object.keys(s.bands)))] : [];
  return (
    <section id="area-statistics" className="page-section area-panel" aria-labelledby="area-heading">
      <h2 id="area-heading">Area statistics</h2>
      <p>
        Upload a field or plot outline (GeoJSON or KML, WGS 84, up to 2,500 km²). Each scene&apos;s own pixels (30 m in the archive) whose centre lies inside it are
        counted; the statistics use the clear ones.
      </p>
      <label className="area-file">
        Polygon file <input type="file" accept=".geojson,.json,.kml,application/geo+json,application/vnd.google-earth.kml+xml" onChange={(e) => void onFile(e)} />
      </label>
      <div className="area-actions">
        <button type="button" className="primary-button" disabled={!geometry || busy} onClick={() => void measure()}>
          {busy ? 'Measuring…' : 'Measure the area'}
        </button>
        <button type="button" disabled={!answer || answer.scenes.length === 0} onClick={() => void downloadCsv()}>
          Download CSV
        </button>
      </div>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      {answer && (
        <div className="area-result">
          <p>
            {answer.areaKm2.toFixed(3)} km², {answer.scenes.length} scene{answer.scenes.length === 1 ? '' : 's'}, left out as not clear: {answer.mask === 'none' ? 'nothing' : answer.mask.replace(/_/g, ' ').replace(/,/g, ', ')}
            {answer.synthetic && ' (synthetic demo data)'}
            {answer.truncated && `; only scenes from ${answer.coveredStartDate} on`}.
          </p>
          <div className="area-table-wrap">
            <table>
              <caption>Per-date statistics over the clear pixels (mean ± population standard deviation; median)</caption>
              <thead>
                <tr>
                  <th scope="col">Acquired (UTC)</th>
                  <th scope="col">Pixels</th>
                  <th scope="col">Clear</th>
                  {bandIds.map((id) => (
                    <th key={id} scope="col">
                      {id}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {answer.scenes.map((s) => (
                  <tr key={s.scene.id}>
                    <th scope="row" title={s.scene.id}>
                      {formatUtc(s.scene.datetime)}
                    </th>
                    <td>{s.pixelCount}</td>
                    <td>{s.clearCount}</td>
                    {bandIds.map((id) => {
                      const b = s.bands[id];
                      const unit = id === 'B09' ? 'kelvin' : 'reflectance';
                      return <td key={id}>{b && b.count > 0 ? `${fmt(b.mean, unit)} ± ${fmt(b.stDev, unit)}; ${fmt(b.median, unit)}` : 'no clear pixel'}</td>;
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </section>
  );
}
