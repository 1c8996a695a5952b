import { PassThrough } from 'node:stream';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { toApiError } from './toApiError.js';
import { errorLogLevel } from './errorLogLevel.js';
import type { ProgressStreamLine } from '../shared/api/ndjsonStream.js';

export type ProgressReporter = (done: number, total: number) => void;
/** Sends one finished piece of the answer at once (`{"type":"item","item":…}`), so the page can draw it before the rest. */
export type ItemReporter = (item: unknown) => void;
/** While the scenes are not known yet: how far the search is (`searched` on a progress line with total null). */
export type SearchReporter = (checked: number, candidates: number) => void;

/**
 * Lines written within this many milliseconds go out together, as one chunk. A 40-year series sends a
 * line per scene (1,842 item lines a few milliseconds apart): each its own HTTP chunk, they cost the
 * browser's network and renderer threads ~0.9 s of CPU over the journey, on the two cores the server
 * shares with it (docs/performance.md, ninth round). Twenty milliseconds is below what a person sees
 * of a progress bar (and its lines are throttled to 100 ms anyway).
 */
const LINE_BATCH_MS = 20;

/** Writes lines to `stream` in batches (LINE_BATCH_MS); `end` sends what is pending, then ends the stream. */
export function batchedLines(stream: PassThrough) {
  let pending: string[] = [];
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (pending.length > 0 && !stream.destroyed) stream.write(pending.join(''));
    pending = [];
  };
  return {
    write(text: string) {
      pending.push(text);
      timer ??= setTimeout(flush, LINE_BATCH_MS);
    },
    end() {
      flush();
      stream.end();
    },
  };
}

/**
 * Streams a long job as NDJSON so the page can say "scene 12 of 45": `{"type":"progress","done","total"}`
 * lines (and, for calls that send them, one `{"type":"item","item":…}` line per finished scene), then one `{"type":"result","result":…}` line, or `{"type":"error","error":{"code","message"}}`
 * when the job fails after the 200 status has gone out. Progress lines are throttled.
 */
export function sendNdjsonProgress<T>(req: FastifyRequest, reply: FastifyReply, job: (onProgress: ProgressReporter, onItem: ItemReporter, onSearching: SearchReporter) => Promise<T>): FastifyReply {
  const stream = new PassThrough();
  const lines = batchedLines(stream);
  const write = (line: ProgressStreamLine) => lines.write(`${JSON.stringify(line)}\n`);
  let lastSent = 0;
  const onProgress: ProgressReporter = (done, total) => {
    const now = Date.now();
    if (done === total || now - lastSent >= 100) {
      lastSent = now;
      write({ type: 'progress', done, total });
    }
  };
  const onItem: ItemReporter = (item) => {
    if (!stream.writableEnded) write({ type: 'item', item });
  };
  let searchSent = 0;
  const onSearching: SearchReporter = (checked, candidates) => {
    const now = Date.now();
    if (stream.writableEnded || (checked < candidates && now - searchSent < 100)) return;
    searchSent = now;
    write({ type: 'progress', done: 0, total: null, searched: { checked, candidates } });
  };
  write({ type: 'progress', done: 0, total: null });
  job(onProgress, onItem, onSearching)
    .then((result) => write({ type: 'result', result }))
    .catch((err: FastifyError) => {
      const answer = toApiError(err);
      const { statusCode, code, message, explanation } = answer;
      const level = errorLogLevel(answer);
      if (level === 'error') req.log.error({ err, statusCode, code }, 'streamed request failed');
      else req.log[level]({ statusCode, code, message }, 'streamed request refused');
      write({ type: 'error', error: { code, message, ...(explanation ? { explanation } : {}) }, status: statusCode });
    })
    .finally(() => lines.end());
  return reply.type('application/x-ndjson').header('cache-control', 'no-store').header('x-content-type-options', 'nosniff').send(stream);
}
