import { existsSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import cors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { toApiError } from './toApiError.js';
import {
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
import { installOps } from './ops/installOps.js';
import { installLoadShedding } from './ops/installLoadShedding.js';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: ServerContext;
  }
}

export async function buildApp(config: Config, overrides: ServerContextOverrides = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 64 * 1024,
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
    // Busy (503) and paused-archive (502) answers say when trying again makes sense.
    const retryAfterSeconds = (err as { retryAfterSeconds?: unknown }).retryAfterSeconds;
    if (typeof retryAfterSeconds === 'number') reply.header('retry-after', String(retryAfterSeconds));
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
  installOps(app);
  await installLoadShedding(app, { maxEventLoopDelayMs: config.LOAD_SHED_EVENT_LOOP_DELAY_MS, maxRssMb: config.LOAD_SHED_RSS_MB });
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
