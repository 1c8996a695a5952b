import path from 'node:path';
import zlib from 'node:zlib';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
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

/** A file's cache-control by its path: a precompressed copy (.br, .gz beside the file) is the same hashed asset. */
function cacheControlOf(filePath: string): string {
  const relative = filePath.split(path.sep).join('/');
  return /\/assets\/[^/]+-[\w-]{8,}\.\w+(\.br|\.gz)?$/.test(relative) ? HASHED_ASSET_CACHE : PAGE_CACHE;
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

/** Content types of what Vite writes into assets/ (anything else is left to @fastify/static). */
const ASSET_TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
};

interface KeptAsset {
  type: string;
  etag: string;
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/**
 * The build's hashed assets (and their .br and .gz copies), read once: a few megabytes. Why not
 * @fastify/static alone: each of its answers takes several file-system steps (a directory read for its
 * spelling check, stat, open, read), each waiting for a turn of the event loop, and while a 40-year
 * series computes in 10 ms slices the page's chunks asked at Fetch waited 0.1-0.4 s for their first
 * byte (median of a run; up to 1.2 s). From memory an answer is one turn (0.07-0.16 s in the same journey).
 */
function readBuiltAssets(assetsDir: string): Map<string, KeptAsset> {
  const kept = new Map<string, KeptAsset>();
  if (!existsSync(assetsDir)) return kept;
  const names = new Set(readdirSync(assetsDir));
  for (const name of names) {
    const type = ASSET_TYPES[path.extname(name)];
    if (!type) continue;
    const identity = readFileSync(path.join(assetsDir, name));
    const copy = (ext: string) => (names.has(name + ext) ? readFileSync(path.join(assetsDir, name + ext)) : undefined);
    // The build leaves text files under 1 KB plain; compressed here once (a few, small) rather than on every request.
    const text = /^(text\/|application\/(javascript|json)|image\/svg)/.test(type);
    const smaller = (packed: Buffer) => (packed.byteLength < identity.byteLength ? packed : undefined);
    const br = copy('.br') ?? (text ? smaller(zlib.brotliCompressSync(identity)) : undefined);
    const gzip = copy('.gz') ?? (text ? smaller(zlib.gzipSync(identity, { level: 9 })) : undefined);
    kept.set(name, { type, etag: `"${createHash('sha1').update(identity).digest('base64url').slice(0, 16)}"`, identity, br, gzip });
  }
  return kept;
}

/** Whether Accept-Encoding takes `coding` (named, and not with q=0). */
function accepts(acceptEncoding: string | undefined, coding: string): boolean {
  return (acceptEncoding ?? '').split(',').some((part) => {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    return token.trim() === coding && !params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p));
  });
}

/** The built page: hashed assets cached a year as immutable, everything else revalidated; the page itself through `sendPage`. */
export async function registerStaticFiles(app: FastifyInstance, config: Config, sendPage: (reply: FastifyReply) => FastifyReply): Promise<void> {
  if (!existsSync(config.STATIC_DIR)) return;
  for (const url of ['/', '/index.html']) app.get(url, { schema: { hide: true } }, async (_req, reply) => sendPage(reply));
  const assetsDir = path.join(config.STATIC_DIR, 'assets');
  const assets = readBuiltAssets(assetsDir);
  app.get<{ Params: { name: string } }>('/assets/:name', { schema: { hide: true } }, async (req, reply) => {
    const asset = assets.get(req.params.name);
    // Written by a later build than the one read at start (or not an asset): from disk, as before.
    if (!asset) return reply.sendFile(req.params.name, assetsDir);
    reply.header('cache-control', cacheControlOf(`/assets/${req.params.name}`)).header('vary', 'accept-encoding').header('etag', asset.etag).type(asset.type);
    if (req.headers['if-none-match'] === asset.etag) return reply.status(304).send();
    const encoding = asset.br && accepts(req.headers['accept-encoding'], 'br') ? 'br' : asset.gzip && accepts(req.headers['accept-encoding'], 'gzip') ? 'gzip' : null;
    // A copy compressed at build time goes as it is (the compression plugin leaves an encoded body alone).
    if (encoding) return reply.header('content-encoding', encoding).send(encoding === 'br' ? asset.br : asset.gzip);
    return reply.send(asset.identity);
  });
  await app.register(fastifyStatic, {
    root: config.STATIC_DIR,
    wildcard: true,
    // '/' and '/index.html' are the routes above (the page as this server sends it).
    index: false,
    // The build writes .br and .gz beside each text file at the highest settings (vite.config.ts precompress).
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => reply.header('cache-control', cacheControlOf(filePath)),
  });
}
