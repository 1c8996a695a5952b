import './fieldSpectrum.css';
import { lazy, Suspense, useEffect, useId, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { LngLat } from '../../core/geo/lngLat.js';
import type { CompareResponse } from '../../shared/api/compare.js';
import { COMPARE_BODY_LIMIT_BYTES, DEFAULT_MAX_DAYS, MAX_MAX_DAYS } from '../../shared/compareLimits.js';
import { isAbortError } from '../api/ApiRequestError.js';
import { compareQueryOptions } from '../api/compareApi.js';
import { exportFileName } from '../results/exportFileName.js';
import { BandValuesInput, readTypedBands, type TypedBands } from './BandValuesInput.js';
import { ComparisonResult } from './ComparisonResult.js';
import { parseSpectrumText, type ParsedSpectrum, type ParseOptions } from './parseSpectrumText.js';
import { SpectrumInput } from './SpectrumInput.js';
import type { SiteInput } from '../../shared/sitesInput.js';

// The campaign panel (many instrument files) loads with its own chunk, when the section is shown.
const FieldFilesPanel = lazy(() => import('../fieldFiles/FieldFilesPanel.js').then((m) => ({ default: m.FieldFilesPanel })));

export interface FieldSpectrumSectionProps {
  lngLat: LngLat;
  /** The page's date range: the measurement day defaults to its last day. */
  startDate: string;
  endDate: string;
  /** The dropped files' GPS places, for the map's marker layer. */
  onFilePlaces?: (sites: SiteInput[]) => void;
}

/** A comparison asked: its request as sent (the query key) and what the result shows beside the answer. */
interface Asked {
  json: string;
  request: { lat: number; lon: number; datetime: string };
  spectrum: ParsedSpectrum['spectrum'] | null;
}

type Status =
  | { kind: 'idle' }
  | { kind: 'running' }
  | { kind: 'failed'; message: string }
  | { kind: 'done'; request: { lat: number; lon: number; datetime: string }; answer: CompareResponse; spectrum: ParsedSpectrum['spectrum'] | null };

/**
 * "Your field spectrum against Landsat": a spectroradiometer export (or typed band values) taken at
 * the chosen point, convolved by the server with the OLI responses and compared with the Landsat
 * scene nearest in time (POST /api/compare).
 */
export function FieldSpectrumSection({ lngLat, startDate, endDate, onFilePlaces }: FieldSpectrumSectionProps) {
  const id = useId();
  const [mode, setMode] = useState<'spectrum' | 'bands'>('spectrum');
  const [text, setText] = useState('');
  const [options, setOptions] = useState<ParseOptions>({});
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [typed, setTyped] = useState<TypedBands>({});
  const [typedPercent, setTypedPercent] = useState(false);
  const [measuredAt, setMeasuredAt] = useState('');
  const [maxDays, setMaxDays] = useState(String(DEFAULT_MAX_DAYS));
  // The last comparison asked (its answer lives in the query cache under its request), or the problem that kept it from being asked.
  const [asked, setAsked] = useState<Asked | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const comparison = useQuery(compareQueryOptions(asked?.json ?? null));
  useEffect(() => {
    if (comparison.error && !isAbortError(comparison.error)) console.error('Comparison failed:', comparison.error);
  }, [comparison.error]);
  const status: Status = refused
    ? { kind: 'failed', message: refused }
    : !asked
      ? { kind: 'idle' }
      : comparison.isFetching
        ? { kind: 'running' }
        : comparison.error && !isAbortError(comparison.error)
          ? { kind: 'failed', message: `Could not compare: ${comparison.error.message}` }
          : comparison.data
            ? { kind: 'done', request: asked.request, answer: comparison.data, spectrum: asked.spectrum }
            : { kind: 'idle' };

  // The page's date range names the likely day; the time is the person's to give.
  const defaultDay = endDate || startDate;
  useEffect(() => {
    if (defaultDay && !measuredAt) setMeasuredAt(`${defaultDay}T12:00`);
  }, [defaultDay]);

  const { parsed, parseProblem } = useMemo(() => {
    if (text.trim() === '') return { parsed: null, parseProblem: null };
    try {
      return { parsed: parseSpectrumText(text, options), parseProblem: null };
    } catch (err) {
      return { parsed: null, parseProblem: (err as Error).message };
    }
  }, [text, options]);

  const compare = () => {
    const [lon, lat] = lngLat;
    const days = Number(maxDays);
    let problem: string | null = null;
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(measuredAt)) problem = 'Give the date and time (UTC) the measurement was taken.';
    else if (!Number.isFinite(days) || days <= 0 || days > MAX_MAX_DAYS) problem = `The largest gap must be a number of days above 0 and at most ${MAX_MAX_DAYS}.`;
    const body: Record<string, unknown> = { lat, lon, datetime: `${measuredAt.slice(0, 16)}:00Z`, maxDays: days };
    if (!problem && mode === 'spectrum') {
      if (!parsed) problem = parseProblem ?? fileProblem ?? 'Paste or upload a spectrum first.';
      else body.spectrum = parsed.spectrum;
    } else if (!problem) {
      const read = readTypedBands(typed, typedPercent);
      problem = read.problem;
      body.bands = read.bands;
    }
    const json = JSON.stringify(body);
    if (!problem && json.length > COMPARE_BODY_LIMIT_BYTES) problem = 'The spectrum is larger than 1 MB once sent; resample it (e.g. to 1 nm).';
    setRefused(problem);
    if (problem) return;
    // The same request again asks the server again, as a click should.
    if (json === asked?.json) void comparison.refetch();
    else setAsked({ json, request: { lat, lon, datetime: body.datetime as string }, spectrum: mode === 'spectrum' ? (parsed?.spectrum ?? null) : null });
  };

  return (
    <section id="field-spectrum" className="page-section field-spectrum" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Compare your field spectrum with Landsat</h2>
      <p className="hint">
        At {lngLat[1].toFixed(6)}, {lngLat[0].toFixed(6)}: the server finds the Landsat scene nearest in time and weights your spectrum by the spectral response of that
        scene's own sensor (Landsat 8/9 OLI B01-B07, Landsat 7 ETM+ or Landsat 4/5 TM, which have no B01), then compares.
      </p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          compare();
        }}
      >
        <div className="field-mode" role="radiogroup" aria-label="What you measured">
          <label>
            <input type="radio" name={`${id}-mode`} checked={mode === 'spectrum'} onChange={() => setMode('spectrum')} /> A spectrum
          </label>
          <label>
            <input type="radio" name={`${id}-mode`} checked={mode === 'bands'} onChange={() => setMode('bands')} /> Values per band
          </label>
        </div>
        {mode === 'spectrum' ? (
          <SpectrumInput text={text} onText={setText} options={options} onOptions={setOptions} parsed={parsed} parseProblem={fileProblem ?? parseProblem} onFileProblem={setFileProblem} />
        ) : (
          <BandValuesInput values={typed} onChange={setTyped} percent={typedPercent} onPercent={setTypedPercent} />
        )}
        <div className="field-when">
          <label>
            Measured at (UTC){' '}
            <input type="datetime-local" value={measuredAt} onChange={(e) => setMeasuredAt(e.target.value)} required />
          </label>
          <label>
            Largest gap to the scene (days){' '}
            <input type="number" min={0.5} max={MAX_MAX_DAYS} step={0.5} value={maxDays} onChange={(e) => setMaxDays(e.target.value)} />
          </label>
          <button type="submit" disabled={status.kind === 'running'}>
            Compare with Landsat
          </button>
        </div>
      </form>
      {status.kind === 'running' && (
        <p className="muted" role="status">
          Reading the Landsat scenes around the measurement time...
        </p>
      )}
      <p className="field-error" role="alert">
        {status.kind === 'failed' ? status.message : ''}
      </p>
      {status.kind === 'done' && (
        <ComparisonResult
          request={status.request}
          answer={status.answer}
          spectrum={status.spectrum}
          fileName={exportFileName('field-comparison', lngLat, status.request.datetime.slice(0, 10), status.request.datetime.slice(0, 10), 'csv')}
        />
      )}
      <Suspense fallback={<p className="muted">Loading the campaign files panel...</p>}>
        <FieldFilesPanel lngLat={lngLat} onPlaces={onFilePlaces} />
      </Suspense>
    </section>
  );
}
