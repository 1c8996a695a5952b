import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { JobState } from '../../shared/api/jobs.js';
import { isAbortError } from '../api/ApiRequestError.js';
import { cancelSitesJob, createSitesJob, sitesBatchQueryOptions, sitesJobQueryOptions, type SitesBatch, type SitesBatchResult } from '../api/sitesApi.js';

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

/** What the panel is doing: nothing yet, a run read at once, a job followed, or how the last one ended. */
type Mode = { kind: 'idle' } | { kind: 'batch'; batch: SitesBatch } | { kind: 'job'; id: string } | { kind: 'cancelled' } | { kind: 'failed'; message: string };

const queryOf = (p: SitesRunParams) =>
  new URLSearchParams({ startDate: p.startDate, endDate: p.endDate, cloudCoverage: String(p.cloudCoverage), bands: p.bands.join(','), mask: p.mask, ...(p.harmonize ? { harmonize: 'oli' } : {}) }).toString();

/** The job id a kept link names (`#job=<id>`), if any. */
export const jobIdFromHash = (hash: string) => /(?:^#|&)job=([A-Za-z0-9_-]{22})/.exec(hash)?.[1] ?? null;

/**
 * Runs a batch: up to 1,000 sites at once (POST /api/sites, NDJSON progress), more as a job
 * (POST /api/jobs) followed until it is done; both answers live in the query cache (sitesApi.ts).
 * Cancel stops either: the run's request is aborted (its connection closes, so the server stops),
 * the job is cancelled on the server. A kept link (#job=<id>) opens that job.
 */
export function useSitesRun(maxSitesAtOnce: number) {
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<Mode>(() => {
    const id = jobIdFromHash(window.location.hash);
    return id ? { kind: 'job', id } : { kind: 'idle' };
  });
  const [progress, setProgress] = useState<{ batchId: number; done: number; total: number | null } | null>(null);
  const batchCounter = useRef(0);
  // Creating a job is one short POST; a newer start or leaving the page aborts it.
  const creating = useRef<AbortController | null>(null);
  useEffect(() => () => creating.current?.abort(), []);

  const batch = mode.kind === 'batch' ? mode.batch : null;
  const batchQuery = useQuery(sitesBatchQueryOptions(batch, (done, total) => batch && setProgress({ batchId: batch.id, done, total })));
  const jobId = mode.kind === 'job' ? mode.id : null;
  const jobQuery = useQuery(sitesJobQueryOptions(jobId));

  const start = useCallback(
    async (csvText: string, siteCount: number, params: SitesRunParams) => {
      creating.current?.abort();
      if (siteCount <= maxSitesAtOnce) {
        setMode({ kind: 'batch', batch: { id: ++batchCounter.current, query: queryOf(params), csvText, siteCount } });
        return;
      }
      const own = new AbortController();
      creating.current = own;
      try {
        const created = await createSitesJob(queryOf(params), csvText, own.signal);
        window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}#job=${created.id}`);
        setMode({ kind: 'job', id: created.id });
      } catch (err) {
        if (!isAbortError(err)) setMode({ kind: 'failed', message: (err as Error).message });
      }
    },
    [maxSitesAtOnce],
  );

  const cancel = useCallback(async () => {
    creating.current?.abort();
    if (mode.kind === 'job') {
      const { queryKey } = sitesJobQueryOptions(mode.id);
      try {
        const cancelled = await cancelSitesJob(mode.id);
        // A status read still on its way would otherwise put "running" back after the answer.
        await queryClient.cancelQueries({ queryKey });
        queryClient.setQueryData(queryKey, cancelled);
      } catch (err) {
        setMode({ kind: 'failed', message: `Could not cancel: ${(err as Error).message}` });
      }
      return;
    }
    if (mode.kind === 'batch') await queryClient.cancelQueries({ queryKey: sitesBatchQueryOptions(mode.batch, () => undefined).queryKey });
    setMode({ kind: 'cancelled' });
  }, [mode, queryClient]);

  return { run: runOf(mode, batchQuery, jobQuery, progress), start, cancel };
}

/** The run as the panel shows it, from the mode and the two queries' states. */
function runOf(
  mode: Mode,
  batchQuery: UseQueryResult<SitesBatchResult>,
  jobQuery: UseQueryResult<JobState>,
  progress: { batchId: number; done: number; total: number | null } | null,
): SitesRun {
  switch (mode.kind) {
    case 'batch': {
      if (batchQuery.data) return { kind: 'done', ...batchQuery.data };
      if (batchQuery.error && !isAbortError(batchQuery.error)) return { kind: 'failed', message: batchQuery.error.message };
      const own = progress && progress.batchId === mode.batch.id ? progress : null;
      return { kind: 'running', done: own?.done ?? 0, total: own ? own.total : mode.batch.siteCount };
    }
    case 'job':
      if (jobQuery.error) return { kind: 'failed', message: `Could not read job ${mode.id}: ${jobQuery.error.message}` };
      return { kind: 'job', job: jobQuery.data ?? { id: mode.id, status: 'queued', done: 0, total: null } };
    default:
      return mode;
  }
}
