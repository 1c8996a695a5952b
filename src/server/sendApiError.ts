import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { errorLogLevel } from './errorLogLevel.js';
import { toApiError } from './toApiError.js';

/**
 * The app's one error reply, for route errors and for the errors Fastify raises before routing
 * (malformed percent-encoding, over-long path parameters): `{"error":{"code","message"}}`, logged
 * at the level errorLogLevel gives.
 */
export function sendApiError(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const answer = toApiError(err);
  const { statusCode, code, message, explanation } = answer;
  const level = errorLogLevel(answer);
  if (level === 'error') req.log.error({ err, statusCode, code }, 'request failed');
  else req.log[level]({ statusCode, code, message }, 'request refused');
  // Busy (503) and paused-archive (502) answers say when trying again makes sense.
  const retryAfterSeconds = (err as { retryAfterSeconds?: unknown }).retryAfterSeconds;
  if (typeof retryAfterSeconds === 'number') void reply.header('retry-after', String(retryAfterSeconds));
  // Set here too: errors raised before routing skip the app's onSend hook that normally sets it.
  void reply.header('x-request-id', req.id);
  void reply.status(statusCode).type('application/json').send({ error: { code, message, ...(explanation ? { explanation } : {}) } });
}
