import './fieldFiles.css';
import { lazy, Suspense, useEffect, useId, useRef, useState, type DragEvent } from 'react';
import type { LngLat } from '../../core/geo/lngLat.js';
import type { CompareResponse } from '../../shared/api/compare.js';
import { toCsv } from '../../shared/csv.js';
import { DEFAULT_MAX_DAYS, MAX_MAX_DAYS } from '../../shared/compareLimits.js';
import type { SiteInput } from '../../shared/sitesInput.js';
import { isAbortError } from '../api/ApiRequestError.js';
import { compareOneFieldFile, runFieldFileBatch, type BatchRowObject } from '../api/fieldFilesApi.js';
import { DEMO_DATA_TEXT } from '../notify/DemoDataNotice.js';
import { saveDownload } from '../results/saveDownload.js';
import { filesOfDrop, isSpectrometerFile } from './droppedFiles.js';

// Chart.js loads only when a chart is asked for.
const FieldSpectrumChart = lazy(() => import('../fieldSpectrum/FieldSpectrumChart.js').then((m) => ({ default: m.FieldSpectrumChart })));

const BANDS = ['B01', 'B02', 'B03', 'B04', 'B05', 'B06', 'B07'] as const;
const MAX_FILES = 500;

type Run = { kind: 'idle' } | { kind: 'running'; done: number; total: number | null } | { kind: 'done' } | { kind: 'failed'; message: string };
type Chart = { file: string; state: 'loading' } | { file: string; state: 'done'; answer: CompareResponse } | { file: string; state: 'failed'; message: string };

const fileKey = (f: File) => (f as File & { webkitRelativePath?: string }).webkitRelativePath || f.name;
const num = (v: unknown, digits: number) => (typeof v === 'number' ? v.toFixed(digits) : '–');

/** The rows of one file, in the order they came. */
function byFile(rows: readonly BatchRowObject[]): Map<string, BatchRowObject[]> {
  const out = new Map<string, BatchRowObject[]>();
  for (const r of rows) out.set(String(r.file), [...(out.get(String(r.file)) ?? []), r]);
  return out;
}

/**
 * A field campaign's spectrometer files (SVC .sig, Spectral Evolution .sed, or zips) dropped or picked:
 * POST /api/compare/batch compares each with the clear Landsat scene nearest in time at its GPS position;
 * the table shows each file's place, scene and per-band difference, a chart on demand and the CSV.
 */
export function FieldFilesPanel({ lngLat, onPlaces }: { lngLat: LngLat; onPlaces?: (sites: SiteInput[]) => void }) {
  const id = useId();
  const [files, setFiles] = useState<File[]>([]);
  const [leftOut, setLeftOut] = useState(0);
  const [rows, setRows] = useState<BatchRowObject[]>([]);
  const [run, setRun] = useState<Run>({ kind: 'idle' });
  const [maxDays, setMaxDays] = useState(String(DEFAULT_MAX_DAYS));
  const [dragging, setDragging] = useState(false);
  const [usePoint, setUsePoint] = useState(false);
  const point = usePoint ? { lat: lngLat[1], lon: lngLat[0] } : null;
  const [chart, setChart] = useState<Chart | null>(null);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const start = async (chosen: File[]) => {
    const usable = chosen.filter(isSpectrometerFile);
    setLeftOut(chosen.length - usable.length);
    const days = Number(maxDays);
    if (usable.length === 0) return setRun({ kind: 'failed', message: 'No .sig, .sed or .zip file among those chosen.' });
    if (usable.length > MAX_FILES) return setRun({ kind: 'failed', message: `${usable.length} files: at most ${MAX_FILES} at once. Send them in several parts.` });
    if (!Number.isFinite(days) || days <= 0 || days > MAX_MAX_DAYS) return setRun({ kind: 'failed', message: `The largest gap must be above 0 and at most ${MAX_MAX_DAYS} days.` });
    running.current?.abort();
    const own = new AbortController();
    running.current = own;
    setFiles(usable);
    setRows([]);
    setChart(null);
    setRun({ kind: 'running', done: 0, total: usable.length });
    const got: BatchRowObject[] = [];
    try {
      await runFieldFileBatch(usable, days, point, { rows: (r) => (got.push(...r), setRows([...got])), progress: (done, total) => setRun({ kind: 'running', done, total }) }, own.signal);
      setRun({ kind: 'done' });
      const places = [...byFile(got)].flatMap(([file, r]) => (typeof r[0].lat === 'number' && typeof r[0].lon === 'number' ? [{ id: file.split('/').pop()!, lat: r[0].lat, lon: r[0].lon }] : []));
      if (places.length > 0) onPlaces?.(places);
    } catch (err) {
      if (!isAbortError(err)) setRun({ kind: 'failed', message: `Could not compare the files: ${(err as Error).message}` });
    }
  };

  const showChart = async (file: string) => {
    if (chart?.file === file) return setChart(null);
    const picked = files.find((f) => fileKey(f) === file);
    if (!picked) return setChart({ file, state: 'failed', message: 'This file came inside a zip: drop it on its own to see its chart.' });
    setChart({ file, state: 'loading' });
    const placeFromRequest = rows.some((r) => r.file === file && String(r.notes ?? '').includes('lat and lon from the request'));
    try {
      setChart({ file, state: 'done', answer: await compareOneFieldFile(picked, Number(maxDays), placeFromRequest ? point : null) });
    } catch (err) {
      setChart({ file, state: 'failed', message: (err as Error).message });
    }
  };

  const onDrop = async (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    void start(await filesOfDrop(e.dataTransfer));
  };

  const grouped = byFile(rows);
  const synthetic = rows.some((r) => r.synthetic === true);
  const csv = () => saveDownload(new Blob([toCsv([Object.keys(rows[0]), ...rows.map((r) => Object.values(r))])], { type: 'text/csv;charset=utf-8' }), 'field-comparison.csv');

  return (
    <div className="field-files" aria-labelledby={`${id}-heading`} role="region">
      <h3 id={`${id}-heading`}>A whole campaign: your spectrometer files</h3>
      <div
        className={`field-files-drop${dragging ? ' dragging' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => void onDrop(e)}
      >
        <p>
          Drop SVC <code>.sig</code> or Spectral Evolution <code>.sed</code> files here (or a folder, or a zip): each is compared with the clear Landsat scene nearest in time at the GPS
          position the file holds.
        </p>
        <div className="field-files-controls">
          <label className="button-like">
            Choose files
            <input className="visually-hidden" type="file" multiple accept=".sig,.sed,.zip" onChange={(e) => void start([...(e.target.files ?? [])])} />
          </label>
          <label className="button-like">
            Choose a folder
            <input className="visually-hidden" type="file" multiple {...{ webkitdirectory: '' }} onChange={(e) => void start([...(e.target.files ?? [])])} />
          </label>
          <label className="field-files-point">
            <input type="checkbox" checked={usePoint} onChange={(e) => setUsePoint(e.target.checked)} /> Files without GPS were measured at the map's point ({lngLat[1].toFixed(5)},{' '}
            {lngLat[0].toFixed(5)})
          </label>
          <label>
            Largest gap (days){' '}
            <input type="number" min={0.5} max={MAX_MAX_DAYS} step={0.5} value={maxDays} onChange={(e) => setMaxDays(e.target.value)} />
          </label>
        </div>
      </div>
      <p role="status" className="muted">
        {run.kind === 'running' ? `Comparing: ${run.done} of ${run.total ?? '?'} files done...` : run.kind === 'done' ? `${grouped.size} files compared.` : ''}
        {leftOut > 0 ? ` ${leftOut} other file${leftOut === 1 ? '' : 's'} left out (not .sig, .sed or .zip).` : ''}
      </p>
      {run.kind === 'failed' && (
        <p className="field-error" role="alert">
          {run.message}
        </p>
      )}
      {synthetic && (
        <p className="demo-notice" role="note">
          <strong>{DEMO_DATA_TEXT}</strong>: the Landsat side of these comparisons is generated, not measured.
        </p>
      )}
      {rows.length > 0 && (
        <>
          <button type="button" onClick={csv} disabled={run.kind === 'running'}>
            Download the CSV
          </button>
          <div className="table-scroll">
            <table className="field-files-table">
              <caption className="visually-hidden">Each file: place, matched scene and field minus Landsat reflectance per band</caption>
              <thead>
                <tr>
                  <th scope="col">File</th>
                  <th scope="col">Measured (UTC)</th>
                  <th scope="col">Lat, lon</th>
                  <th scope="col">Scene (days apart)</th>
                  {BANDS.map((b) => (
                    <th scope="col" key={b}>
                      {b} diff.
                    </th>
                  ))}
                  <th scope="col">Chart</th>
                </tr>
              </thead>
              <tbody>
                {[...grouped].map(([file, own]) => {
                  const first = own[0];
                  const refused = own.length === 1 && first.band === null;
                  const diff = (b: string) => own.find((r) => r.band === b)?.difference;
                  return (
                    <tr key={file}>
                      <th scope="row" className="field-file-name">
                        {file}
                        {first.duplicate_of ? <span className="muted"> ({String(first.duplicate_of)})</span> : null}
                      </th>
                      {refused ? (
                        <td colSpan={3 + BANDS.length + 1} className="field-error field-file-reason">
                          {String(first.reason)}
                        </td>
                      ) : (
                        <>
                          <td>
                            {String(first.measured_utc ?? '–').replace('T', ' ').slice(0, 19)}
                            {String(first.time_from).includes('clock') ? <span className="muted"> (clock)</span> : null}
                          </td>
                          <td>
                            {num(first.lat, 5)}, {num(first.lon, 5)}
                          </td>
                          <td>
                            {first.scene_id ? `${String(first.scene_id)} (${num(first.days_apart, 1)})` : String(first.reason ?? '–')}
                            {first.clear === false ? <span className="qa-warning"> not clear</span> : null}
                          </td>
                          {BANDS.map((b) => (
                            <td key={b}>{num(diff(b), 4)}</td>
                          ))}
                          <td>
                            <button type="button" aria-expanded={chart?.file === file} onClick={() => void showChart(file)}>
                              {chart?.file === file ? 'Hide' : 'Show'}
                            </button>
                          </td>
                        </>
                      )}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      )}
      {chart && (
        <div className="field-file-chart" aria-live="polite">
          <h4>{chart.file}</h4>
          {chart.state === 'loading' && <p className="muted">Loading its comparison...</p>}
          {chart.state === 'failed' && <p className="field-error">{chart.message}</p>}
          {chart.state === 'done' && (
            <Suspense fallback={<p className="muted">Loading the chart...</p>}>
              <FieldSpectrumChart answer={chart.answer} spectrum={chart.answer.file?.spectrum ?? null} />
            </Suspense>
          )}
        </div>
      )}
    </div>
  );
}
