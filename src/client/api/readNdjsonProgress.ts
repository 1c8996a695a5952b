import { ApiRequestError, apiRequestErrorFrom } from './ApiRequestError.js';

export interface StreamProgress {
  done: number;
  /** Null until the server knows how many scenes qualify. */
  total: number | null;
}

export interface ReadNdjsonOptions {
  signal?: AbortSignal;
  onProgress?: (progress: StreamProgress) => void;
  /** One finished piece of the answer (a scene's statistics), before the whole result. */
  onItem?: (item: unknown) => void;
}

type NdjsonLine =
  | { type: 'progress'; done: number; total: number | null }
  | { type: 'result'; result: unknown }
  | { type: 'item'; item: unknown }
  | { type: 'error'; error?: { code?: string; message?: string }; status?: number };

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The request was aborted.', 'AbortError');
}

/**
 * GETs one of the `/stream` calls (/api/pixel/stream, /api/landsatData/stream) and reads its NDJSON
 * lines as they arrive, so a long series can say "scene 12 of 45". Resolves with the `result` line's
 * payload (the same JSON as the plain call); an `error` line becomes an ApiRequestError, because the
 * status was already 200 when the job failed. Aborting the signal cancels the body, which closes
 * the connection and so stops the server's range reads too.
 */
export async function readNdjsonProgress<T>(url: string, { signal, onProgress, onItem }: ReadNdjsonOptions = {}): Promise<T> {
  const response = await fetch(url, { signal, headers: { Accept: 'application/x-ndjson' } });
  if (!response.ok) throw await apiRequestErrorFrom(response);
  if (!response.body) throw new ApiRequestError(response.status, 'empty_body', 'The server sent no data.');

  const reader = response.body.getReader();
  // fetch aborts a real body by itself; cancelling here also covers bodies that ignore the signal.
  const cancel = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', cancel, { once: true });
  const decoder = new TextDecoder();
  let buffered = '';

  const handle = (text: string): { result: T } | undefined => {
    if (text.trim() === '') return undefined;
    let line: NdjsonLine;
    try {
      line = JSON.parse(text) as NdjsonLine;
    } catch {
      throw new ApiRequestError(response.status, 'bad_stream', `The server sent a line that is not JSON: ${text.slice(0, 80)}`);
    }
    if (line.type === 'progress') onProgress?.({ done: line.done, total: line.total ?? null });
    else if (line.type === 'item') onItem?.(line.item);
    else if (line.type === 'result') return { result: line.result as T };
    else if (line.type === 'error') {
      throw new ApiRequestError(line.status ?? 500, line.error?.code ?? 'stream_error', line.error?.message ?? 'The server failed while streaming.');
    }
    return undefined;
  };

  try {
    for (;;) {
      if (signal?.aborted) throw abortError(signal);
      const { value, done } = await reader.read();
      if (signal?.aborted) throw abortError(signal);
      buffered += decoder.decode(value, { stream: !done });
      const lines = buffered.split('\n');
      buffered = done ? '' : lines.pop()!;
      for (const text of lines) {
        const outcome = handle(text);
        if (outcome) return outcome.result;
      }
      if (done) break;
    }
  } finally {
    signal?.removeEventListener('abort', cancel);
  }
  throw new ApiRequestError(response.status, 'stream_ended', 'The server closed the stream before sending a result.');
}
