import type { z } from 'zod';
import { ApiRequestError, apiRequestErrorFrom } from './ApiRequestError.js';
import { ndjsonLines, readStreamPart } from './ndjsonLines.js';
import { schemaFrom, type SchemaSource } from './requestJson.js';

export interface StreamProgress {
  done: number;
  /** Null until the server knows how many scenes qualify. */
  total: number | null;
  /** Until then, how far the search is: candidate scenes whose cloud cover has been checked. */
  searched?: { checked: number; candidates: number };
}

/**
 * Whether `next` brings the stream's first count: of the scenes, or before them of the candidates
 * whose cloud cover is checked (below 100 % cloud). The page shows it at once, not behind its render interval.
 */
export function isFirstCount(previous: StreamProgress | null, next: StreamProgress): boolean {
  if (next.total !== null) return previous === null || previous.total === null;
  return next.searched !== undefined && previous?.searched === undefined;
}

export interface ReadNdjsonOptions<I extends z.ZodType> {
  signal?: AbortSignal;
  onProgress?: (progress: StreamProgress) => void;
  /** The stream's item lines (a scene's statistics, read with `schema`), for calls that send them, before the whole result. */
  items?: { schema: SchemaSource<I>; onItem: (item: z.output<I>) => void };
  /** For the streams asked with a body (POST /api/area/stream): method, body and their headers. */
  request?: { method: 'POST'; body: string; headers: Record<string, string> };
}

/**
 * GETs one of the `/stream` calls (/api/pixel/stream, /api/landsatData/stream) and reads its NDJSON
 * lines as they arrive, so a long series can say "scene 12 of 45". Each line is read with the
 * shared schemas (src/shared/api/ndjsonStream.ts, then the call's item and answer schemas): a line
 * of another shape rejects with a `bad_stream` ApiRequestError. Resolves with the `result` line's
 * payload (the same JSON as the plain call); an `error` line becomes an ApiRequestError, because
 * the status was already 200 when the job failed. Aborting the signal cancels the body, which
 * closes the connection and so stops the server's range reads too.
 */
export async function readNdjsonProgress<R extends z.ZodType, I extends z.ZodType = z.ZodType>(
  url: string,
  resultSchema: SchemaSource<R>,
  { signal, onProgress, items, request }: ReadNdjsonOptions<I> = {},
): Promise<z.output<R>> {
  // The schemas (and zod with them) load beside the request, not before it (requestJson.ts). Progress
  // lines need only the line schema: the answer's schemas are awaited when an item or the result comes,
  // so "0 of 1,842" shows while the larger answer schemas still load.
  const resultSchemaLoaded = Promise.resolve(schemaFrom(resultSchema));
  const itemSchemaLoaded = items && Promise.resolve(schemaFrom(items.schema));
  // Awaited only below: a failure before then (the request refused) must not surface as unhandled.
  resultSchemaLoaded.catch(() => undefined);
  itemSchemaLoaded?.catch(() => undefined);
  const [response, lineSchema] = await Promise.all([
    fetch(url, { ...request, signal, headers: { ...request?.headers, Accept: 'application/x-ndjson' } }),
    import('../../shared/api/ndjsonStream.js').then((m) => m.progressStreamLineSchema),
  ]);
  if (!response.ok) throw await apiRequestErrorFrom(response);
  for await (const line of ndjsonLines(response, lineSchema, signal)) {
    if (line.type === 'progress') onProgress?.({ done: line.done, total: line.total, ...(line.searched ? { searched: line.searched } : {}) });
    else if (line.type === 'item') items?.onItem(readStreamPart(response.status, (await itemSchemaLoaded)!, line.item, 'item'));
    else if (line.type === 'result') return readStreamPart(response.status, await resultSchemaLoaded, line.result, 'result');
    else throw new ApiRequestError(line.status ?? 500, line.error.code, line.error.message);
  }
  throw new ApiRequestError(response.status, 'stream_ended', 'The server closed the stream before sending a result.');
}
