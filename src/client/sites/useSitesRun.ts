import { useCallback, useEffect, useRef, useState } from 'react';
import { toCsv, type CsvCell } from '../../shared/csv.js';
import type { JobState } from '../../shared/api/jobs.js';
import { isAbortError } from '../api/ApiRequestError.js';
import { cancelSitesJob, createSitesJob, readSitesJob, streamSites } from '../api/sitesApi.js';

export interface SitesRunParams {
  startDate: string;
  endDate: string;
  cloudCoverage: number;
  bands: string[];
  mask: string;
  /** The page's "Harmonise TM/ETM+ to OLI" switch: sends harmonize=oli. */
  harmonize?: boolean;
}

export type SitesRun =
  | { kind: 'idle' }
  | { kind: 'running'; done: number; total: number | null }
  | { kind: 'done'; csv: string; rowCount: number; siteCount: number }
  | { kind: 'failed'; message: string }
  | { kind: 'cancelled' }
  | { kind: 'job'; job: JobState | { id: string; status: 'queued'; done: 0; total: null } };

const queryOf = (p: SitesRunParams) =>
  new URLSearchParams({ startDate: p.startDate, endDate: p.endDate, cloudCoverage: String(p.cloudCoverage), bands: p.bands.join(','), mask: p.mask, ...(p.harmonize ? { harmonize: 'oli' } : {}) }).toString();

/** The job id a kept link names (`#job=<id>`), if any. */
export const jobIdFromHash = (hash: string) => /(?:^#|&)job=([A-Za-z0-9_-]{22})/.exec(hash)?.[1] ?? null;

/**
 * Runs a batch: up to 1,000 sites at once (POST /api/sites, NDJSON progress), more as a job
 * (POST /api/jobs) followed until it is done; cancel stops either.
 */
export function useSitesRun(maxSitesAtOnce: number) {
  const [run, setRun] = useState<SitesRun>({ kind: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const polling = useRef<number | null>(null);
  const stopPolling = () => {
    if (polling.current !== null) window.clearTimeout(polling.current);
    polling.current = null;
  };
  useEffect(() => () => {
    controller.current?.abort();
    stopPolling();
  }, []);

  const followJob = useCallback((id: string) => {
    stopPolling();
    const tick = async () => {
      try {
        const job = await readSitesJob(id);
        setRun({ kind: 'job', job });
        if (job.status === 'queued' || job.status === 'running') polling.current = window.setTimeout(() => void tick(), 1000);
      } catch (err) {
        setRun({ kind: 'failed', message: `Could not read job ${id}: ${(err as Error).message}` });
      }
    };
    setRun({ kind: 'job', job: { id, status: 'queued', done: 0, total: null } });
    void tick();
  }, []);

  // A kept link (#job=<id>) opens that job.
  useEffect(() => {
    const id = jobIdFromHash(window.location.hash);
    if (id) followJob(id);
  }, [followJob]);

  const start = useCallback(
    async (csvText: string, siteCount: number, params: SitesRunParams) => {
      controller.current?.abort();
      stopPolling();
      const own = new AbortController();
      controller.current = own;
      try {
        if (siteCount > maxSitesAtOnce) {
          const created = await createSitesJob(queryOf(params), csvText, own.signal);
          window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}#job=${created.id}`);
          followJob(created.id);
          return;
        }
        setRun({ kind: 'running', done: 0, total: siteCount });
        const rows: CsvCell[][] = [];
        let header: string[] | null = null;
        for await (const line of streamSites(queryOf(params), csvText, own.signal)) {
          if (line.type === 'progress') setRun({ kind: 'running', done: line.done, total: line.total });
          else if (line.type === 'row') {
            const { type: _type, ...cells } = line;
            header ??= Object.keys(cells);
            rows.push(header.map((h) => cells[h] as CsvCell));
          } else if (line.type === 'error') throw new Error(line.error.message);
          else if (line.type === 'done') setRun({ kind: 'done', csv: toCsv([header ?? [], ...rows]), rowCount: rows.length, siteCount });
        }
      } catch (err) {
        if (isAbortError(err)) return;
        setRun({ kind: 'failed', message: (err as Error).message });
      }
    },
    [maxSitesAtOnce, followJob],
  );

  const cancel = useCallback(async () => {
    controller.current?.abort();
    if (run.kind === 'job') {
      stopPolling();
      try {
        setRun({ kind: 'job', job: await cancelSitesJob(run.job.id) });
      } catch (err) {
        setRun({ kind: 'failed', message: `Could not cancel: ${(err as Error).message}` });
      }
    } else setRun({ kind: 'cancelled' });
  }, [run]);

  return { run, start, cancel };
}
