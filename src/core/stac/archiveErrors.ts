import { ExplainedError } from '../explainedError.js';

/**
 * Failures of the upstream Landsat archive, phrased for a person. The server maps
 * ArchiveUnavailableError to 502 and ArchiveTimeoutError to 504; a caller's own abort is never
 * wrapped (it stays the AbortSignal's reason) so that cancelled requests are not reported as outages.
 */
export class ArchiveUnavailableError extends ExplainedError {
  readonly code = 'ARCHIVE_UNAVAILABLE';
  readonly statusCode = 502;
  /** Human name of the archive, e.g. 'Planetary Computer'. */
  readonly archiveName: string;
  /** Upstream HTTP status when there was one. */
  readonly upstreamStatus: number | null;

  constructor(archiveName: string, detail: string, options: { cause?: unknown; upstreamStatus?: number } = {}) {
    super(`The Landsat archive (${archiveName}) is not available: ${detail}`, { cause: options.cause });
    this.name = 'ArchiveUnavailableError';
    this.archiveName = archiveName;
    this.upstreamStatus = options.upstreamStatus ?? null;
  }
}

export class ArchiveTimeoutError extends ExplainedError {
  readonly code = 'ARCHIVE_TIMEOUT';
  readonly statusCode = 504;
  readonly archiveName: string;
  readonly timeoutMs: number;

  constructor(archiveName: string, timeoutMs: number, options: { cause?: unknown } = {}) {
    super(`The Landsat archive (${archiveName}) did not answer within ${formatSeconds(timeoutMs)}`, { cause: options.cause });
    this.name = 'ArchiveTimeoutError';
    this.archiveName = archiveName;
    this.timeoutMs = timeoutMs;
  }
}

function formatSeconds(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = Math.round(ms / 100) / 10;
  return `${seconds} s`;
}
