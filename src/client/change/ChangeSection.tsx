import './change.css';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { LngLat } from '../../core/geo/lngLat.js';
import type { ChangePointResponse } from '../../shared/api/change.js';
import { breakWords, CHANGE_BAND_IDS, CHANGE_BAND_WORDS, type ChangeBandId } from '../../shared/changeModel.js';
import { observationsCsv, segmentsCsv } from '../../shared/changeCsv.js';
import { readChangeAtPoint } from '../api/changeApi.js';
import type { StreamProgress } from '../api/readNdjsonProgress.js';
import { StreamProgressNote } from '../results/StreamProgressNote.js';
import { saveDownload } from '../results/saveDownload.js';
import { ChangeChart } from './ChangeChart.js';
import { breaksWithChange } from './changeChartData.js';

type Run =
  | { kind: 'idle' }
  | { kind: 'running'; progress: StreamProgress | null }
  | { kind: 'done'; answer: ChangePointResponse; at: LngLat }
  | { kind: 'cancelled' }
  | { kind: 'failed'; message: string };

const CSV_TYPE = 'text/csv;charset=utf-8';
const PROCEDURE_WORDS: Record<string, string> = {
  standard: 'standard fit',
  insufficient_clear: 'too few clear observations for the standard fit',
  persistent_snow: 'snow most of the time (persistent-snow fit)',
};

/**
 * "What changed here?" (issue 34 item 4): change detection (CCDC, as USGS LCMAP's pyccd) over the
 * chosen point's whole Landsat record, GET /api/change/stream. The per-band series with the fitted
 * model drawn through it, each break with its date and the change per band in words and numbers, the
 * segments' time spans, and CSVs of the segments and of the observations with their fitted values.
 */
export function ChangeSection({ lngLat }: { lngLat: LngLat }) {
  const id = useId();
  const [run, setRun] = useState<Run>({ kind: 'idle' });
  const [band, setBand] = useState<ChangeBandId>('B05');
  const controller = useRef<AbortController | null>(null);
  const section = useRef<HTMLElement>(null);
  const [lon, lat] = lngLat;

  const start = useCallback(async () => {
    controller.current?.abort();
    const ac = new AbortController();
    controller.current = ac;
    setRun({ kind: 'running', progress: null });
    try {
      const answer = await readChangeAtPoint({ lat, lon }, { signal: ac.signal, onProgress: (progress) => !ac.signal.aborted && setRun({ kind: 'running', progress }) });
      if (!ac.signal.aborted) setRun({ kind: 'done', answer, at: [lon, lat] });
    } catch (err) {
      if (ac.signal.aborted) return;
      setRun({ kind: 'failed', message: err instanceof Error ? err.message : String(err) });
    }
  }, [lat, lon]);

  const cancel = () => {
    controller.current?.abort();
    setRun({ kind: 'cancelled' });
  };

  // Leaving the page stops the server's reads.
  useEffect(() => () => controller.current?.abort(), []);
  // The change alert's link (…#what-changed) lands here and runs the analysis at once.
  useEffect(() => {
    if (window.location.hash !== '#what-changed') return;
    section.current?.scrollIntoView({ block: 'start' });
    void start();
    // Once, for the point the link opened (not again when the point moves).
  }, []);

  const done = run.kind === 'done' ? run : null;
  const stale = done && (done.at[0] !== lon || done.at[1] !== lat);
  const where = `${lat.toFixed(5)}, ${lon.toFixed(5)}`;
  return (
    <section id="what-changed" ref={section} tabIndex={-1} className="page-section change-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>What changed here?</h2>
      <p className="hint">
        Change detection over the whole Landsat record at the chosen point ({where}), 1982 to today: CCDC (Zhu and Woodcock 2014) as USGS LCMAP runs it. Each stable stretch of
        time gets a model of its seasons; a break is where six or more clear observations in a row leave the model.
      </p>
      <div className="change-actions">
        <button type="button" className="primary-button" onClick={() => void start()} disabled={run.kind === 'running'}>
          {done && !stale ? 'Run again' : 'Find changes at this point'}
        </button>
        {run.kind === 'running' && (
          <button type="button" className="secondary-button" onClick={cancel}>
            Cancel
          </button>
        )}
      </div>
      {run.kind === 'running' && <StreamProgressNote what="Reading the point's record" progress={run.progress} />}
      {run.kind === 'cancelled' && <p role="status">Cancelled; nothing was analysed.</p>}
      {run.kind === 'failed' && (
        <p role="alert" className="change-problem">
          The change detection failed: {run.message}
        </p>
      )}
      {done && <ChangeResult answer={done.answer} band={band} onBand={setBand} stale={Boolean(stale)} />}
    </section>
  );
}

function ChangeResult({ answer, band, onBand, stale }: { answer: ChangePointResponse; band: ChangeBandId; onBand: (band: ChangeBandId) => void; stale: boolean }) {
  const id = useId();
  const breaks = breaksWithChange(answer);
  const name = `change-${answer.target.lat.toFixed(5)}_${answer.target.lon.toFixed(5)}`;
  return (
    <div className="change-result" role="region" aria-label="Change detection result">
      {stale && <p role="status">This result is for ({answer.target.lat.toFixed(5)}, {answer.target.lon.toFixed(5)}); run again for the point now chosen.</p>}
      {answer.synthetic && (
        <p className="change-synthetic">
          Synthetic demo data: this server runs on the generated demo archive, and its disturbances (fires, harvests, floods, building, regrowth) are synthetic, not real events.
        </p>
      )}
      {answer.truncated && <p role="status">The record had more scenes than the server reads for one answer: the oldest were left out.</p>}
      <p>
        {answer.series.filter((o) => o.clear).length.toLocaleString('en')} clear observations of {answer.observations.toLocaleString('en')}; {answer.usedObservations.toLocaleString('en')} used by the fit.{' '}
        {breaks.length === 0 ? 'No change was found.' : `${breaks.length} ${breaks.length === 1 ? 'change' : 'changes'} found.`}
      </p>
      {breaks.length > 0 && (
        <>
          <h3 id={`${id}-breaks`}>Changes</h3>
          <ul className="change-breaks" aria-labelledby={`${id}-breaks`}>
            {breaks.map((b) => (
              <li key={b.date}>{breakWords(b.date, b.change)}</li>
            ))}
          </ul>
        </>
      )}
      <h3 id={`${id}-segments`}>Stable stretches (segments)</h3>
      <ol className="change-segments" aria-labelledby={`${id}-segments`}>
        {answer.segments.map((s) => (
          <li key={s.startDate}>
            {s.startDate} to {s.endDate}: {s.observationCount} observations, {PROCEDURE_WORDS[s.procedure] ?? s.procedure}
            {s.breakDate ? `; ends with a change on ${s.breakDate} (probability ${Math.round(s.changeProbability * 100)}%)` : ''}
          </li>
        ))}
      </ol>
      <label className="change-band-choice">
        Band{' '}
        <select value={band} onChange={(e) => onBand(e.target.value as ChangeBandId)}>
          {CHANGE_BAND_IDS.map((b) => (
            <option key={b} value={b}>
              {b} ({CHANGE_BAND_WORDS[b]})
            </option>
          ))}
        </select>
      </label>
      <ChangeChart answer={answer} band={band} />
      <div className="change-actions" role="group" aria-label="Downloads">
        <button type="button" className="secondary-button" onClick={() => saveDownload(new Blob([segmentsCsv(answer.segments)], { type: CSV_TYPE }), `${name}-segments.csv`)}>
          Segments (CSV)
        </button>
        <button
          type="button"
          className="secondary-button"
          onClick={() =>
            saveDownload(
              new Blob([observationsCsv(answer.series.map((o) => ({ date: o.date, sceneId: o.sceneId, sensor: o.sensor, values: o.values, qa: o.qa, clear: o.clear, used: o.used })), answer.segments)], { type: CSV_TYPE }),
              `${name}-observations.csv`,
            )
          }
        >
          Observations with fitted values (CSV)
        </button>
      </div>
    </div>
  );
}
