import { compareResponseSchema, type CompareResponse } from '../../shared/api/compare.js';
import { batchStreamLineSchema } from '../../shared/api/compareFiles.js';
import { ApiRequestError } from './ApiRequestError.js';
import { ndjsonLines } from './ndjsonLines.js';
import { requestJson, requestResponse } from './requestJson.js';

export type BatchRowObject = Record<string, string | number | boolean | null>;

/**
 * POST /api/compare/batch with the dropped files (multipart), read as NDJSON: each file's rows arrive
 * as it finishes, with progress. Aborting the signal closes the connection, which stops the server.
 */
export async function runFieldFileBatch(
  files: readonly File[],
  maxDays: number,
  /** Where files without GPS were measured; absent, those files are refused with the reason. */
  placeIfMissing: { lat: number; lon: number } | null,
  on: { rows: (rows: BatchRowObject[]) => void; progress: (done: number, total: number | null) => void },
  signal: AbortSignal,
): Promise<void> {
  const form = new FormData();
  // The relative path of a dropped folder's file keeps names unique ("day1/a.sig", "day2/a.sig").
  for (const f of files) form.append('files', f, (f as File & { webkitRelativePath?: string }).webkitRelativePath || f.name);
  const query = new URLSearchParams({ format: 'ndjson', maxDays: String(maxDays), ...(placeIfMissing ? { lat: String(placeIfMissing.lat), lon: String(placeIfMissing.lon) } : {}) });
  const response = await requestResponse(`/api/compare/batch?${query}`, { method: 'POST', body: form, signal });
  for await (const line of ndjsonLines(response, batchStreamLineSchema, signal)) {
    if (line.type === 'progress') on.progress(line.done, line.total);
    else if (line.type === 'row') {
      const { type: _type, ...row } = line;
      on.rows([row as BatchRowObject]);
    } else if (line.type === 'error') throw new ApiRequestError(line.status ?? 500, line.error.code, line.error.message);
  }
}

/** POST /api/compare with one file (multipart field `file`): the full answer, with the spectrum for its chart. */
export function compareOneFieldFile(file: File, maxDays: number, placeIfMissing: { lat: number; lon: number } | null, signal?: AbortSignal): Promise<CompareResponse> {
  const form = new FormData();
  form.append('maxDays', String(maxDays));
  if (placeIfMissing) {
    // Sent only for a file the batch found without GPS: for one with GPS the file's own position stands.
    form.append('lat', String(placeIfMissing.lat));
    form.append('lon', String(placeIfMissing.lon));
  }
  form.append('file', file, file.name);
  return requestJson('/api/compare', compareResponseSchema, { method: 'POST', body: form, signal });
}
