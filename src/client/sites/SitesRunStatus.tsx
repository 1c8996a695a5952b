import { useEffect, useMemo } from 'react';
import type { SitesRun } from './useSitesRun.js';
import { jobResultCsvUrl } from '../api/sitesApi.js';

/** Progress, the download, or what went wrong; a job shows the link to keep. */
export function SitesRunStatus({ run }: { run: SitesRun }) {
  const csvUrl = useMemo(() => (run.kind === 'done' ? URL.createObjectURL(new Blob([run.csv], { type: 'text/csv' })) : null), [run]);
  useEffect(() => () => {
    if (csvUrl) URL.revokeObjectURL(csvUrl);
  }, [csvUrl]);

  switch (run.kind) {
    case 'idle':
      return null;
    case 'running':
      return <Progress done={run.done} total={run.total} label="Reading the sites" />;
    case 'cancelled':
      return <p role="status" className="muted">Cancelled.</p>;
    case 'failed':
      return <p role="alert" className="many-sites-problem">Could not read the sites: {run.message}</p>;
    case 'done':
      return (
        <div role="status" className="many-sites-result">
          <p>
            {run.rowCount.toLocaleString('en')} rows for {run.siteCount.toLocaleString('en')} sites.{' '}
            <a className="primary-button" href={csvUrl ?? '#'} download="landsat-sites.csv">
              Download the CSV
            </a>
          </p>
        </div>
      );
    case 'job': {
      const { job } = run;
      const link = `${window.location.origin}${window.location.pathname}${window.location.search}#job=${job.id}`;
      return (
        <div className="many-sites-result">
          <p>
            Job <code>{job.id}</code>: keep this link to come back to it (it is the only key to the results
            {'expiresAt' in job ? `, kept until ${job.expiresAt.slice(0, 10)}` : ''}):{' '}
            <a href={link} className="many-sites-link">
              {link}
            </a>
          </p>
          {(job.status === 'queued' || job.status === 'running') && <Progress done={job.done} total={job.total} label={job.status === 'queued' ? 'Waiting to start' : 'Reading the sites'} />}
          {job.status === 'done' && (
            <p role="status">
              Done: {job.total.toLocaleString('en')} rows.{' '}
              <a className="primary-button" href={jobResultCsvUrl(job.id)} download>
                Download the CSV
              </a>
            </p>
          )}
          {job.status === 'cancelled' && <p role="status">The job was cancelled.</p>}
          {job.status === 'failed' && <p role="alert" className="many-sites-problem">The job failed: {'error' in job ? job.error : ''}</p>}
        </div>
      );
    }
  }
}

function Progress({ done, total, label }: { done: number; total: number | null; label: string }) {
  return (
    <div role="status" className="many-sites-progress">
      <span>
        {label}: {done.toLocaleString('en')}
        {total !== null ? ` of ${total.toLocaleString('en')} rows` : ' rows'}
      </span>
      <progress max={total ?? undefined} value={total ? done : undefined} aria-label={label} />
    </div>
  );
}
