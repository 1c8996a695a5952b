/**
 * `npm run load`: drives the warm endpoints with autocannon on the synthetic demo archive (or the
 * real-shaped one: LOAD_ARCHIVE below), the server in this process, and prints JSON: requests per second and latency percentiles per endpoint, and the
 * peak resident memory. LOAD_SECONDS (default 5) and LOAD_CONNECTIONS (default 10) tune the run;
 * LOAD_HEAP_MB (default 320, 0 = no cap) caps the V8 heap as a deployment would.
 * Then the bursts of issue 12 (LOAD_BURSTS, default 3): 30 concurrent full-scene images (cold windows)
 * while autocannon keeps driving the 3 x 3 endpoint, with /api/health polled throughout: health latency,
 * event-loop delay (perf_hooks.monitorEventLoopDelay), how every image request ended, and the peak RSS;
 * `imageBurst` gives each figure's spread over the bursts against its target.
 * The process runs as `npm start` runs the server: V8 heap capped, glibc malloc tunables and libuv's
 * pool size set (scripts/serverProcessEnv.mjs).
 * Then issue 27's stream scenarios (scripts/load/streamScenarios.ts; LOAD_STREAMS=0 skips them).
 * Then issue 22's 30 full images and a 1,000-site batch at once (scripts/load/imagesAndSites.ts; LOAD_IMAGES_SITES=0 skips it).
 * LOAD_SOAK_MINUTES=10 runs issue 27's mixed soak instead of all this (scripts/load/soak.ts): peak RSS of the
 * server as its own process with the README's heap setting.
 * LOAD_TRACE=1 prints a memory breakdown every second (LOAD_TRACE=smaps adds /proc/self/smaps by mapping kind).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
// autocannon ships no types; only what is used here is declared.
// @ts-expect-error no declaration file
import autocannon from 'autocannon';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { DEFAULT_POINT } from '../src/shared/defaults.js';
import type { SceneCatalog } from '../src/core/stac/sceneCatalog.js';
import { CACHE_DIR, catalogOf, ensureScene, ensureSceneLinks, startArchiveProcess } from './benchRealShaped.js';
import { withServerProcessEnv } from './serverProcessEnv.mjs';
import { streamScenarios } from './load/streamScenarios.js';
import { soak } from './load/soak.js';
import { imagesAndSites } from './load/imagesAndSites.js';
import { createLoopCpuMonitor } from './load/loopCpuMonitor.mjs';
import { SERVER_HEAP_MB, startServerProcess } from './load/serverProcess.js';

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p90: number; p99: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
const runAutocannon = autocannon as (opts: Record<string, unknown>) => Promise<AutocannonResult>;

const seconds = Number(process.env.LOAD_SECONDS ?? 5);
const connections = Number(process.env.LOAD_CONNECTIONS ?? 10);
const log = (msg: string) => process.stderr.write(`${msg}\n`);

/**
 * LOAD_ARCHIVE=demo (default): the synthetic whole-Earth demo archive `npm start` serves offline.
 * LOAD_ARCHIVE=real-shaped: the bench's real-shaped COGs (DEFLATE + predictor, 512 px tiles, served from
 * another process with 30 ms latency per request), 200 scenes 8 days apart from 2020-01-01, each its own
 * URL, so every burst image reads a scene nothing has read before.
 */
const ARCHIVE = process.env.LOAD_ARCHIVE ?? 'demo';
if (ARCHIVE !== 'demo' && ARCHIVE !== 'real-shaped') throw new Error(`LOAD_ARCHIVE is demo or real-shaped, not ${ARCHIVE}`);
const REAL_SHAPED_SCENES = 200;
const today = new Date();
const yearAgo = new Date(today.getTime() - 365 * 86_400_000);
const [rangeStart, rangeEnd] = ARCHIVE === 'demo' ? [yearAgo.toISOString().slice(0, 10), today.toISOString().slice(0, 10)] : ['2020-01-01', '2020-12-31'];
const dates = `startDate=${rangeStart}&endDate=${rangeEnd}`;
const { lat, lon } = DEFAULT_POINT;
const d = 0.01;
const box = `LON_UL=${lon - d}&LAT_UR=${lat - d}&LON_UR=${lon + d}&LAT_UL=${lat + d}`;

const ENDPOINTS: Record<string, string> = {
  health: '/api/health',
  wrs2: `/api/wrs2?lat=${lat}&lon=${lon}`,
  overpasses: `/api/overpasses?lat=${lat}&lon=${lon}&days=16`,
  geocode: '/api/geocode?q=Huntsville',
  pixelLatest: `/api/pixel?lat=${lat}&lon=${lon}&${dates}&latest=true`,
  landsat3x3: `/api/landsat3x3?latitude=${lat}&longitude=${lon}&${box}&${dates}`,
  landsatDataSmallBox: `/api/landsatData?${box}&${dates}&bands=B04,B05`,
};

const BURST_IMAGES = Number(process.env.LOAD_BURST_IMAGES ?? 30);
/** Bursts in a row, each on boxes not read before (cold windows): the figures' spread (LOAD_BURSTS). */
const BURSTS = Math.max(1, Number(process.env.LOAD_BURSTS ?? 3));
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? null : Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] * 10) / 10;
};

/** Each burst's 30 full-scene image URLs (10 scenes x 3 slightly different boxes, new ones in every burst, so each reads cold windows). */
async function prepareBursts(app: FastifyInstance, baseUrl: string): Promise<string[][]> {
  const everyScene = ARCHIVE === 'real-shaped';
  const found = await app.ctx.catalog.search({
    bboxLngLat: [lon, lat, lon, lat], startDate: everyScene ? '2000-01-01' : rangeStart, endDate: everyScene ? '2100-01-01' : rangeEnd, maxCloudCover: 100, limit: 1000,
  });
  if (found.scenes.length === 0) throw new Error('the archive has no scene at the default point');
  if (everyScene) {
    // One scene per image, never read before (each scene is its own URL, so its own cache entries).
    if (found.scenes.length < BURSTS * BURST_IMAGES) throw new Error(`the real-shaped archive has ${found.scenes.length} scenes, fewer than ${BURSTS * BURST_IMAGES} images`);
    return Array.from({ length: BURSTS }, (_, burst) =>
      found.scenes.slice(burst * BURST_IMAGES, (burst + 1) * BURST_IMAGES).map((scene) => {
        const [w, s, e, n] = scene.bboxLngLat;
        const day = scene.datetime.slice(0, 10);
        return `/api/landsatImage?LON_UL=${w}&LAT_UR=${s}&LON_UR=${e}&LAT_UL=${n}&startDate=${day}&endDate=${day}&bands=B04,B03,B02`;
      }),
    );
  }
  const scenes = found.scenes.slice(-10);
  // Open the scenes first (headers, demo caches): the burst measures reading windows.
  for (const scene of scenes) {
    const day = scene.datetime.slice(0, 10);
    const res = await fetch(`${baseUrl}/api/pixel?lat=${lat}&lon=${lon}&startDate=${day}&endDate=${day}&latest=true`);
    await res.arrayBuffer();
  }
  return Array.from({ length: BURSTS }, (_, burst) =>
    Array.from({ length: BURST_IMAGES }, (_, i) => {
      const scene = scenes[i % scenes.length];
      const [w, s, e, n] = scene.bboxLngLat;
      const inset = 0.01 * (burst * Math.ceil(BURST_IMAGES / scenes.length) + Math.floor(i / scenes.length));
      const day = scene.datetime.slice(0, 10);
      return `/api/landsatImage?LON_UL=${w + inset}&LAT_UR=${s + inset}&LON_UR=${e - inset}&LAT_UL=${n - inset}&startDate=${day}&endDate=${day}&bands=B04,B03,B02`;
    }),
  );
}

/** min, median and max of a figure over the bursts. */
function spread(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return { min: sorted[0], median: sorted[Math.floor((sorted.length - 1) / 2)], max: sorted[sorted.length - 1] };
}

/** The issue 12 figures over all bursts, each with its spread, against its target. */
function summarizeBursts(bursts: (Awaited<ReturnType<typeof imageBurst>> & { peakRssMb: number })[]) {
  const outcomes: Record<string, number> = {};
  for (const b of bursts) for (const [k, n] of Object.entries(b.outcomes)) outcomes[k] = (outcomes[k] ?? 0) + n;
  const healthP99 = spread(bursts.map((b) => b.health.p99Ms ?? Infinity));
  const loopP99 = spread(bursts.map((b) => b.eventLoopDelay.p99Ms));
  const rss = spread(bursts.map((b) => b.peakRssMb));
  return {
    bursts: bursts.length,
    imagesPerBurst: BURST_IMAGES,
    outcomes,
    everyRequestAnsweredOrRefusedWithinTimeout: bursts.every((b) => b.everyRequestAnsweredOrRefusedWithinTimeout),
    burstMs: spread(bursts.map((b) => b.burstMs)),
    healthP99Ms: { ...healthP99, target: 200, met: healthP99.max < 200 },
    eventLoopDelayP99Ms: { ...loopP99, target: 100, met: loopP99.max < 100 },
    peakRssMb: { ...rss, target: 700, met: rss.max < 700 },
  };
}

/** The burst itself: all image requests at once, health polled, 3 x 3 requests in the background. */
async function imageBurst(urls: string[], baseUrl: string, timeoutMs: number, measuring: (on: boolean) => void) {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  measuring(true);
  const healthMs: number[] = [];
  let polling = true;
  const poller = (async () => {
    while (polling) {
      const t = performance.now();
      const res = await fetch(`${baseUrl}/api/health`);
      await res.arrayBuffer();
      healthMs.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 25));
    }
  })();
  const background = runAutocannon({ url: baseUrl + ENDPOINTS.landsat3x3, connections: 4, duration: 1000 });
  const started = performance.now();
  const outcomes = await Promise.all(
    urls.map(async (url) => {
      const t = performance.now();
      try {
        const res = await fetch(baseUrl + url, { signal: AbortSignal.timeout(timeoutMs + 10_000) });
        const body = res.headers.get('content-type')?.includes('json') ? ((await res.json()) as { error?: { code: string } }) : (await res.arrayBuffer(), null);
        return { status: res.status, ms: performance.now() - t, retryAfter: res.headers.get('retry-after'), code: body?.error?.code ?? null };
      } catch (err) {
        // No answer within the server's own time limit plus 10 s: an outcome of the burst, not the end of the run.
        return { status: 0, ms: performance.now() - t, retryAfter: null, code: `client ${(err as Error).name}` };
      }
    }),
  );
  const burstMs = performance.now() - started;
  measuring(false);
  polling = false;
  await poller;
  (background as unknown as { stop?: () => void }).stop?.();
  const bg = await background;
  loop.disable();
  const byStatus: Record<string, number> = {};
  for (const o of outcomes) {
    const label = o.code ? `${o.status} ${o.code}` : String(o.status);
    byStatus[label] = (byStatus[label] ?? 0) + 1;
  }
  const answeredOrRefused = outcomes.every((o) => (o.status === 200 || ((o.status === 503) && o.retryAfter !== null)) && o.ms <= timeoutMs);
  return {
    images: urls.length,
    burstMs: Math.round(burstMs),
    outcomes: byStatus,
    imageLatencyMs: { p50: percentile(outcomes.map((o) => o.ms), 50), max: percentile(outcomes.map((o) => o.ms), 100) },
    everyRequestAnsweredOrRefusedWithinTimeout: answeredOrRefused,
    requestTimeoutMs: timeoutMs,
    health: { samples: healthMs.length, p50Ms: percentile(healthMs, 50), p99Ms: percentile(healthMs, 99), maxMs: percentile(healthMs, 100), targetP99Ms: 200 },
    eventLoopDelay: { p50Ms: loop.percentile(50) / 1e6, p99Ms: Math.round((loop.percentile(99) / 1e6) * 10) / 10, maxMs: Math.round((loop.max / 1e6) * 10) / 10, targetP99Ms: 100 },
    background3x3: { requests: bg.requests.total, p99Ms: bg.latency.p99, non2xx: bg.non2xx },
  };
}

/** The real-shaped archive in its own process, and a catalogue of its scenes that honours the query's dates. */
async function startRealShapedArchive(): Promise<{ catalog: SceneCatalog; close: () => Promise<void> }> {
  await ensureScene();
  await ensureSceneLinks(REAL_SHAPED_SCENES);
  const server = await startArchiveProcess(CACHE_DIR, 30);
  const all = await catalogOf(server.url, REAL_SHAPED_SCENES).search({ bboxLngLat: [lon, lat, lon, lat], startDate: '', endDate: '', maxCloudCover: 100, limit: REAL_SHAPED_SCENES });
  const catalog: SceneCatalog = {
    name: 'load-real-shaped',
    synthetic: true,
    async search(q) {
      const inRange = all.scenes.filter((scene) => scene.datetime.slice(0, 10) >= q.startDate && scene.datetime.slice(0, 10) <= q.endDate);
      return { scenes: inRange.slice(0, q.limit), truncated: inRange.length > q.limit, limit: q.limit };
    },
    resolveAssetHref: async (href) => href,
  };
  return { catalog, close: server.close };
}

async function main() {
  const soakMinutes = Number(process.env.LOAD_SOAK_MINUTES ?? 0);
  if (soakMinutes > 0) {
    // The soak alone, against the server as its own process (its memory is then the server's only).
    const server = await startServerProcess();
    log(`mixed soak for ${soakMinutes} min against the server process ${server.pid} (heap ${SERVER_HEAP_MB} MB)...`);
    try {
      const figures = await soak(server.baseUrl, server.pid, soakMinutes, () => server.exit);
      process.stdout.write(`${JSON.stringify({ cpus: (await import('node:os')).cpus().length, heapMb: SERVER_HEAP_MB, soak: figures }, null, 2)}\n`);
    } finally {
      server.stop();
    }
    return;
  }
  const archive = ARCHIVE === 'real-shaped' ? await startRealShapedArchive() : null;
  const app = await buildApp(
    loadConfig({
      LANDSAT_SOURCE: 'demo',
      DATABASE_PATH: ':memory:',
      STATIC_DIR: path.resolve('dist/client'),
      SCHEDULER_INTERVAL_MS: '0',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_PER_MINUTE: '1000000',
      // Settings a deployment would tune pass through.
      ...Object.fromEntries(['BLOCK_CACHE_MB', 'MEMORY_BUDGET_MB', 'MAX_CONCURRENT_HEAVY', 'MAX_QUEUED_HEAVY', 'REQUEST_TIMEOUT_MS'].filter((k) => process.env[k]).map((k) => [k, process.env[k]])),
    }),
    archive ? { catalog: archive.catalog } : {},
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  let peakRssMb = process.memoryUsage().rss / 2 ** 20;
  let burstPeakRssMb = 0;
  let inBurst = false;
  // The warm-up generates demo scenes (the synthetic archive's own cost, absent with a real archive): reported apart.
  let measuredPeakRssMb = 0;
  let warmedUp = false;
  const sampler = setInterval(() => {
    const rss = process.memoryUsage.rss() / 2 ** 20; // rss() alone: memoryUsage() also walks the heap (2 s of the loop per run)
    peakRssMb = Math.max(peakRssMb, rss);
    if (inBurst) burstPeakRssMb = Math.max(burstPeakRssMb, rss);
    if (warmedUp) measuredPeakRssMb = Math.max(measuredPeakRssMb, rss);
  }, 50);
  const trace = process.env.LOAD_TRACE ? setInterval(() => {
    const m = process.memoryUsage();
    const mb = (n: number) => Math.round(n / 2 ** 20);
    if (process.env.LOAD_TRACE === 'smaps') {
      const text = readFileSync('/proc/self/smaps', 'utf8');
      const groups: Record<string, number> = {};
      let name = '';
      let size = 0;
      for (const line of text.split('\n')) {
        const head = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
        if (head) { size = (parseInt(head[2], 16) - parseInt(head[1], 16)) / 1024; name = head[3] || (size >= 65536 - 132 && size <= 65536 ? 'anon64M' : size > 1024 ? 'anon>1M' : size > 128 ? 'anon128K-1M' : 'anon<=128K'); continue; }
        const rss = /^Rss:\s+(\d+) kB/.exec(line);
        if (rss) { const key = name.startsWith('/') ? (name.includes('node_modules') ? 'node_modules so' : name.includes('bin/node') ? 'node binary' : 'other files') : name; groups[key] = (groups[key] ?? 0) + Number(rss[1]); }
      }
      log(`smaps ${Object.entries(groups).filter(([, v]) => v > 4096).map(([k, v]) => `${k}=${Math.round(v / 1024)}`).join(' ')}`);
    }
    log(`trace rss ${mb(m.rss)} heapTotal ${mb(m.heapTotal)} heapUsed ${mb(m.heapUsed)} external ${mb(m.external)} arrayBuffers ${mb(m.arrayBuffers)} cache ${mb(app.ctx.cache.stats.bytes)}`);
  }, 1000) : null;

  log(`warming up on the ${ARCHIVE} archive…`);
  for (const [name, url] of Object.entries(ENDPOINTS)) {
    // First uses are slow (gazetteer load, demo scene generation), so the server may shed the next call:
    // do what a client does with 503 + Retry-After.
    let res = await fetch(baseUrl + url);
    for (let attempt = 0; res.status === 503 && attempt < 10; attempt++) {
      await res.arrayBuffer();
      await new Promise((r) => setTimeout(r, 1000 * Number(res.headers.get('retry-after') ?? 1)));
      res = await fetch(baseUrl + url);
    }
    const body = Buffer.from(await res.arrayBuffer());
    if (!res.ok) throw new Error(`warm-up ${name} answered ${res.status}: ${body.toString('utf8', 0, 300)}`);
  }

  const burstUrls = await prepareBursts(app, baseUrl);
  const warmUpPeakRssMb = Math.round(peakRssMb);
  warmedUp = true;
  const results: Record<string, { requestsPerSec: number; latencyMs: { p50: number; p90: number; p99: number; max: number }; requests: number; non2xx: number; errors: number }> = {};
  for (const [name, url] of Object.entries(ENDPOINTS)) {
    log(`${name}: ${seconds} s, ${connections} connections`);
    const r = await runAutocannon({ url: baseUrl + url, connections, duration: seconds });
    results[name] = {
      requestsPerSec: Math.round(r.requests.average),
      latencyMs: { p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max },
      requests: r.requests.total,
      non2xx: r.non2xx,
      errors: r.errors + r.timeouts,
    };
  }
  const bursts = [];
  for (const [i, urls] of burstUrls.entries()) {
    log(`burst ${i + 1} of ${BURSTS}: ${BURST_IMAGES} concurrent full-scene images while 3 x 3 requests keep coming...`);
    const rssBeforeMb = Math.round(process.memoryUsage.rss() / 2 ** 20);
    burstPeakRssMb = 0;
    const burst = await imageBurst(urls, baseUrl, app.ctx.config.REQUEST_TIMEOUT_MS, (on) => (inBurst = on));
    bursts.push({ ...burst, rssBeforeMb, peakRssMb: Math.round(burstPeakRssMb) });
  }
  // The loop's turns in CPU ms (scripts/load/loopCpuMonitor.mjs); in this process they include the client's work.
  const loopMonitor = createLoopCpuMonitor();
  const loopCpu = async () => loopMonitor.take();
  // Issue 27: long streams and open-and-abort churn against health (LOAD_STREAMS=0 skips them).
  const streamFigures = process.env.LOAD_STREAMS === '0' ? null : (log('4 long streams, then their abort, then open-and-abort churn...'), await streamScenarios(baseUrl, { serverPid: process.pid, loopCpu }));
  // Issue 22 item 5: 30 full images and a 1,000-site batch against health (LOAD_IMAGES_SITES=0 skips it).
  const imagesSitesFigures = process.env.LOAD_IMAGES_SITES === '0' ? null : (log('30 full images and a 1,000-site batch at once...'), await imagesAndSites(baseUrl, { serverPid: process.pid, loopCpu }));
  clearInterval(sampler);
  if (trace) clearInterval(trace);
  const cacheStats = app.ctx.cache.stats;
  await app.close();
  await archive?.close();
  const peak = Math.round(peakRssMb);
  process.stdout.write(
    `${JSON.stringify({ archive: ARCHIVE, seconds, connections, cpus: (await import('node:os')).cpus().length, endpoints: results, streams: streamFigures, imagesAndSites: imagesSitesFigures, imageBurst: summarizeBursts(bursts), imageBursts: bursts, glibcTunables: process.env.GLIBC_TUNABLES ?? null, uvThreadpoolSize: process.env.UV_THREADPOOL_SIZE ?? null, nodeOptions: process.env.NODE_OPTIONS ?? null, peakRssMb: peak, peakRssMbDuringWarmUp: warmUpPeakRssMb, peakRssMbAfterWarmUp: Math.round(measuredPeakRssMb), peakRssTargetMb: 700, blockCache: { mb: Math.round(cacheStats.bytes / 2 ** 20), maxMb: Math.round(cacheStats.maxBytes / 2 ** 20), entries: cacheStats.entries }, heapUsedMbAtEnd: Math.round(process.memoryUsage().heapUsed / 2 ** 20) }, null, 2)}\n`,
  );
}

/**
 * The server's V8 heap is capped as in production (README: NODE_OPTIONS=--max-old-space-size=320): without
 * a cap V8 lets garbage grow to most of a gigabyte before collecting. Re-runs itself once with the flag.
 */
const HEAP_MB = process.env.LOAD_HEAP_MB ?? '320';
const needsHeapCap = HEAP_MB !== '0' && !/max-old-space-size/.test(process.env.NODE_OPTIONS ?? '');
// glibc's tunables and libuv's pool size are read at start-up only, so they too take a re-run (as `npm start` sets them: serverProcessEnv.mjs).
if (needsHeapCap || process.env.GLIBC_TUNABLES === undefined || process.env.UV_THREADPOOL_SIZE === undefined) {
  const { spawnSync } = await import('node:child_process');
  const child = spawnSync(process.execPath, [...process.execArgv, process.argv[1], ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: withServerProcessEnv({ ...process.env, ...(needsHeapCap ? { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=${HEAP_MB}`.trim() } : {}) }),
  });
  process.exit(child.status ?? 1);
}

// Exit explicitly: the stopped background autocannon run can leave sockets that would keep the process up.
main().then(() => process.exit(0), (err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
