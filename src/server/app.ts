import { existsSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import { sendApiError } from './sendApiError.js';
import { onClientError } from './clientErrorAnswer.js';
import { trackRouteMethods } from './methodNotAllowed.js';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { Config } from './config.js';
import { createServerContext, type ServerContext, type ServerContextOverrides } from './serverContext.js';
import healthRoutes from './routes/healthRoutes.js';
import geocodeRoutes from './routes/geocodeRoutes.js';
import dataRoutes from './routes/dataRoutes.js';
import wrs2Routes from './routes/wrs2Routes.js';
import overpassRoutes from './routes/overpassRoutes.js';
import quicklookRoutes from './routes/quicklookRoutes.js';
import exportRoutes from './routes/exportRoutes.js';
import sceneTileRoutes from './routes/sceneTileRoutes.js';
import compositeTileRoutes from './routes/compositeTileRoutes.js';
import areaRoutes from './routes/areaRoutes.js';
import savedAreaRoutes from './routes/savedAreaRoutes.js';
import { notificationRoutes } from './routes/notificationRoutes.js';
import compareRoutes from './routes/compareRoutes.js';
import overpassCalendarRoutes from './routes/overpassCalendarRoutes.js';
import { rateLimitOptions } from './rateLimitOptions.js';
import { shortenErrorEchoes } from './shortenEchoes.js';
import sitesRoutes from './routes/sitesRoutes.js';
import jobRoutes from './routes/jobRoutes.js';
import changeRoutes from './routes/changeRoutes.js';
import { installOps } from './ops/installOps.js';
import { createPageSender, registerCompression, registerStaticFiles } from './staticFiles.js';
import { installLoadShedding } from './ops/installLoadShedding.js';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: ServerContext;
  }
}

export interface BuildAppOptions extends ServerContextOverrides {
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: DestinationStream;
}

export async function buildApp(config: Config, overrides: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL, ...(overrides.logStream ? { stream: overrides.logStream } : {}) },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 64 * 1024,
    // Behind a load balancer req.ip (and so every limit) is the user's address, not the balancer's.
    trustProxy: config.TRUST_PROXY,
    routerOptions: { maxParamLength: 200 },
    // Malformed percent-encoding and the like fail before routing: answer them in the API's one shape too.
    frameworkErrors: sendApiError,
    // Bytes that are not HTTP, headers over 16 KB and requests that stall: the same shape, on the socket.
    clientErrorHandler: onClientError,
    // A request's headers, then its whole body, must arrive in time, else 408 (a stalled body held sockets forever).
    requestTimeout: config.BODY_TIMEOUT_MS,
    http: { headersTimeout: Math.min(config.HEADERS_TIMEOUT_MS, config.BODY_TIMEOUT_MS), connectionsCheckingInterval: Math.min(1000, config.HEADERS_TIMEOUT_MS) },
  });
  // Every POST takes JSON (the one-click unsubscribe adds its form parser): a text/plain body is 415, not a string the schema then refuses.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ctx = await createServerContext(config, overrides, app.log);
  app.decorate('ctx', ctx);
  app.addHook('onClose', async () => ctx.close());
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  // No error message repeats more than a short part of the request, whoever wrote it.
  app.addHook('preSerialization', shortenErrorEchoes);

  app.setErrorHandler(sendApiError);
  const routeMethods = trackRouteMethods(app);
  const sendPage = createPageSender(config, ctx.catalog.synthetic);
  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split('?')[0];
    const wantsPage = req.method === 'GET' && !pathname.startsWith('/api/') && pathname !== '/api' && existsSync(path.join(config.STATIC_DIR, 'index.html'));
    if (wantsPage) return sendPage(reply);
    if (routeMethods.replyIfWrongMethod(req, reply, pathname)) return reply;
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
  await app.register(rateLimit, rateLimitOptions(config.RATE_LIMIT_PER_MINUTE));
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

  await registerCompression(app);
  // Every route plugin names its full path (/api/...), so a route reads the same here and in its file.
  installOps(app);
  await installLoadShedding(app, { maxEventLoopDelayMs: config.LOAD_SHED_EVENT_LOOP_DELAY_MS, maxRssMb: config.LOAD_SHED_RSS_MB });
  await app.register(healthRoutes);
  await app.register(geocodeRoutes);
  await app.register(dataRoutes);
  await app.register(wrs2Routes);
  await app.register(overpassRoutes);
  await app.register(compareRoutes);
  await app.register(overpassCalendarRoutes);
  await app.register(quicklookRoutes);
  await app.register(exportRoutes);
  await app.register(sceneTileRoutes);
  await app.register(compositeTileRoutes);
  await app.register(areaRoutes);
  await app.register(savedAreaRoutes);
  await app.register(sitesRoutes);
  await app.register(jobRoutes);
  await app.register(changeRoutes);
  if (ctx.notifications) await app.register(notificationRoutes, { service: ctx.notifications });
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());

  await registerStaticFiles(app, config, sendPage);
  return app;
}
