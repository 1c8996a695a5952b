/**
 * Errors raised by the server's own protections (queue, circuit breaker, archive allowlist). Each
 * carries `statusCode` and `code`, which the app's error handler renders as {"error":{"code","message"}}.
 */
import { ExplainedError } from '../../core/explainedError.js';

/** The heavy-work queue is full: answer 503 with Retry-After instead of queueing without bound. */
export class ServerBusyError extends Error {
  override readonly name = 'ServerBusyError';
  readonly statusCode = 503;
  readonly code = 'busy';
  constructor(readonly retryAfterSeconds: number) {
    super('The server is busy; try again in a few seconds');
  }
}

/** A request waited in the heavy-work queue past its time budget (REQUEST_TIMEOUT_MS): its work is never started. */
export class QueueTimeoutError extends Error {
  override readonly name = 'QueueTimeoutError';
  readonly statusCode = 503;
  readonly code = 'queue_timeout';
  constructor(
    readonly waitedMs: number,
    readonly retryAfterSeconds: number,
  ) {
    super(`The server was too busy to start this request within ${Math.round(waitedMs / 1000)} s; try again in a few seconds`);
  }
}

/** An upstream host failed repeatedly, so calls to it are paused instead of hammering it. */
export class CircuitOpenError extends ExplainedError {
  override readonly name = 'CircuitOpenError';
  /** Final: an archive client must not retry it (see fetchArchiveJson). */
  readonly retryable = false;
  readonly statusCode = 502;
  readonly code = 'archive_unavailable';
  constructor(
    readonly host: string,
    readonly retryAfterSeconds: number,
  ) {
    super(`The Landsat archive is failing; requests paused for ${retryAfterSeconds} s`);
  }
}

/** An asset or link points outside the configured archive hosts or folders: refused, never fetched. */
export class UpstreamNotAllowedError extends ExplainedError {
  override readonly name = 'UpstreamNotAllowedError';
  /** Final: an archive client must not retry it (see fetchArchiveJson). */
  readonly retryable = false;
  readonly statusCode = 502;
  readonly code = 'archive_refused';
  constructor(readonly target: string) {
    super(`The Landsat archive pointed at ${target}, which is not an allowed archive location; it was not fetched`);
  }
}

/**
 * The ops error somewhere in the cause chain: the archive client wraps whatever fetch throws in its
 * own error after retrying, and the person should read the real reason (paused, refused).
 */
export function findOpsError(err: unknown): ServerBusyError | CircuitOpenError | UpstreamNotAllowedError | null {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 8; e = e.cause, depth++) {
    if (e instanceof ServerBusyError || e instanceof CircuitOpenError || e instanceof UpstreamNotAllowedError) return e;
  }
  return null;
}
