import './manySites.css';
import { useDeferredValue, useEffect, useId, useMemo, useState } from 'react';
import { MAX_SITES_PER_JOB, MAX_SITES_PER_REQUEST, SITES_BODY_LIMIT_BYTES, JOBS_BODY_LIMIT_BYTES } from '../../shared/api/sites.js';
import { parseSitesCsv, type SiteInput } from '../../shared/sitesInput.js';
import { useSitesRun, type SitesRunParams } from './useSitesRun.js';
import { SitesRunStatus } from './SitesRunStatus.js';
import { SITES_DRAWN_AT_MOST } from '../map/SitesLayer.js';

export interface ManySitesSectionProps {
  startDate: string;
  endDate: string;
  cloudCoverage: number;
  bands: string[];
  /** The readable sites as they are typed or loaded (the map draws them before anything runs). */
  onSitesParsed?: (sites: readonly SiteInput[]) => void;
  /** The filters' "Harmonise TM/ETM+ to OLI" switch (harmonize=oli). */
  harmonize?: boolean;
}

const EXAMPLE = 'id,lat,lon\nplot-1,-14.7111791,-67.3037941\nplot-2,-13.8928145,-67.6820161';

/**
 * "Many sites": a CSV of field sites in, one row per site and covering scene out (POST /api/sites;
 * more than 1,000 sites become a job whose link can be kept). The bad rows are listed before
 * anything is sent; the readable ones go to the map through `onSitesParsed`.
 */
export function ManySitesSection({ startDate, endDate, cloudCoverage, bands, harmonize, onSitesParsed }: ManySitesSectionProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [mask, setMask] = useState('');
  const { run, start, cancel } = useSitesRun(MAX_SITES_PER_REQUEST);
  const deferred = useDeferredValue(text);
  const parsed = useMemo(() => (deferred.trim() === '' ? null : parseSitesCsv(deferred)), [deferred]);
  const siteCount = parsed?.ok ? parsed.sites.length : 0;
  const readable = useMemo(() => (parsed ? (parsed.ok ? parsed.sites : (parsed.readable ?? [])) : []), [parsed]);
  useEffect(() => {
    onSitesParsed?.(readable);
  }, [readable, onSitesParsed]);
  // Leaving the page's panel (unmount) takes the sites off the map.
  useEffect(() => () => onSitesParsed?.([]), [onSitesParsed]);
  const bytes = useMemo(() => new Blob([text]).size, [text]);
  const sizeProblem =
    siteCount > MAX_SITES_PER_JOB
      ? `${siteCount} sites: at most ${MAX_SITES_PER_JOB} in one job; split the file.`
      : bytes > (siteCount > MAX_SITES_PER_REQUEST ? JOBS_BODY_LIMIT_BYTES : SITES_BODY_LIMIT_BYTES) && siteCount <= MAX_SITES_PER_REQUEST
        ? 'The file is larger than 1 MB; remove unused columns.'
        : bytes > JOBS_BODY_LIMIT_BYTES
          ? 'The file is larger than 16 MB; remove unused columns or split it.'
          : null;
  const busy = run.kind === 'running' || (run.kind === 'job' && (run.job.status === 'queued' || run.job.status === 'running'));
  const params: SitesRunParams = { startDate, endDate, cloudCoverage, bands, mask, harmonize };

  const readFile = async (file: File | undefined) => {
    setFileProblem(null);
    if (!file) return;
    if (file.size > JOBS_BODY_LIMIT_BYTES) {
      setFileProblem(`${file.name} is larger than 16 MB.`);
      return;
    }
    setText(await file.text());
  };

  return (
    <section id="many-sites" className="page-section many-sites" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Many sites</h2>
      <p className="hint">
        A CSV of field sites (a header with lat and lon, and optionally id) gives one row per site and Landsat scene covering it, {startDate} to {endDate}, bands {bands.join(', ')}. Up to{' '}
        {MAX_SITES_PER_REQUEST.toLocaleString('en')} sites are read at once; larger files (up to {MAX_SITES_PER_JOB.toLocaleString('en')}) become a job you can come back to.
      </p>
      <form
        className="many-sites-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (parsed?.ok && !sizeProblem) void start(text, siteCount, params);
        }}
      >
        <label className="many-sites-file">
          Upload a CSV file <input type="file" accept=".csv,text/csv,text/plain" onChange={(e) => void readFile(e.target.files?.[0])} />
        </label>
        <label className="many-sites-paste">
          or paste the sites
          <textarea rows={6} value={text} placeholder={EXAMPLE} spellCheck={false} onChange={(e) => setText(e.target.value)} />
        </label>
        <label>
          Clear means no{' '}
          <select value={mask} onChange={(e) => setMask(e.target.value)}>
            <option value="">cloud, dilated cloud, cirrus or shadow (default)</option>
            <option value="cloud,dilated_cloud,cirrus,shadow,snow">cloud, cirrus, shadow or snow</option>
            <option value="cloud,dilated_cloud,cirrus,shadow,snow,water">cloud, cirrus, shadow, snow or water</option>
            <option value="none">fill only (no mask)</option>
          </select>
        </label>
        <SitesCheck parsed={parsed} fileProblem={fileProblem ?? sizeProblem} siteCount={siteCount} />
        {readable.length > 0 && onSitesParsed && (
          <p className="muted many-sites-on-map">
            {readable.length > SITES_DRAWN_AT_MOST
              ? `The first ${SITES_DRAWN_AT_MOST.toLocaleString('en')} of the ${readable.length.toLocaleString('en')} readable sites are drawn on the map`
              : `The ${readable.length === 1 ? 'readable site is' : `${readable.length.toLocaleString('en')} readable sites are`} drawn on the map`}{' '}
            (pink circles, with their ids). <a href="#location">See the map</a>
          </p>
        )}
        <div className="many-sites-actions">
          <button type="submit" className="primary-button" disabled={!parsed?.ok || Boolean(sizeProblem) || busy}>
            {siteCount > MAX_SITES_PER_REQUEST ? `Start a job for ${siteCount.toLocaleString('en')} sites` : 'Read the sites'}
          </button>
          {busy && (
            <button type="button" className="secondary-button" onClick={() => void cancel()}>
              Cancel
            </button>
          )}
        </div>
      </form>
      <SitesRunStatus run={run} />
    </section>
  );
}

function SitesCheck({ parsed, fileProblem, siteCount }: { parsed: ReturnType<typeof parseSitesCsv> | null; fileProblem: string | null; siteCount: number }) {
  if (fileProblem) return <p role="alert" className="many-sites-problem">{fileProblem}</p>;
  if (!parsed) return null;
  if (parsed.ok) return <p role="status" className="muted">{siteCount.toLocaleString('en')} sites, all readable.</p>;
  if (parsed.notCsv) return <p role="alert" className="many-sites-problem">This is not a sites CSV: {parsed.notCsv}.</p>;
  return (
    <div role="alert" className="many-sites-problem">
      <p>
        {parsed.badCount} {parsed.badCount === 1 ? 'row is' : 'rows are'} wrong; fix {parsed.badCount === 1 ? 'it' : 'them'} before reading
        {parsed.badCount > parsed.bad.length ? ` (the first ${parsed.bad.length} shown)` : ''}:
      </p>
      <table className="many-sites-bad" aria-label="Rows that are wrong">
        <thead>
          <tr>
            <th scope="col">Line</th>
            <th scope="col">Reason</th>
          </tr>
        </thead>
        <tbody>
          {parsed.bad.map((b) => (
            <tr key={b.line}>
              <td>{b.line}</td>
              <td>{b.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
