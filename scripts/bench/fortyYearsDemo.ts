/**
 * Issue 33 item 1 through the API, on the embedded demo archive: the default point's whole record
 * (1982-08-22 to today, cloud 100 % or FORTY_YEARS_CLOUD, the page's default bands B01-B05) as the page asks for it, the
 * scene-box statistics stream and the 3 x 3 pixel stream started together, on a server that has been
 * running and served other work (a year at another place, both streams), asked for data it has not read
 * before. Per run: when each stream's first progress line with a scene count came and when it ended
 * (cold), the same again (warm: the kept answers), and Cancel: a stream over another box aborted after
 * 2 s, how long until the heavy queue is idle and the process CPU in the second after. Median and spread
 * over FORTY_YEARS_RUNS (default 3), each on a fresh server. `npx tsx scripts/bench/fortyYearsDemo.ts`.
 */
import os from 'node:os';
import { startServerProcess } from '../../test/support/serverProcess.js';
import { withServerProcessEnv } from '../serverProcessEnv.mjs';
import { runAsScript } from './runAsScript.js';
import { ndjsonLines } from '../ndjsonLines.js';
import { processCpuMs, threadCpuMs, threadCpuSplit } from '../load/measure.js';

const RUNS = Math.max(1, Number(process.env.FORTY_YEARS_RUNS ?? 3));
/** FORTY_YEARS_STATS_ONLY=1: the statistics stream alone (no pixel stream beside it), to measure its own time and CPU. */
const STATS_ONLY = process.env.FORTY_YEARS_STATS_ONLY === '1';
/** FORTY_YEARS_NODE_ARGS: node flags for the server (e.g. `--cpu-prof --cpu-prof-dir=DIR`; WORKER_CPU_PROF_DIR for its workers). */
/** FORTY_YEARS_CLOUD: the cloud limit, % (default 100; the page's default is 50). */
const CLOUD = Math.min(100, Math.max(0, Number(process.env.FORTY_YEARS_CLOUD ?? 100)));
const NODE_ARGS = (process.env.FORTY_YEARS_NODE_ARGS ?? '').split(' ').filter(Boolean);
const TODAY = new Date().toISOString().slice(0, 10);
const YEAR_AGO = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
const BANDS = 'B01,B02,B03,B04,B05';
/** The default point (src/shared/defaults.ts) and its WRS-2 scene box as /api/wrs2 gives it (path 18, row 28). */
const POINT = { lat: 45.3267, lon: -79.2165 };
const BOX = { minLon: -80.62435440193119, minLat: 44.965806437353145, maxLon: -77.64312355860082, maxLat: 47.08106202336236 };
const OTHER = { lat: 46.0, lon: 7.75, box: { minLon: 7.2, minLat: 45.6, maxLon: 8.3, maxLat: 46.4 } };

const log = (msg: string) => process.stderr.write(`${msg}\n`);
const boxParams = (b: typeof BOX) => `LON_UL=${b.minLon}&LAT_UR=${b.minLat}&LON_UR=${b.maxLon}&LAT_UL=${b.maxLat}`;
const dataUrl = (b: typeof BOX, start: string) => `/api/landsatData/stream?${boxParams(b)}&startDate=${start}&endDate=${TODAY}&bands=${BANDS}&cloudCoverage=${CLOUD}`;
const pixelUrl = (p: { lat: number; lon: number }, start: string) => `/api/pixel/stream?lat=${p.lat}&lon=${p.lon}&startDate=${start}&endDate=${TODAY}&cloudCoverage=${CLOUD}&bands=${BANDS}`;

/** Reads an NDJSON stream to its end: ms to the first progress line with a scene count, ms to the end, scenes. */
async function timedStream(base: string, url: string, signal?: AbortSignal) {
  const t0 = performance.now();
  let firstProgressMs = NaN;
  let total = 0;
  const res = await fetch(base + url, { signal });
  try {
    for await (const line of ndjsonLines(res.body!)) {
      const m = /^\{"type":"progress","done":\d+,"total":(\d+)/.exec(line);
      if (m && Number.isNaN(firstProgressMs)) firstProgressMs = performance.now() - t0;
      if (m) total = Number(m[1]);
    }
  } catch (err) {
    if (!signal?.aborted) throw err;
  }
  return { status: res.status, firstProgressMs, ms: performance.now() - t0, scenes: total };
}

async function queueBusy(base: string): Promise<number> {
  const q = ((await (await fetch(`${base}/api/health`)).json()) as { queue: { active: number; queued: number } }).queue;
  return q.active + q.queued;
}

/** The server's CPU so far, all its threads (NaN without /proc). */
const serverCpuMs = (pid: number): number => processCpuMs(pid) ?? Number.NaN;

const spread = (values: number[]) => {
  const xs = values.filter(Number.isFinite).sort((a, b) => a - b);
  return { median: Math.round(xs[Math.floor(xs.length / 2)]), min: Math.round(xs[0]), max: Math.round(xs[xs.length - 1]), runs: values.map(Math.round) };
};

export async function benchFortyYearsDemo() {
  const f = { eventLoopCpuCold: [] as number[], workerCpuCold: [] as number[], otherThreadsCpuCold: [] as number[], serverCpuCold: [] as number[], statsFirstProgress: [] as number[], statsCold: [] as number[], pixelFirstProgress: [] as number[], pixelCold: [] as number[], bothCold: [] as number[], statsWarm: [] as number[], pixelWarm: [] as number[], cancelIdle: [] as number[], cancelCpu: [] as number[] };
  let scenes = { stats: 0, pixel: 0 };
  const load = os.loadavg()[0];
  for (let run = 0; run < RUNS; run++) {
    log(`forty years (demo API), run ${run + 1} of ${RUNS}...`);
    const server = await startServerProcess({ ...withServerProcessEnv({}), RATE_LIMIT_PER_MINUTE: '1000000' }, NODE_ARGS);
    try {
      // Other work first: a year at another place, both streams (code loaded, workers up, caches holding other data).
      await Promise.all([timedStream(server.baseUrl, dataUrl(OTHER.box, YEAR_AGO)), timedStream(server.baseUrl, pixelUrl(OTHER, YEAR_AGO))]);
      const t0 = performance.now();
      const cpuCold0 = serverCpuMs(server.child.pid!);
      const threadsCold0 = threadCpuMs(server.child.pid!);
      const none = { firstProgressMs: NaN, ms: NaN, scenes: 0 };
      const [stats, pixel] = await Promise.all([timedStream(server.baseUrl, dataUrl(BOX, '1982-08-22')), STATS_ONLY ? none : timedStream(server.baseUrl, pixelUrl(POINT, '1982-08-22'))]);
      f.bothCold.push(performance.now() - t0);
      f.serverCpuCold.push(serverCpuMs(server.child.pid!) - cpuCold0);
      const split = threadCpuSplit(server.child.pid!, threadsCold0, threadCpuMs(server.child.pid!));
      f.eventLoopCpuCold.push(split.eventLoop);
      f.workerCpuCold.push(split.busiestWorker);
      f.otherThreadsCpuCold.push(split.otherThreads);
      f.statsFirstProgress.push(stats.firstProgressMs);
      f.statsCold.push(stats.ms);
      f.pixelFirstProgress.push(pixel.firstProgressMs);
      f.pixelCold.push(pixel.ms);
      scenes = { stats: stats.scenes, pixel: pixel.scenes };
      const [statsWarm, pixelWarm] = await Promise.all([timedStream(server.baseUrl, dataUrl(BOX, '1982-08-22')), STATS_ONLY ? none : timedStream(server.baseUrl, pixelUrl(POINT, '1982-08-22'))]);
      f.statsWarm.push(statsWarm.ms);
      f.pixelWarm.push(pixelWarm.ms);
      // Cancel: a record over another box (nothing of it read yet), left after 2 s.
      const c = new AbortController();
      const cancelled = timedStream(server.baseUrl, dataUrl({ ...BOX, minLon: BOX.minLon + 0.01 }, '1982-08-22'), c.signal);
      await new Promise((r) => setTimeout(r, 2000));
      c.abort();
      const abortedAt = performance.now();
      await cancelled;
      while ((await queueBusy(server.baseUrl)) > 0 && performance.now() - abortedAt < 30_000) await new Promise((r) => setTimeout(r, 10));
      f.cancelIdle.push(performance.now() - abortedAt);
      const cpu0 = serverCpuMs(server.child.pid!);
      await new Promise((r) => setTimeout(r, 1000));
      f.cancelCpu.push(serverCpuMs(server.child.pid!) - cpu0);
    } finally {
      await server.stop();
    }
  }
  return {
    what: `default point ${POINT.lat}, ${POINT.lon}, 1982-08-22 to ${TODAY}, cloud ${CLOUD} %, bands ${BANDS}: /api/landsatData/stream over the scene box${STATS_ONLY ? ' alone' : ' and /api/pixel/stream at the point, together'}, on a fresh server that first served a year at ${OTHER.lat}, ${OTHER.lon}`,
    runs: RUNS,
    loadAverage1m: { atStart: Math.round(load * 10) / 10, atEnd: Math.round(os.loadavg()[0] * 10) / 10 },
    scenes,
    coldMs: { statsStream: spread(f.statsCold), pixelStream: spread(f.pixelCold), both: spread(f.bothCold) },
    /** The server process's CPU time (all threads) over the cold streams. */
    serverCpuMsCold: spread(f.serverCpuCold),
    /**
     * The same CPU by thread (/proc/PID/task): the event loop, the busiest other thread (the demo's
     * synthesis worker, which both streams share) and the rest (V8's collector threads, libuv's pool).
     */
    serverCpuMsColdByThread: { eventLoop: spread(f.eventLoopCpuCold), synthesisWorker: spread(f.workerCpuCold), otherThreads: spread(f.otherThreadsCpuCold) },
    firstProgressMs: { statsStream: spread(f.statsFirstProgress), pixelStream: spread(f.pixelFirstProgress) },
    warmMs: { statsStream: spread(f.statsWarm), pixelStream: spread(f.pixelWarm) },
    cancel: { queueIdleMsAfterAbort: spread(f.cancelIdle), processCpuMsInTheSecondAfter: spread(f.cancelCpu), targetMs: 500 },
    targets: { bothColdMs: 5_000, firstProgressMs: 1_000 },
  };
}

runAsScript(import.meta.url, benchFortyYearsDemo);
