/**
 * Issue 33 item 2's second half, the product against GDAL on the same area work in one run
 * (`BENCH_ONLY=gdal-area npm run bench`, or `npx tsx scripts/bench/areaVersusGdal.ts`): a ~2,500 km²
 * square around the default point over the year 2025 (the 45 series scenes of versusGdal.ts's local
 * STAC catalogue, real-shaped COGs served by the archive stand-in with 30 ms latency per request), bands
 * B04 and B05 with QA_PIXEL, the default mask.
 * - Product: POST /api/area/stream on a fresh server (npm start's process settings, as versusGdal.ts) warmed as versusGdal.ts warms it (plus a 1-scene
 *   area, so the area code and its counting worker are up), timed to the result line; the server's CPU
 *   (all threads, /proc) and the requests the archive saw. Two rows: `resolution` default (auto: the
 *   answer's overviewLevel says which level the pixel budget chose) and `resolution: "full"` (30 m).
 * - GDAL: scripts/bench/gdalArea.py in a fresh process: the same windows of the same files on the same
 *   level through /vsicurl/ from a pool of threads, the polygon rasterised on that grid (pixel-centre
 *   rule), the same masked statistics with numpy.
 * The answers are compared scene by scene (pixelCount and clearCount equal, every band's count equal and
 * mean, median, stDev, min, max within 1e-9): a bench that measures different work is worthless, so a
 * difference throws. BENCH_RUNS (default 3) runs of both rows; BENCH_SERVER_NODE_ARGS and
 * WORKER_CPU_PROF_DIR profile the product's server as in versusGdal.ts. AREA_SKY=cloudy: a cloudy year
 * instead (see SKY below).
 */
import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startServerProcess, type ServerProcess } from '../../test/support/serverProcess.js';
import { ARCHIVE_STAND_IN, CACHE_DIR, EPSG, ensureCloudyScene, ensureScene, startArchiveProcess } from '../benchRealShaped.js';
import { squarePolygon } from './areaStream.js';
import { runAsScript } from './runAsScript.js';
import { machineSpeedReport, probeMachineSpeedMs } from './machineSpeed.js';
import { benchServerEnv, countedAt, GDAL_ENV, GDAL_THREADS, itemSpecs, LATENCY_MS, RUNS, sceneBoxQuery, SERVER_NODE_ARGS, spread, warmServer, WARMUP_DAY, writeCatalog } from './versusGdal.js';

const BANDS = { B04: 'red', B05: 'nir08' } as const;
const YEAR = { startDate: '2025-01-01', endDate: '2025-12-31' };
/** The side of the square, km: ~2,500 km² on the sphere, well inside the real-shaped scene's imaged footprint (~180 x 200 km). */
const SIDE_KM = 49.9;
/** QA_PIXEL bits of the default mask (clearPixel.ts DEFAULT_MASK: dilated cloud, cirrus, cloud, shadow). */
const DEFAULT_MASK_BITS = 0b1_1110;
const TOLERANCE = 1e-9;
/**
 * AREA_SKY=cloudy: every other scene of the year carries the cloudy twin's QA_PIXEL (large cloud masses
 * over about two thirds of the footprint, its cloud cover in eo:cloud_cover; benchRealShaped.ts
 * ensureCloudyScene), as a cloudy season does; the product then fetches their QA_PIXEL first.
 */
const SKY = process.env.AREA_SKY === 'cloudy' ? 'cloudy' : 'clear';
/**
 * AREA_WARM=areas: the server has measured a whole area before (the same square over the two scenes
 * outside the year, 2026-01-20 and WARMUP_DAY: other files, none of the year's bytes read), as one that
 * has been running and serving areas has; by default only a 5 km square on one scene. On a server
 * warmed the default way V8 is still compiling the area's code during the measured request
 * (docs/performance.md, eighteenth round), which a running server did long before.
 */
const WARM = process.env.AREA_WARM === 'areas' ? 'areas' : 'default';
/** AREA_GDAL_ROWS=auto (or full) runs one of the two rows, e.g. to profile it. */
const ROWS = (['auto', 'full'] as const).filter((r) => (process.env.AREA_GDAL_ROWS ?? 'auto,full').split(',').includes(r));

const log = (msg: string) => process.stderr.write(`${msg}\n`);
const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

interface Stats {
  count: number;
  mean: number | null;
  median: number | null;
  stDev: number | null;
  min: number | null;
  max: number | null;
}
interface SceneAnswer {
  id: string;
  pixelCount: number;
  clearCount: number;
  bands: Record<string, Stats>;
}
interface ProductAnswer {
  scenes: (Omit<SceneAnswer, 'id'> & { scene: { id: string }; pixelSizeM: number })[];
  overviewLevel: number;
  areaKm2: number;
}

/** POSTs the body to /api/area/stream; resolves at the result line with the time to it and the answer. */
async function timedAreaStream(baseUrl: string, body: unknown): Promise<{ ms: number; answer: ProductAnswer }> {
  const t = performance.now();
  const res = await fetch(`${baseUrl}/api/area/stream`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  if (res.status !== 200) throw new Error(`/api/area/stream answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  const decoder = new TextDecoder();
  let buffered = '';
  let result: { ms: number; answer: ProductAnswer } | null = null;
  // Read to the end (the result line is the last; the time is taken when it arrives): a body cancelled
  // after it held the server's shutdown past serverProcess.ts' 5 s, so a profiled server wrote no profile.
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    buffered += decoder.decode(chunk, { stream: true });
    let newline: number;
    while ((newline = buffered.indexOf('\n')) >= 0) {
      const line = JSON.parse(buffered.slice(0, newline)) as { type: string; result?: ProductAnswer; error?: unknown };
      buffered = buffered.slice(newline + 1);
      if (line.type === 'result') result = { ms: performance.now() - t, answer: line.result! };
      if (line.type === 'error') throw new Error(`/api/area/stream: ${JSON.stringify(line.error)}`);
    }
  }
  if (!result) throw new Error('/api/area/stream ended without a result line');
  return result;
}

interface GdalSpec {
  level: number;
  ringLngLat: number[][];
  scenes: { id: string; qa: string; bands: Record<string, string> }[];
}

/** Runs scripts/bench/gdalArea.py; resolves with its wall time and CPU (measured inside) and its statistics. */
function runGdalArea(spec: GdalSpec): Promise<{ ms: number; cpuMs: number; scenes: SceneAnswer[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn('/usr/bin/python3', [path.resolve('scripts/bench/gdalArea.py')], { env: { ...process.env, ...GDAL_ENV }, stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += String(d)));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`gdalArea.py exited with ${code}`));
      const r = JSON.parse(out) as { seconds: number; cpuSeconds: number; scenes: SceneAnswer[] };
      resolve({ ms: r.seconds * 1000, cpuMs: Math.round(r.cpuSeconds * 1000), scenes: r.scenes });
    });
    child.stdin.end(JSON.stringify({ threads: GDAL_THREADS, epsg: EPSG, maskBits: DEFAULT_MASK_BITS, ...spec }));
  });
}

const close = (a: number | null, b: number | null) => (a === null ? b === null : b !== null && Math.abs(a - b) <= TOLERANCE);

/** Scenes whose counts and statistics agree, and the first few differences in words. */
function compare(product: ProductAnswer, gdal: SceneAnswer[]): { equal: number; of: number; differences: string[] } {
  const theirs = new Map(gdal.map((s) => [s.id, s]));
  const differences: string[] = [];
  let equal = 0;
  for (const mine of product.scenes) {
    const other = theirs.get(mine.scene.id);
    const diff: string[] = [];
    if (!other) diff.push('not in GDAL\'s answer');
    else {
      if (mine.pixelCount !== other.pixelCount) diff.push(`pixelCount ${mine.pixelCount} vs ${other.pixelCount}`);
      if (mine.clearCount !== other.clearCount) diff.push(`clearCount ${mine.clearCount} vs ${other.clearCount}`);
      for (const band of Object.keys(BANDS)) {
        const [a, b] = [mine.bands[band], other.bands[band]];
        if (!a || !b) diff.push(`${band} missing`);
        else if (a.count !== b.count) diff.push(`${band} count ${a.count} vs ${b.count}`);
        else for (const k of ['mean', 'median', 'stDev', 'min', 'max'] as const) if (!close(a[k], b[k])) diff.push(`${band} ${k} ${a[k]} vs ${b[k]}`);
      }
    }
    if (diff.length === 0) equal++;
    else if (differences.length < 5) differences.push(`${mine.scene.id}: ${diff.join('; ')}`);
  }
  return { equal, of: Math.max(product.scenes.length, gdal.length), differences };
}

export async function benchAreaVersusGdal() {
  await ensureScene();
  const cloudy = SKY === 'cloudy' ? await ensureCloudyScene() : null;
  const loadAtStart = os.loadavg();
  // AREA_SKY=cloudy: every other scene of the year the cloudy twin (its own links folder).
  const specs = itemSpecs(0).map((s, i) => (cloudy && s.datetime.startsWith('2025') && i % 2 === 0 ? { ...s, folder: `${s.folder}-cloudy`, cloudy: { cloudCover: cloudy.cloudCover } } : s));
  const archive = await startArchiveProcess(CACHE_DIR, LATENCY_MS);
  const catalogDir = path.join(os.tmpdir(), `landsat-bench-gdal-area-catalog-${process.pid}`);
  await writeCatalog(catalogDir, archive.url, specs);
  const { env, processSettings } = benchServerEnv(catalogDir, archive.url);
  const sceneBox = sceneBoxQuery(catalogDir);
  const counted = countedAt(archive);
  const geometry = squarePolygon(SIDE_KM);
  const yearScenes = specs.filter((s) => s.datetime >= YEAR.startDate && s.datetime <= `${YEAR.endDate}T23:59:59Z`);
  const gdalScenes = yearScenes.map((s) => ({
    id: s.id,
    qa: `${archive.url}/links/${s.folder}/qa_pixel.TIF`,
    bands: Object.fromEntries(Object.entries(BANDS).map(([band, asset]) => [band, `${archive.url}/links/${s.folder}/${asset}.TIF`])),
  }));
  const body = (resolution?: 'full') => ({ geometry, ...YEAR, cloudCoverage: 100, bands: Object.keys(BANDS), ...(resolution ? { resolution } : {}) });
  const warm = async (server: ServerProcess) => {
    await warmServer(server, sceneBox);
    // The area code, its counting worker and the stream route compiled and up: a small square on the WARMUP scene.
    await timedAreaStream(server.baseUrl, { geometry: squarePolygon(5), startDate: WARMUP_DAY, endDate: WARMUP_DAY, cloudCoverage: 100, bands: Object.keys(BANDS) });
    if (WARM === 'areas') await timedAreaStream(server.baseUrl, { geometry, startDate: '2026-01-01', endDate: WARMUP_DAY, cloudCoverage: 100, bands: Object.keys(BANDS) });
  };

  const rows = {
    auto: { product: [] as number[], gdal: [] as number[], level: -1, areaKm2: 0, pixelSizeM: 0, counts: {} as Record<string, unknown>, check: { equal: 0, of: 0, runs: 0 } },
    full: { product: [] as number[], gdal: [] as number[], level: -1, areaKm2: 0, pixelSizeM: 0, counts: {} as Record<string, unknown>, check: { equal: 0, of: 0, runs: 0 } },
  };
  const speedProbeMs: number[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      speedProbeMs.push(probeMachineSpeedMs());
      for (const which of ROWS) {
        const row = rows[which];
        log(`area versus GDAL, run ${run + 1} of ${RUNS}, resolution ${which}: the product...`);
        const server = await startServerProcess(env, SERVER_NODE_ARGS);
        let answer: ProductAnswer;
        try {
          await warm(server);
          const [result, stats] = await counted(() => timedAreaStream(server.baseUrl, body(which === 'full' ? 'full' : undefined)), server);
          row.product.push(result.ms);
          answer = result.answer;
          row.counts.product = stats;
        } finally {
          await server.stop();
        }
        if (answer.scenes.length !== yearScenes.length) throw new Error(`the area answered ${answer.scenes.length} scenes, not the catalogue's ${yearScenes.length} in the year`);
        row.level = answer.overviewLevel;
        row.areaKm2 = round(answer.areaKm2);
        row.pixelSizeM = answer.scenes[0].pixelSizeM;
        log(`  GDAL on level ${answer.overviewLevel}...`);
        const [gdal, gstats] = await counted(() => runGdalArea({ level: answer.overviewLevel, ringLngLat: geometry.coordinates[0], scenes: gdalScenes }));
        row.gdal.push(gdal.ms);
        row.counts.gdal = { ...gstats, cpuMs: gdal.cpuMs };
        const check = compare(answer, gdal.scenes);
        log(`  product ${round(row.product[row.product.length - 1])} ms, GDAL ${round(gdal.ms)} ms; values equal: ${check.equal} of ${check.of} scenes`);
        if (check.equal !== check.of || check.of !== yearScenes.length) {
          throw new Error(`the product and GDAL measured different values (${check.equal} of ${check.of} scenes equal): ${check.differences.join(' | ')}`);
        }
        row.check = { equal: check.equal, of: check.of, runs: run + 1 };
      }
    }
  } finally {
    await archive.close();
    await rm(catalogDir, { recursive: true, force: true });
  }

  const TARGET_RATIO = 0.8;
  const report = (row: (typeof rows)['auto']) => {
    const product = spread(row.product);
    const gdal = spread(row.gdal);
    const ratio = round(product.medianMs / gdal.medianMs, 2);
    return {
      overviewLevel: row.level, pixelSizeM: row.pixelSizeM, product, gdal, ratioOfMedians: ratio, target: { ratio: TARGET_RATIO }, met: ratio <= TARGET_RATIO,
      valuesEqual: `${row.check.equal} of ${row.check.of} scenes (every run)`, requests: row.counts,
    };
  };
  return {
    setUp: {
      polygon: `square of ${SIDE_KM} km around the default point`, areaKm2: rows.auto.areaKm2, scenes: yearScenes.length, year: YEAR,
      sky: cloudy ? `cloudy: ${specs.filter((s) => s.cloudy && yearScenes.includes(s)).length} of the ${yearScenes.length} scenes with the cloudy twin's QA_PIXEL (${cloudy.cloudCover} % cloud)` : 'clear: every scene the real-shaped QA_PIXEL (12 % masked, in 48 px fields)', bands: Object.keys(BANDS), mask: 'default (cloud, dilated cloud, cirrus, shadow)',
      runs: RUNS, latencyMsPerRequest: LATENCY_MS, gdalThreads: GDAL_THREADS,
      serverProcessEnv: processSettings,
      loadAverage: { atStart: loadAtStart.map((l) => round(l, 2)), atEnd: os.loadavg().map((l) => round(l, 2)) },
      machineSpeed: machineSpeedReport(speedProbeMs),
      product: 'POST /api/area/stream on a fresh warmed server, timed to the result line; cpuMs: the server, all threads (cpuMsByThread: which)',
      productWarmUp: WARM === 'areas' ? 'as versusGdal.ts, a 5 km square on one scene, then the same square over the two scenes outside the year (AREA_WARM=areas)' : 'as versusGdal.ts, then a 5 km square on one scene',
      gdal: 'scripts/bench/gdalArea.py: /vsicurl/ reads of the same windows on the same level (OVERVIEW_LEVEL), gdal.RasterizeLayer, numpy statistics; cpuMs: all threads',
      counts: 'range requests, bytes, most in flight and first-to-last as the archive stand-in saw them; archiveCpuMs: the stand-in process meanwhile, on the same cores (last run)',
      archiveStandIn: ARCHIVE_STAND_IN,
    },
    ...(rows.auto.product.length > 0 ? { resolutionAuto: report(rows.auto) } : {}),
    ...(rows.full.product.length > 0 ? { resolutionFull: report(rows.full) } : {}),
  };
}

// `npx tsx scripts/bench/areaVersusGdal.ts` runs this part alone.
runAsScript(import.meta.url, benchAreaVersusGdal);
