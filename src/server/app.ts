import { existsSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import cors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { createServerContext, type ServerContext, type ServerContextOverrides } from './serverContext.js';
import healthRoutes from './routes/healthRoutes.js';
import geocodeRoutes from './routes/geocodeRoutes.js';
import dataRoutes from './routes/dataRoutes.js';
import wrs2Routes from './routes/wrs2Routes.js';
import overpassRoutes from './routes/overpassRoutes.js';
import { notificationRoutes } from './routes/notificationRoutes.js';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: ServerContext;
  }
}

/** Turns any thrown error into the API's one error shape with a message a person can act on. */
function toApiError(err: FastifyError & { name?: string }): { statusCode: number; code: string; message: string } {
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
  if (err.name === 'NoSceneError') return { statusCode: 404, code: 'no_scene', message: err.message };
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

export async function buildApp(config: Config, overrides: ServerContextOverrides = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
    },
    requestIdLogLabel: 'requestId',
    bodyLimit: 64 * 1024,
    maxParamLength: 200,
    routerOptions: { maxParamLength: 200 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ctx = await createServerContext(config, overrides, app.log);
  app.decorate('ctx', ctx);
  app.addHook('onClose', async () => ctx.close());
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    const { statusCode, code, message } = toApiError(err);
    if (statusCode >= 500) req.log.error({ err }, 'request failed');
    else req.log.info({ code, message }, 'request rejected');
    void reply.status(statusCode).type('application/json').send({ error: { code, message } });
  });
  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split('?')[0];
    const wantsPage = req.method === 'GET' && !pathname.startsWith('/api/') && pathname !== '/api' && existsSync(path.join(config.STATIC_DIR, 'index.html'));
    if (wantsPage) return reply.type('text/html').sendFile('index.html', config.STATIC_DIR);
    return reply.status(404).send({ error: { code: 'not_found', message: `No such resource: ${req.method} ${pathname}` } });
  });

  const tileHost = (() => {
    try {
      return new URL(config.TILE_URL.replace(/\{[a-z]\}/g, 'a')).origin.replace('//a.', '//*.');
    } catch {
      return "'self'";
    }
  })();
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', tileHost],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  if (config.CORS_ORIGINS) {
    await app.register(cors, { origin: config.CORS_ORIGINS.split(',').map((s) => s.trim()) });
  }
  await app.register(rateLimit, {
    max: config.RATE_LIMIT_PER_MINUTE,
    timeWindow: 60_000,
    errorResponseBuilder: (_req, context) => ({
      statusCode: 429,
      code: 'rate_limited',
      message: `Too many requests: at most ${context.max} a minute. Try again in ${Math.ceil(context.ttl / 1000)} s.`,
    }),
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Landsat On the Fly API',
        version: '0.1.0',
        description: 'Landsat Collection 2 Level-2 surface reflectance on the fly. Errors are {"error":{"code","message"}}.',
      },
    },
    transform: jsonSchemaTransform,
  });

  // Every route plugin names its full path (/api/...), so a route reads the same here and in its file.
  await app.register(healthRoutes);
  await app.register(geocodeRoutes);
  await app.register(dataRoutes);
  await app.register(wrs2Routes);
  await app.register(overpassRoutes);
  if (ctx.notifications) await app.register(notificationRoutes, { service: ctx.notifications });
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());

  if (existsSync(config.STATIC_DIR)) {
    await app.register(fastifyStatic, { root: config.STATIC_DIR, wildcard: true, index: 'index.html' });
  }
  return app;
}
