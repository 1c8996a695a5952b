import type { EmptyAnswerExplanation } from '../../shared/api/common.js';

/**
 * A failed API call, carrying the server's `{"error":{"code","message"}}` so the page can tell the
 * person what went wrong in words (and can tell "route missing" apart from "nothing found").
 */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Why no scene qualifies, when the server says (`error.explanation` of a 404 `no_scene`). */
    readonly explanation: EmptyAnswerExplanation | null = null,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

/** Builds an ApiRequestError from a non-OK response, whatever shape its body has. */
export async function apiRequestErrorFrom(response: Response): Promise<ApiRequestError> {
  let code = `http_${response.status}`;
  let message = `The server answered ${response.status} ${response.statusText}`.trim();
  let explanation: EmptyAnswerExplanation | null = null;
  try {
    const body: unknown = await response.json();
    const error = (body as { error?: { code?: unknown; message?: unknown; explanation?: unknown } } | null)?.error;
    if (error && typeof error === 'object') {
      if (typeof error.code === 'string') code = error.code;
      if (typeof error.message === 'string') message = error.message;
      if (error.explanation && typeof error.explanation === 'object') explanation = error.explanation as EmptyAnswerExplanation;
    }
  } catch {
    // Not JSON (a proxy's HTML page, say): the status line is all we can report.
  }
  return new ApiRequestError(response.status, code, message, explanation);
}

/** True for errors caused by our own AbortController: those are not failures to report. */
export function isAbortError(err: unknown): boolean {
  return err instanceof DOMException ? err.name === 'AbortError' : (err as { name?: string } | null)?.name === 'AbortError';
}
