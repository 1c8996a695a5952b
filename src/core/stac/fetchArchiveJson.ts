import { ArchiveTimeoutError, ArchiveUnavailableError } from './archiveErrors.js';

export interface ArchiveFetchOptions {
  fetch: typeof fetch;
  /** Human name of the archive for error messages, e.g. 'Planetary Computer'. */
  archiveName: string;
  /** Per-attempt limit, covering both the answer and its body. */
  timeoutMs: number;
  /** The caller's signal: aborting it stops at once and is never retried or wrapped. */
  signal?: AbortSignal;
  /** Further attempts after a transient failure (network error, 408, 429, 5xx). Default 2. */
  retries?: number;
  /** Base delay of the exponential backoff; each wait is jittered between 50 % and 150 %. Default 300 ms. */
  retryDelayMs?: number;
  /** Statuses handed back to the caller instead of failing (e.g. 405 to fall back from POST to GET). */
  passStatuses?: readonly number[];
}

export interface ArchiveJsonResponse {
  status: number;
  /** Parsed JSON for 2xx answers; null for a passed-through status. */
  body: unknown;
}

const RETRYABLE_STATUSES = new Set([408, 429, 500, 502, 503, 504]);

class TransientFailure extends Error {}

/**
 * One idempotent JSON read from the archive with a timeout, retries with backoff and jitter, and
 * failures translated to ArchiveUnavailableError / ArchiveTimeoutError.
 *
 * A timed-out attempt is not retried: an archive that did not answer within the limit rarely answers
 * the next time, and retrying would multiply the person's wait.
 */
export async function fetchArchiveJson(url: string, init: RequestInit, options: ArchiveFetchOptions): Promise<ArchiveJsonResponse> {
  const retries = options.retries ?? 2;
  const baseDelayMs = options.retryDelayMs ?? 300;
  for (let attemptIndex = 0; ; attemptIndex++) {
    options.signal?.throwIfAborted();
    try {
      return await fetchOnce(url, init, options);
    } catch (error) {
      if (!(error instanceof TransientFailure)) throw error;
      if (attemptIndex >= retries) {
        throw new ArchiveUnavailableError(options.archiveName, error.message, { cause: error.cause, upstreamStatus: statusOf(error) });
      }
      const delayMs = baseDelayMs * 2 ** attemptIndex * (0.5 + Math.random());
      await sleep(delayMs, options.signal);
    }
  }
}

async function fetchOnce(url: string, init: RequestInit, options: ArchiveFetchOptions): Promise<ArchiveJsonResponse> {
  const { signal: callerSignal, archiveName, timeoutMs } = options;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error(`timed out after ${timeoutMs} ms`));
  }, timeoutMs);
  const onCallerAbort = () => controller.abort(callerSignal?.reason);
  callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  try {
    let response: Response;
    let text: string;
    try {
      // Racing against the signal as well keeps a fetch implementation that ignores signals from hanging us.
      response = await raceAbort(options.fetch(url, { ...init, signal: controller.signal }), controller.signal);
      text = await raceAbort(response.text(), controller.signal);
    } catch (error) {
      if (callerSignal?.aborted) throw callerSignal.reason;
      if (timedOut) throw new ArchiveTimeoutError(archiveName, timeoutMs, { cause: error });
      // A fetch wrapper may refuse a call for good (a paused or disallowed host): retrying cannot help.
      if ((error as { retryable?: unknown } | null)?.retryable === false) throw error;
      throw new TransientFailure(`could not reach ${describeUrl(url)} (${errorText(error)})`, { cause: error });
    }
    if (options.passStatuses?.includes(response.status)) return { status: response.status, body: null };
    if (!response.ok) {
      const detail = `${describeUrl(url)} answered HTTP ${response.status}${snippet(text)}`;
      if (RETRYABLE_STATUSES.has(response.status)) throw Object.assign(new TransientFailure(detail), { status: response.status });
      throw new ArchiveUnavailableError(archiveName, detail, { upstreamStatus: response.status });
    }
    try {
      return { status: response.status, body: JSON.parse(text) as unknown };
    } catch (error) {
      throw new ArchiveUnavailableError(archiveName, `${describeUrl(url)} answered with something that is not JSON${snippet(text)}`, {
        cause: error,
        upstreamStatus: response.status,
      });
    }
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', onCallerAbort);
  }
}

function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function statusOf(error: TransientFailure): number | undefined {
  const status = (error as TransientFailure & { status?: number }).status;
  return typeof status === 'number' ? status : undefined;
}

/** Host and path only: query strings may carry SAS tokens, which must not end up in messages or logs. */
function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.host}${parsed.pathname}`;
  } catch {
    return 'the archive';
  }
}

function errorText(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return `${error.message}${cause}`;
  }
  return String(error);
}

function snippet(text: string): string {
  const compact = text.replace(/\s+/g, ' ').trim();
  if (!compact) return '';
  return `: ${compact.length > 120 ? `${compact.slice(0, 120)}…` : compact}`;
}
