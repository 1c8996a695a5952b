import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** Turns any thrown error into the API's one error shape with a message a person can act on. */
export function toApiError(err: FastifyError & { name?: string }): { statusCode: number; code: string; message: string; explanation?: unknown } {
  if (hasZodFastifySchemaValidationErrors(err)) {
    const message = err.validation
      .map((v) => {
        const field = (v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
        const text = v.message ?? 'is invalid';
        return field && !text.startsWith(field) ? `${field}: ${text}` : text;
      })
      .join('; ');
    return { statusCode: 400, code: 'bad_request', message: `Invalid request: ${message}` };
  }
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { statusCode: 413, code: 'payload_too_large', message: 'The request body is too large.' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { statusCode: 415, code: 'unsupported_media_type', message: 'Send the request body as application/json.' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { statusCode: 400, code: 'bad_request', message: 'The request body is not valid JSON.' };
  }
  if (err.name === 'NoSceneError') {
    // The explanation says why nothing qualifies (src/core/landsat/explainEmptyAnswer.ts).
    const explanation = (err as { explanation?: unknown }).explanation;
    return { statusCode: 404, code: 'no_scene', message: err.message, ...(explanation ? { explanation } : {}) };
  }
  if (err.name === 'NoUsableBandError') return { statusCode: 400, code: 'unavailable_band', message: err.message };
  if (err.name === 'AbortError') return { statusCode: 499, code: 'client_closed', message: 'The request was cancelled.' };
  // Upstream failures: the archive's STAC API (Archive*Error) or its raster files (ByteSource*Error).
  if (err.name === 'ArchiveTimeoutError') return { statusCode: 504, code: 'archive_timeout', message: err.message };
  if (err.name === 'ByteSourceTimeoutError' || err.name === 'TimeoutError') {
    return { statusCode: 504, code: 'archive_timeout', message: `The Landsat archive was too slow to deliver image data (${err.message}).` };
  }
  if (err.name === 'ArchiveUnavailableError') return { statusCode: 502, code: 'archive_unavailable', message: err.message };
  if (err.name === 'ByteSourceHttpError' || err.name === 'ByteSourceNotFoundError' || err.name === 'CogFormatError') {
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
