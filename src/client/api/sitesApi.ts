import { jobCreatedSchema, jobStateSchema } from '../../shared/api/jobs.js';
import { sitesStreamLineSchema } from '../../shared/api/sites.js';
import { ndjsonLines } from './ndjsonLines.js';
import { requestJson, requestResponse } from './requestJson.js';

/** The CSV of a finished site job, for a download link. */
export const jobResultCsvUrl = (id: string) => `/api/jobs/${id}/result.csv`;

/** GET /api/jobs/{id}: a site job's status. */
export const readSitesJob = (id: string) => requestJson(`/api/jobs/${id}`, jobStateSchema);

/** DELETE /api/jobs/{id}: cancels a site job and answers its state. */
export const cancelSitesJob = (id: string) => requestJson(`/api/jobs/${id}`, jobStateSchema, { method: 'DELETE' });

/** POST /api/jobs: many sites (CSV text, parameters in the query) as a job; answers its id at once. */
export const createSitesJob = (query: string, csvText: string, signal: AbortSignal) =>
  requestJson(`/api/jobs?${query}`, jobCreatedSchema, { method: 'POST', body: csvText, headers: { 'Content-Type': 'text/csv' }, signal });

/**
 * POST /api/sites asking NDJSON: its progress lines, one line per row, then done (or error), each
 * read with the shared line schema as it arrives; aborting the signal closes the connection, which stops the server.
 */
export async function* streamSites(query: string, csvText: string, signal: AbortSignal) {
  const response = await requestResponse(`/api/sites?${query}`, { method: 'POST', body: csvText, headers: { 'Content-Type': 'text/csv', Accept: 'application/x-ndjson' }, signal });
  yield* ndjsonLines(response, sitesStreamLineSchema, signal);
}
