import { lazy, Suspense, useEffect, useState, type ChangeEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isAbortError } from '../api/ApiRequestError.js';
import { areaStatisticsQueryOptions, requestAreaCsv } from '../api/areaApi.js';
import type { StreamProgress } from '../api/readNdjsonProgress.js';
import { saveDownload } from '../results/saveDownload.js';
import { formatUtc } from '../results/SceneMetadataTable.js';
import type { AreaStatistics } from '../../shared/api/area.js';
import { polygonFromFile } from './polygonFromFile.js';
import { GeoTiffDownload } from '../results/GeoTiffDownload.js';
import type { AreaDrawing } from './useAreaDrawing.js';
import type { AnalysisFilters } from '../api/analysisFilters.js';
import './areaPanel.css';

const AreaCharts = lazy(() => import('./AreaCharts.js'));

/** The period and filters an area is measured over: the page's filter form. */
export type AreaFilters = AnalysisFilters;

const fmt = (v: number | null, unit: string | null) => (v === null ? '–' : unit === 'kelvin' ? `${v.toFixed(2)} K` : v.toFixed(4));

/**
 * "Area statistics": draw a polygon on the map or upload a field or plot outline (GeoJSON or KML),
 * see per-date statistics and charts of the scene grid's pixels whose centre lies inside it
 * (POST /api/area), download them as CSV. The polygon lives in `area` (useAreaDrawing), which the map shares.
 */
export function AreaPanel({ filters, area, linkNote = null }: { filters: AreaFilters; area: AreaDrawing; linkNote?: string | null }) {
  const { geometry, setGeometry } = area;
  // The request measured (JSON text): its answer lives in the query cache under it.
  const [measured, setMeasured] = useState<string | null>(null);
  // Scenes measured of those that qualify, from the stream's progress lines.
  const [progress, setProgress] = useState<StreamProgress | null>(null);
  const [cancelled, setCancelled] = useState(false);
  const queryClient = useQueryClient();
  const measurement = useQuery(areaStatisticsQueryOptions(measured, setProgress));
  const answer: AreaStatistics | null = measured !== null ? (measurement.data ?? null) : null;
  const busy = measured !== null && measurement.isFetching;
  const [fileInputKey, setFileInputKey] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  // The scene the polygon's GeoTIFF is cut from (the most recent measured one unless chosen).
  const [exportSceneId, setExportSceneId] = useState<string | null>(null);
  const measureProblem = measured !== null && measurement.error && !isAbortError(measurement.error) ? `Could not measure the area: ${measurement.error.message}` : null;
  const shownProblem = problem ?? measureProblem;
  // A new polygon (drawn, uploaded or cleared) makes the last answer stale (and aborts a measurement on its way).
  // (A file that could not be read leaves no polygon and its problem standing.)
  useEffect(() => {
    setMeasured(null);
    setExportSceneId(null);
    if (geometry) setProblem(null);
    if (geometry?.drawn) setFileInputKey((k) => k + 1);
  }, [geometry]);

  const body = () => JSON.stringify({ geometry: geometry?.value, startDate: filters.startDate, endDate: filters.endDate, cloudCoverage: filters.cloudCoverage, bands: filters.bands, ...(filters.mask ? { mask: filters.mask } : {}), ...(filters.harmonize ? { harmonize: 'oli' } : {}) });

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    try {
      setGeometry({ name: file.name, value: polygonFromFile(file.name, await file.text()), drawn: false });
    } catch (err) {
      setGeometry(null);
      setProblem((err as Error).message);
    }
  };
  const measure = () => {
    setProblem(null);
    setProgress(null);
    setCancelled(false);
    const request = body();
    // The same request again asks the server again, as a click should.
    if (request === measured) void measurement.refetch();
    else setMeasured(request);
  };
  // Cancel aborts the stream's fetch: the server drops the area's queued work at once (issue 33).
  const cancel = () => {
    void queryClient.cancelQueries({ queryKey: ['area', measured] });
    setMeasured(null);
    setCancelled(true);
  };
  const downloadCsv = async () => {
    try {
      saveDownload(await requestAreaCsv(body()), 'area-statistics.csv');
    } catch (err) {
      setProblem(`Could not download the CSV: ${(err as Error).message}`);
    }
  };

  // The export's first choice: the most recent scene with a clear pixel inside (else the most recent).
  const newest = (scenes: AreaStatistics['scenes']) => scenes.reduce<{ id: string; datetime: string } | null>((a, s) => (a && a.datetime >= s.scene.datetime ? a : s.scene), null)?.id ?? null;
  const latestSceneId = answer ? (newest(answer.scenes.filter((s) => s.clearCount > 0)) ?? newest(answer.scenes)) : null;
  const bandIds = answer ? [...new Set(answer.scenes.flatMap((s) => Object.keys(s.bands)))] : [];
  return (
    <section id="area-statistics" className="page-section area-panel" aria-labelledby="area-heading">
      <h2 id="area-heading">Area statistics</h2>
      <p>
        Draw a polygon on the map or upload a field or plot outline (GeoJSON or KML, WGS 84, up to 2,500 km² over a year; more runs as a job, POST /api/jobs). Each scene&apos;s own pixels (30 m in the archive)
        whose centre lies inside it are counted; the statistics use the clear ones.
      </p>
      <div className="area-actions">
        <button
          type="button"
          className="secondary-button"
          onClick={() => {
            area.start();
            const map = document.querySelector<HTMLElement>('.location-map');
            // At once, not smoothly: focusing the map during a smooth scroll stops that scroll in Chromium.
            map?.scrollIntoView({ block: 'center' });
            map?.focus({ preventScroll: true });
          }}
        >
          Draw on the map
        </button>
        <label className="area-file">
          or upload a polygon file{' '}
          <input key={fileInputKey} type="file" aria-label="Polygon file" accept=".geojson,.json,.kml,application/geo+json,application/vnd.google-earth.kml+xml" onChange={(e) => void onFile(e)} />
        </label>
      </div>
      <p className="area-chosen" role="status">
        {area.drawing
          ? `Drawing on the map: ${area.vertices.length} corner${area.vertices.length === 1 ? '' : 's'} so far.`
          : geometry
            ? `Area: ${geometry.name}${geometry.drawn ? '' : ' (outlined on the map)'}. ${linkNote ?? ''}`
            : 'No area yet.'}{' '}
        {geometry && !area.drawing && (
          <button
            type="button"
            className="area-clear"
            onClick={() => {
              setGeometry(null);
              setProblem(null);
              setFileInputKey((k) => k + 1);
            }}
          >
            Clear
          </button>
        )}
      </p>
      <div className="area-actions">
        <button type="button" className="primary-button" disabled={!geometry || busy} onClick={measure}>
          {busy ? 'Measuring…' : 'Measure the area'}
        </button>
        {busy && (
          <button type="button" className="secondary-button" onClick={cancel}>
            Cancel
          </button>
        )}
        <button type="button" className="secondary-button" disabled={!answer || answer.scenes.length === 0} onClick={() => void downloadCsv()}>
          Download CSV
        </button>
      </div>
      {/* Always there (no jump when a measurement starts): the scenes measured of those that qualify. */}
      <div className="area-progress" role="status" aria-live="polite">
        {busy && (
          <>
            <label htmlFor="area-progress">{progress?.total ? `Measuring: scene ${progress.done} of ${progress.total}` : 'Finding the scenes…'}</label>
            <progress id="area-progress" max={progress?.total ?? 1} value={progress?.total ? progress.done : undefined} />
          </>
        )}
        {!busy && cancelled && 'Cancelled: the server stopped measuring.'}
      </div>
      {shownProblem && (
        <p className="field-error" role="alert">
          {shownProblem}
        </p>
      )}
      {answer && (
        <div className="area-result">
          <p>
            {answer.areaKm2.toFixed(3)} km², {answer.scenes.length} scene{answer.scenes.length === 1 ? '' : 's'}, left out as not clear: {answer.mask === 'none' ? 'nothing' : answer.mask.replace(/_/g, ' ').replace(/,/g, ', ')}
            {answer.synthetic && ' (synthetic demo data)'}
            {answer.truncated && `; only scenes from ${answer.coveredStartDate} on`}.
          </p>
          {answer.overviewLevel > 0 && (
            <p className="muted area-resolution-note">
              Measured on {Math.round(answer.scenes[0]?.pixelSizeM ?? 30 * 2 ** answer.overviewLevel)} m pixels (the archive&apos;s overview, not its 30 m pixels): this many pixels over this many
              scenes would take minutes. For the 30 m pixels, measure a smaller area or fewer months, or start a job (POST /api/jobs with the same body), which always reads them.
            </p>
          )}
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
          {geometry && answer.scenes.length > 0 && (
            <div className="area-export">
              <label htmlFor="area-export-scene">GeoTIFF of the polygon from scene </label>
              <select id="area-export-scene" value={exportSceneId ?? latestSceneId ?? undefined} onChange={(e) => setExportSceneId(e.target.value)}>
                {answer.scenes.map((s) => (
                  <option key={s.scene.id} value={s.scene.id}>
                    {formatUtc(s.scene.datetime)} ({s.scene.id})
                  </option>
                ))}
              </select>
              <GeoTiffDownload
                sceneId={exportSceneId ?? latestSceneId}
                bands={filters.bands}
                area={{ geometry: geometry.value }}
                label="Download the polygon as GeoTIFF"
              />
            </div>
          )}
          {bandIds.length > 0 && answer.scenes.length > 0 && (
            <Suspense fallback={<p className="muted">Loading charts...</p>}>
              <AreaCharts answer={answer} bandIds={bandIds} startDate={filters.startDate} endDate={filters.endDate} />
            </Suspense>
          )}
        </div>
      )}
    </section>
  );
}
