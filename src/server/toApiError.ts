import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { NoSceneError, NoUsableBandError } from '../core/landsat/landsatService.js';
import { ByteSourceHttpError, ByteSourceNotFoundError, ByteSourceTimeoutError } from '../core/raster/byteSource.js';
import { CogFormatError } from '../core/raster/sceneReader.js';
import { ArchiveTimeoutError, ArchiveUnavailableError } from '../core/stac/archiveErrors.js';
import { redactServerPaths } from './redactServerPaths.js';
import { cutText, shortenEchoes } from './shortenEchoes.js';

export interface ApiErrorAnswer {
  statusCode: number;
  code: string;
  message: string;
  /** Why no scene qualifies (src/core/landsat/explainEmptyAnswer.ts), on 404 no_scene. */
  explanation?: unknown;
}

/**
 * Turns any thrown error into the API's one error shape with a message a person can act on;
 * absolute server paths in it are cut to the file name (see redactServerPaths), long echoes of the
 * request cut short (see shortenEchoes; streams' error lines come through here too).
 */
export function toApiError(err: FastifyError & { name?: string }): ApiErrorAnswer {
  const answer = classify(err);
  return { ...answer, message: shortenEchoes(redactServerPaths(answer.message)) };
}

/** Longest piece of one validation problem (it may quote a key or value the client sent). */
const MAX_PROBLEM_CHARS = 200;
/** Validation problems listed; the rest are counted. */
const SHOWN_PROBLEMS = 5;

function classify(err: FastifyError & { name?: string }): ApiErrorAnswer {
  if (hasZodFastifySchemaValidationErrors(err)) {
    const problems = err.validation.map((v) => {
      const field = (v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
      const text = v.message ?? 'is invalid';
      return cutText(field && !text.startsWith(field) ? `${field}: ${text}` : text, MAX_PROBLEM_CHARS);
    });
    const shown = problems.slice(0, SHOWN_PROBLEMS);
    if (problems.length > SHOWN_PROBLEMS) shown.push(`and ${problems.length - SHOWN_PROBLEMS} more problems`);
    const message = shown.join('; ');
    return { statusCode: 400, code: 'bad_request', message };
  }
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { statusCode: 413, code: 'payload_too_large', message: 'The request body is too large.' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { statusCode: 415, code: 'unsupported_media_type', message: 'Send the request body as application/json.' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { statusCode: 400, code: 'bad_request', message: 'The request body is not valid JSON.' };
    case 'FST_ERR_BAD_URL':
      return {
        statusCode: 400,
        code: 'bad_request',
        message: 'The request URL is not valid: it has a malformed percent-encoding (a % must be followed by two hex digits of UTF-8).',
      };
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return { statusCode: 414, code: 'uri_too_long', message: 'A part of the request path is too long.' };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { statusCode: 400, code: 'bad_request', message: 'The request body does not match its Content-Length.' };
  }
  if (err instanceof NoSceneError) {
    // The explanation says why nothing qualifies (src/core/landsat/explainEmptyAnswer.ts).
    return { statusCode: 404, code: 'no_scene', message: err.message, ...(err.explanation ? { explanation: err.explanation } : {}) };
  }
  if (err instanceof NoUsableBandError) return { statusCode: 400, code: 'unavailable_band', message: err.message };
  // The platform's cancellation and timeout errors (DOMException, from AbortSignal) are told apart by name only.
  if (err.name === 'AbortError') return { statusCode: 499, code: 'client_closed', message: 'The request was cancelled.' };
  // Upstream failures: the archive's STAC API (Archive*Error) or its raster files (ByteSource*Error).
  if (err instanceof ArchiveTimeoutError) return { statusCode: 504, code: 'archive_timeout', message: err.message };
  if (err instanceof ByteSourceTimeoutError || err.name === 'TimeoutError') {
    return { statusCode: 504, code: 'archive_timeout', message: `The Landsat archive was too slow to deliver image data (${err.message}).` };
  }
  if (err instanceof ArchiveUnavailableError) return { statusCode: 502, code: 'archive_unavailable', message: err.message };
  if (err instanceof ByteSourceHttpError || err instanceof ByteSourceNotFoundError || err instanceof CogFormatError) {
    return { statusCode: 502, code: 'archive_unavailable', message: `The Landsat archive could not deliver image data (${err.message}).` };
  }
  if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
    const code = typeof err.code === 'string' && !err.code.startsWith('FST_') ? err.code : err.statusCode === 429 ? 'rate_limited' : 'bad_request';
    return { statusCode: err.statusCode, code, message: err.message };
  }
  if (typeof err.statusCode === 'number' && err.statusCode >= 500 && typeof err.code === 'string' && !err.code.startsWith('FST_')) {
    return { statusCode: err.statusCode, code: err.code, message: err.message };
  }
  return { statusCode: 500, code: 'internal_error', message: 'An unexpected error occurred. It has been logged; please try again.' };
}
