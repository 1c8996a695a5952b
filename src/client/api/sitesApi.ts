import { queryOptions } from '@tanstack/react-query';
import { toCsv, type CsvCell } from '../../shared/csv.js';
import { jobCreatedSchema, jobStateSchema } from '../../shared/api/jobs.js';
import { sitesStreamLineSchema } from '../../shared/api/sites.js';
import { ndjsonLines } from './ndjsonLines.js';
import { requestJson, requestResponse } from './requestJson.js';

/** The CSV of a finished site job, for a download link. */
export const jobResultCsvUrl = (id: string) => `/api/jobs/${id}/result.csv`;

/** A job still on its way is asked again after this long. */
const JOB_POLL_MS = 1000;

/** GET /api/jobs/{id} in the query cache: a site job's status, asked again every second while it is queued or running. */
export function sitesJobQueryOptions(id: string | null) {
  return queryOptions({
    queryKey: ['sites-job', id],
    queryFn: ({ signal }) => requestJson(`/api/jobs/${id}`, jobStateSchema, { signal }),
    enabled: id !== null,
    retry: false,
    gcTime: 0,
    refetchInterval: (query) => (query.state.status === 'error' || (query.state.data && query.state.data.status !== 'queued' && query.state.data.status !== 'running') ? false : JOB_POLL_MS),
  });
}

/** DELETE /api/jobs/{id}: cancels a site job and answers its state. */
export const cancelSitesJob = (id: string) => requestJson(`/api/jobs/${id}`, jobStateSchema, { method: 'DELETE' });

/** POST /api/jobs: many sites (CSV text, parameters in the query) as a job; answers its id at once. */
export const createSitesJob = (query: string, csvText: string, signal: AbortSignal) =>
  requestJson(`/api/jobs?${query}`, jobCreatedSchema, { method: 'POST', body: csvText, headers: { 'Content-Type': 'text/csv' }, signal });

/** One run of up to 1,000 sites: its number (each run is asked anew), its parameters (query string) and the CSV sent. */
export interface SitesBatch {
  id: number;
  query: string;
  csvText: string;
  siteCount: number;
}

/** A finished run: the rows as CSV text (the columns in the server's order). */
export interface SitesBatchResult {
  csv: string;
  rowCount: number;
  siteCount: number;
}

/**
 * POST /api/sites (NDJSON) in the query cache: the run's rows gathered into CSV text, its progress
 * handed to `onProgress`. The query's signal reaches fetch, so cancelling the query (or leaving
 * it) closes the connection, which stops the server's reads.
 */
export function sitesBatchQueryOptions(batch: SitesBatch | null, onProgress: (done: number, total: number | null) => void) {
  return queryOptions({
    queryKey: ['sites', batch?.id, batch?.query],
    queryFn: async ({ signal }): Promise<SitesBatchResult> => {
      const rows: CsvCell[][] = [];
      let header: string[] | null = null;
      for await (const line of streamSites(batch!.query, batch!.csvText, signal)) {
        if (line.type === 'progress') {
          if (!signal.aborted) onProgress(line.done, line.total);
        } else if (line.type === 'row') {
          const { type: _type, ...cells } = line;
          header ??= Object.keys(cells);
          rows.push(header.map((h) => cells[h] as CsvCell));
        } else if (line.type === 'error') throw new Error(line.error.message);
        else return { csv: toCsv([header ?? [], ...rows]), rowCount: rows.length, siteCount: batch!.siteCount };
      }
      throw new Error('The server closed the stream before the last row.');
    },
    enabled: batch !== null,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
}

/**
 * POST /api/sites asking NDJSON: its progress lines, one line per row, then done (or error), each
 * read with the shared line schema as it arrives; aborting the signal closes the connection, which stops the server.
 */
async function* streamSites(query: string, csvText: string, signal: AbortSignal) {
  const response = await requestResponse(`/api/sites?${query}`, { method: 'POST', body: csvText, headers: { 'Content-Type': 'text/csv', Accept: 'application/x-ndjson' }, signal });
  yield* ndjsonLines(response, sitesStreamLineSchema, signal);
}
