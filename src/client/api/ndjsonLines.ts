import type { z } from 'zod';
import { createLineSplitter } from '../../shared/lineSplitter.js';
import { ApiRequestError } from './ApiRequestError.js';

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The request was aborted.', 'AbortError');
}

/** A line of another shape than the call's schema says: named, so the page can show it instead of failing somewhere later. */
function badLine(status: number, text: string, why: string): ApiRequestError {
  return new ApiRequestError(status, 'bad_stream', `The server sent a line the page cannot read (${why}): ${text.slice(0, 80)}`);
}

/** A line's payload (a result, an item) read with the call's schema; `where` names it in the message. */
export function readStreamPart<S extends z.ZodType>(status: number, schema: S, value: unknown, where: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw badLine(status, JSON.stringify(value) ?? '', issueWords(parsed.error, where));
}

const issueWords = (error: z.ZodError, where: string) => {
  const issue = error.issues[0];
  return `${[where, ...issue.path.map(String)].filter(Boolean).join('.') || 'line'}: ${issue.message}`;
};

/**
 * The lines of an NDJSON answer as they arrive, each read with the call's line schema from
 * src/shared/api. Aborting the signal cancels the body, which closes the connection and so stops
 * the server's work too.
 */
export async function* ndjsonLines<S extends z.ZodType>(response: Response, lineSchema: S, signal?: AbortSignal): AsyncGenerator<z.output<S>> {
  if (!response.body) throw new ApiRequestError(response.status, 'empty_body', 'The server sent no data.');
  const reader = response.body.getReader();
  // fetch aborts a real body by itself; cancelling here also covers bodies that ignore the signal.
  const cancel = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', cancel, { once: true });
  const decoder = new TextDecoder();
  const splitter = createLineSplitter();
  try {
    for (;;) {
      if (signal?.aborted) throw abortError(signal);
      const { value, done } = await reader.read();
      if (signal?.aborted) throw abortError(signal);
      const lines = splitter.push(decoder.decode(value, { stream: !done }));
      if (done) lines.push(splitter.end());
      for (const text of lines) {
        if (text.trim() === '') continue;
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          throw badLine(response.status, text, 'not JSON');
        }
        const parsed = lineSchema.safeParse(json);
        if (!parsed.success) throw badLine(response.status, text, issueWords(parsed.error, ''));
        yield parsed.data;
      }
      if (done) return;
    }
  } finally {
    signal?.removeEventListener('abort', cancel);
    // A reader that stopped early (a result line, an error) lets the connection go.
    if (!signal?.aborted) cancel();
  }
}
