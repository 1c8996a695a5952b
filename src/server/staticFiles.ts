import path from 'node:path';
import zlib from 'node:zlib';
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { Config } from './config.js';

/** Vite names every built asset after its content hash, so a changed file gets a new URL. */
export const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';
/** index.html names the current hashed assets: the browser asks again every time (304 when unchanged). */
export const PAGE_CACHE = 'no-cache';

const COMPRESSION = { encodings: ['br', 'gzip'] as ('br' | 'gzip')[], threshold: 1024 };

/**
 * Brotli or gzip (by Accept-Encoding) for JSON, HTML, JS, CSS and SVG. Registered before the routes:
 * the plugin attaches itself to each route as it is declared. PNGs are already compressed and the
 * NDJSON progress streams stay uncompressed so each line reaches the page at once.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, { global: true, ...COMPRESSION });
}

/**
 * A route's `compress` option for answers of megabytes built on every request (the pixel series: the
 * 40-year record is 5 MB of very repetitive JSON). gzip level 1 and brotli quality 1 take 16 and 2 ms
 * on it where the defaults (6 and 4) take 76 and 71 ms, for 71 and 29 KB instead of 56 and 13 KB.
 */
export const FAST_COMPRESSION = {
  ...COMPRESSION,
  zlibOptions: { level: 1 },
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } },
};

function setCacheHeaders(reply: FastifyReply, filePath: string): void {
  const relative = filePath.split(path.sep).join('/');
  // A precompressed copy (.br, .gz beside the file) is the same hashed asset.
  reply.header('cache-control', /\/assets\/[^/]+-[\w-]{8,}\.\w+(\.br|\.gz)?$/.test(relative) ? HASHED_ASSET_CACHE : PAGE_CACHE);
}

/**
 * index.html as this server sends it, for '/' and for client-side URLs: on the synthetic archive the
 * root element carries `data-archive="synthetic"`, so the page shows its demo-data notice in its first
 * paint instead of pushing everything below it down once /api/config answers (a layout shift of 0.14
 * at 1440 px). Read on the first request and again whenever the build replaces the file.
 */
export function createPageSender(config: Config, synthetic: boolean): (reply: FastifyReply) => FastifyReply {
  const file = path.join(config.STATIC_DIR, 'index.html');
  let kept: { mtimeMs: number; html: string } | undefined;
  return (reply) => {
    // Read again when the build has replaced the file (it names the new hashed assets).
    const { mtimeMs } = statSync(file);
    if (kept?.mtimeMs !== mtimeMs) kept = { mtimeMs, html: readFileSync(file, 'utf8').replace(/<html\b/, synthetic ? '<html data-archive="synthetic"' : '<html') };
    return reply.type('text/html; charset=utf-8').header('cache-control', PAGE_CACHE).send(kept.html);
  };
}

/** The built page: hashed assets cached a year as immutable, everything else revalidated; the page itself through `sendPage`. */
export async function registerStaticFiles(app: FastifyInstance, config: Config, sendPage: (reply: FastifyReply) => FastifyReply): Promise<void> {
  if (!existsSync(config.STATIC_DIR)) return;
  for (const url of ['/', '/index.html']) app.get(url, { schema: { hide: true } }, async (_req, reply) => sendPage(reply));
  await app.register(fastifyStatic, {
    root: config.STATIC_DIR,
    wildcard: true,
    // '/' and '/index.html' are the routes above (the page as this server sends it).
    index: false,
    // The build writes .br and .gz beside each text file at the highest settings (vite.config.ts precompress).
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => setCacheHeaders(reply, filePath),
  });
}
