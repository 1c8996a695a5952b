/**
 * Issue 22's rows, the product against GDAL on the same reads in one run (`BENCH_ONLY=gdal npm run bench`):
 * - 45-scene 3 x 3 series (8 bands + QA_PIXEL), cold data on a running server;
 * - the same as the first request after the server starts;
 * - the same, warm;
 * - full-scene true-colour image, cold;
 * - a 40-year series (Landsat 4-9 shaped, ~1,000 scenes over two overlapping WRS-2 paths; red, NIR and
 *   QA_PIXEL: an NDVI record), cold, warm, and the server's peak RSS.
 * The product is the real server (src/server/main.ts, its own process, with npm start's malloc and libuv
 * settings: scripts/serverProcessEnv.mjs; before the nineteenth round it ran without them) on a local STAC catalogue whose
 * assets are the real-shaped COGs of scripts/benchRealShaped.ts, served by the archive stand-in with 30 ms
 * latency per request (another process). Every product run starts a fresh server (so its caches are cold);
 * "running server" runs first warm the process with a place search (which waits for the place index the
 * server builds as it starts), a 1-scene series and image of another scene (code loaded and compiled,
 * sockets and worker threads up). GDAL is scripts/bench/gdalReads.py: python3-gdal
 * reading the same windows of the same files through /vsicurl/ from a pool of threads (fresh process, so
 * cold too). Both read the same URLs (each run is cold for its reader; the archive's page cache is warm
 * for both). Requests are counted at the archive.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import proj4 from 'proj4';
import type { AssetKey, BandId } from '../../src/core/bands/bandCatalog.js';
import type { LngLat } from '../../src/core/geo/lngLat.js';
import { projDefinitionForEpsg } from '../../src/core/raster/sceneGrid.js';
import { DEFAULT_POINT } from '../../src/shared/defaults.js';
import { startServerProcess, type ServerProcess } from '../../test/support/serverProcess.js';
import { ARCHIVE_STAND_IN, ASSETS, CACHE_DIR, EPSG, HEIGHT, WIDTH, ensureScene, frame, startArchiveProcess, type ArchiveStats } from '../benchRealShaped.js';
import { runAsScript } from './runAsScript.js';
import { withServerProcessEnv } from '../serverProcessEnv.mjs';
import { machineSpeedReport, probeMachineSpeedMs } from './machineSpeed.js';
import { processCpuMs, threadCpuMs, threadCpuSplit } from '../load/measure.js';

export const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
export const LATENCY_MS = 30;
/** GDAL's pool: the 36 threads (more threads than files in flight would only queue). */
export const GDAL_THREADS = Number(process.env.BENCH_GDAL_THREADS ?? 36);
const SERIES_BANDS: BandId[] = ['B01', 'B02', 'B03', 'B04', 'B05', 'B06', 'B07', 'B09'];
const RECORD_BANDS: BandId[] = ['B04', 'B05'];
const RECORD_ASSETS: AssetKey[] = ['red', 'nir08', 'qa_pixel'];
const IMAGE_ASSETS: AssetKey[] = ['red', 'green', 'blue'];
const SERIES_SCENES = 45;
/** BENCH_SERVER_NODE_ARGS adds node flags to the product's servers, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` (with WORKER_CPU_PROF_DIR for its worker threads). */
export const SERVER_NODE_ARGS = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
const WARM_REPEATS = 5;
const SERIES_START = Date.UTC(2025, 0, 2);
const IMAGE_DAY = '2026-01-20';
export const WARMUP_DAY = '2026-03-01';
const RECORD_START = Date.UTC(1984, 2, 1);
const RECORD_END = Date.UTC(2024, 11, 31);
export const GDAL_ENV = {
  GDAL_DISABLE_READDIR_ON_OPEN: 'EMPTY_DIR',
  CPL_VSIL_CURL_ALLOWED_EXTENSIONS: '.TIF',
  GDAL_HTTP_MULTIPLEX: 'YES',
  GDAL_HTTP_VERSION: '2',
  GDAL_HTTP_MERGE_CONSECUTIVE_RANGES: 'YES',
  VSI_CACHE: 'TRUE',
};

const log = (msg: string) => process.stderr.write(`${msg}\n`);
const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;
const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;
const day = (t: number) => new Date(t).toISOString().slice(0, 10);

export function spread(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return { medianMs: round(sorted[Math.floor(sorted.length / 2)]), minMs: round(sorted[0]), maxMs: round(sorted[sorted.length - 1]), runs: values.map((v) => round(v)) };
}

export interface ItemSpec {
  id: string;
  /** Folder under CACHE_DIR/links (a symlink to the one generated scene: its own URLs, the same bytes). */
  folder: string;
  datetime: string;
  platform: string;
  wrsPath: number;
  /** The cloudy twin instead (benchRealShaped.ts ensureCloudyScene; its folder must differ from the clear scene's links), with that cloud cover. */
  cloudy?: { cloudCover: number };
}

/** The mission flying at a date, alternating where two overlap: Landsat 4-9 shaped. */
function platformAt(t: number, i: number): string {
  const year = new Date(t).getUTCFullYear();
  if (year < 1993) return i % 3 === 0 ? 'landsat-4' : 'landsat-5';
  if (year < 1999) return 'landsat-5';
  if (year < 2013) return i % 2 ? 'landsat-7' : 'landsat-5';
  if (year < 2022) return i % 2 ? 'landsat-8' : 'landsat-7';
  return i % 2 ? 'landsat-9' : 'landsat-8';
}

export function itemSpecs(recordScenes: number): ItemSpec[] {
  const specs: ItemSpec[] = [];
  for (let i = 0; i < SERIES_SCENES; i++) {
    specs.push({ id: `LC08_L2SP_018029_SERIES${String(i).padStart(3, '0')}`, folder: `A${String(i).padStart(4, '0')}`, datetime: new Date(SERIES_START + i * 8 * 86_400_000).toISOString(), platform: i % 2 ? 'landsat-9' : 'landsat-8', wrsPath: 18 });
  }
  specs.push({ id: 'LC08_L2SP_018029_IMAGE', folder: 'IMAGE', datetime: `${IMAGE_DAY}T16:00:00.000Z`, platform: 'landsat-8', wrsPath: 18 });
  specs.push({ id: 'LC08_L2SP_018029_WARMUP', folder: 'WARMUP', datetime: `${WARMUP_DAY}T16:00:00.000Z`, platform: 'landsat-8', wrsPath: 18 });
  const step = (RECORD_END - RECORD_START) / recordScenes;
  for (let i = 0; i < recordScenes; i++) {
    const t = RECORD_START + i * step;
    // Two overlapping paths (17 and 18) a day apart: the point lies in their sidelap, as much of the record does.
    specs.push({ id: `L_RECORD_${String(i).padStart(4, '0')}`, folder: `R${String(i).padStart(4, '0')}`, datetime: new Date(t + (i % 2) * 86_400_000).toISOString(), platform: platformAt(t, i), wrsPath: i % 2 ? 17 : 18 });
  }
  return specs;
}

/** STAC items (Planetary Computer form) for every spec, in a fresh folder, their assets on the archive stand-in. */
export async function writeCatalog(dir: string, archiveUrl: string, specs: ItemSpec[]) {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const linksDir = path.join(CACHE_DIR, 'links');
  await mkdir(linksDir, { recursive: true });
  const { originX, originY } = frame();
  const toLngLat = proj4(projDefinitionForEpsg(EPSG), 'WGS84');
  const ring = [[originX, originY], [originX + WIDTH * 30, originY], [originX + WIDTH * 30, originY - HEIGHT * 30], [originX, originY - HEIGHT * 30], [originX, originY]].map((xy) => toLngLat.forward(xy) as LngLat);
  const lons = ring.map((c) => c[0]);
  const lats = ring.map((c) => c[1]);
  for (const s of specs) {
    const link = path.join(linksDir, s.folder);
    if (!existsSync(link)) await symlink(s.cloudy ? '../cloudy' : '../base', link);
    const tm = s.platform !== 'landsat-8' && s.platform !== 'landsat-9';
    const keys = ASSETS.filter((a) => !(tm && a === 'coastal')).map((a) => (tm && a === 'lwir11' ? ['lwir', 'lwir11'] : [a, a]));
    const item = {
      type: 'Feature', stac_version: '1.0.0', id: s.id, collection: 'landsat-c2-l2',
      bbox: [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)],
      geometry: { type: 'Polygon', coordinates: [ring] },
      properties: {
        datetime: s.datetime, platform: s.platform, 'landsat:correction': 'L2SP', 'eo:cloud_cover': s.cloudy?.cloudCover ?? 10, 'landsat:cloud_cover_land': s.cloudy?.cloudCover ?? 10,
        'landsat:wrs_path': String(s.wrsPath).padStart(3, '0'), 'landsat:wrs_row': '029', 'proj:epsg': EPSG, 'view:sun_elevation': 40, 'view:sun_azimuth': 150,
        'landsat:collection_category': 'T1', description: 'SYNTHETIC bench scene in the shape of Landsat C2 L2',
      },
      assets: Object.fromEntries(keys.map(([key, file]) => [key, { href: `${archiveUrl}/links/${s.folder}/${file}.TIF` }])),
    };
    await writeFile(path.join(dir, `${s.id}.json`), JSON.stringify(item));
  }
}

/** The 3 x 3 window around the default point, in the files' pixels, centred where GDAL locates the point. */
function pointWindow(file: string): [number, number, number, number] {
  const out = execFileSync('gdallocationinfo', ['-wgs84', file, String(DEFAULT_POINT.lon), String(DEFAULT_POINT.lat)], { encoding: 'utf8' });
  const m = /Location: \((\d+)P,(\d+)L\)/.exec(out);
  if (!m) throw new Error(`gdallocationinfo did not locate the point: ${out}`);
  return [Number(m[1]) - 1, Number(m[2]) - 1, 3, 3];
}

interface GdalRead {
  url: string;
  window: [number, number, number, number];
  out?: [number, number];
}

/** Runs scripts/bench/gdalReads.py; resolves with its wall time (ms, measured inside) and checksum. */
function runGdal(reads: GdalRead[], returnValues = false): Promise<{ ms: number; cpuMs: number; checksum: number; values?: number[][] }> {
  return new Promise((resolve, reject) => {
    const child = spawn('/usr/bin/python3', [path.resolve('scripts/bench/gdalReads.py')], { env: { ...process.env, ...GDAL_ENV }, stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += String(d)));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`gdalReads.py exited with ${code}`));
      const r = JSON.parse(out) as { seconds: number; cpuSeconds: number; checksum: number; values?: number[][] };
      resolve({ ms: r.seconds * 1000, cpuMs: Math.round(r.cpuSeconds * 1000), checksum: r.checksum, values: r.values });
    });
    child.stdin.end(JSON.stringify({ threads: GDAL_THREADS, reads, returnValues }));
  });
}

/** The server's CPU so far, all its threads (NaN without /proc). */
const cpuMsOf = (pid: number): number => processCpuMs(pid) ?? Number.NaN;

/** Peak resident memory of a process (Linux VmHWM), MB. */
function peakRssMb(pid: number): number | null {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? round(Number(m[1]) / 1024) : null;
  } catch {
    return null;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Times `count` GETs of the same URL one after another. */
async function repeatedGets(base: string, url: string, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) times.push((await timedGet(base, url)).ms);
  return times;
}

/** Times one GET; throws unless 200. */
async function timedGet(base: string, url: string): Promise<{ ms: number; body: Buffer }> {
  const t = process.hrtime.bigint();
  const res = await fetch(`${base}${url}`);
  const body = Buffer.from(await res.arrayBuffer());
  const took = ms(t);
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${body.toString().slice(0, 300)}`);
  return { ms: took, body };
}

const pixelUrl = (from: string, to: string, bands: BandId[]) =>
  `/api/pixel?lat=${DEFAULT_POINT.lat}&lon=${DEFAULT_POINT.lon}&startDate=${from}&endDate=${to}&cloudCoverage=100&bands=${bands.join(',')}`;

/** The IMAGE scene's bbox as landsatImage's query (the whole real-shaped scene). */
export function sceneBoxQuery(catalogDir: string): string {
  const item = JSON.parse(readFileSync(path.join(catalogDir, 'LC08_L2SP_018029_IMAGE.json'), 'utf8')) as { bbox: number[] };
  const [w, s, e, n] = item.bbox;
  return `LON_UL=${w}&LAT_UR=${s}&LON_UR=${e}&LAT_UL=${n}`;
}

/**
 * A running server: a place search (which waits for the place index the server builds as it starts, ~2 s
 * of CPU in a thread, so the rows do not share the 2 cores with it), a 1-scene series and an image of the
 * WARMUP scene (code loaded and compiled, sockets and worker threads up).
 */
export async function warmServer(server: ServerProcess, sceneBox: string): Promise<void> {
  await timedGet(server.baseUrl, '/api/geocode?q=Detroit&limit=1');
  await timedGet(server.baseUrl, pixelUrl(WARMUP_DAY, WARMUP_DAY, SERIES_BANDS));
  await timedGet(server.baseUrl, `/api/landsatImage?${sceneBox}&startDate=${WARMUP_DAY}&endDate=${WARMUP_DAY}&cloudCoverage=100&bands=B04,B03,B02`);
}

/** Runs `what`, with the requests the archive saw meanwhile and, given the server, the CPU it spent. */
export function countedAt(archive: { stats: () => Promise<ArchiveStats> }) {
  return async <T>(what: () => Promise<T>, server?: ServerProcess): Promise<[T, ArchiveStats & { cpuMs?: number; cpuMsByThread?: ReturnType<typeof threadCpuSplit> }]> => {
    await archive.stats();
    const cpuBefore = server ? cpuMsOf(server.child.pid!) : 0;
    const threadsBefore = server ? threadCpuMs(server.child.pid!) : null;
    const result = await what();
    const stats = await archive.stats();
    if (!server || !threadsBefore) return [result, stats];
    // Which threads spent it: the event loop (HTTP, plans, statistics), the busiest worker (a decode
    // worker), and the others (the second decode worker and V8's own threads: its optimising compiler
    // and collector, ~0.6-0.8 s of an area's ~3.3 s in the eighteenth round's perf profiles).
    const cpuMsByThread = threadCpuSplit(server.child.pid!, threadsBefore, threadCpuMs(server.child.pid!));
    return [result, { ...stats, cpuMs: cpuMsOf(server.child.pid!) - cpuBefore, cpuMsByThread }];
  };
}

/**
 * The benches' server environment: npm start's process settings (glibc's malloc tunables, libuv's pool;
 * scripts/serverProcessEnv.mjs) and its start-up warm-up (WARM_UP=full: on an archive, areas over the
 * warm-up's own archive in memory; the tests' servers start light), as a user's server has them, on the
 * local catalogue at `catalogDir` whose assets the archive stand-in at `archiveUrl` serves;
 * `processSettings` for the report's set-up. WARM_UP=light in the bench's environment for an A/B.
 */
export function benchServerEnv(catalogDir: string, archiveUrl: string) {
  const { GLIBC_TUNABLES, UV_THREADPOOL_SIZE } = withServerProcessEnv({});
  const processSettings = { GLIBC_TUNABLES, UV_THREADPOOL_SIZE, WARM_UP: process.env.WARM_UP === 'light' ? 'light' : 'full' };
  const env = { ...processSettings, LANDSAT_SOURCE: `local:${catalogDir}`, ARCHIVE_HOSTS: new URL(archiveUrl).host, MAX_SCENES: '2000', LOAD_SHED_EVENT_LOOP_DELAY_MS: '0', RATE_LIMIT_PER_MINUTE: '100000', LOG_LEVEL: 'warn' } as Record<string, string>;
  return { env, processSettings };
}

export async function benchVersusGdal() {
  await ensureScene();
  const loadAtStart = os.loadavg()[0];
  const recordScenes = Number(process.env.BENCH_RECORD_SCENES ?? 1000);
  const specs = itemSpecs(recordScenes);
  const archive = await startArchiveProcess(CACHE_DIR, LATENCY_MS);
  const catalogDir = path.join(os.tmpdir(), `landsat-bench-gdal-catalog-${process.pid}`);
  await writeCatalog(catalogDir, archive.url, specs);
  const { env, processSettings } = benchServerEnv(catalogDir, archive.url);
  const seriesUrl = pixelUrl(day(SERIES_START), day(SERIES_START + SERIES_SCENES * 8 * 86_400_000), SERIES_BANDS);
  const recordUrl = pixelUrl('1984-01-01', '2024-12-31', RECORD_BANDS);
  const sceneBox = sceneBoxQuery(catalogDir);
  const imageUrl = `/api/landsatImage?${sceneBox}&startDate=${IMAGE_DAY}&endDate=${IMAGE_DAY}&cloudCoverage=100&bands=B04,B03,B02`;
  const warmup = (server: ServerProcess) => warmServer(server, sceneBox);
  const counted = countedAt(archive);

  const win = pointWindow(path.join(CACHE_DIR, 'base', 'red.TIF'));
  const seriesSpecs = specs.filter((s) => s.folder.startsWith('A'));
  const recordSpecs = specs.filter((s) => s.folder.startsWith('R'));
  const seriesReads: GdalRead[] = seriesSpecs.flatMap((s) => ASSETS.map((a) => ({ url: `${archive.url}/links/${s.folder}/${a}.TIF`, window: win })));
  const recordReads: GdalRead[] = recordSpecs.flatMap((s) => RECORD_ASSETS.map((a) => ({ url: `${archive.url}/links/${s.folder}/${a}.TIF`, window: win })));

  const product = { first: [] as number[], cold: [] as number[], warm: [] as number[], warmFirst: [] as number[], image: [] as number[], recordCold: [] as number[], recordWarm: [] as number[], recordWarmFirst: [] as number[] };
  const gdal = { series: [] as number[], image: [] as number[], record: [] as number[] };
  const counts: Record<string, ArchiveStats & { cpuMs?: number }> = {};
  const speedProbeMs: number[] = [];
  let imageOut: [number, number] = [0, 0];
  let rssMb: number | null = null;
  let recordScenesAnswered = 0;
  let pixelCheck = { compared: 0, mismatches: 0 };
  try {
    for (let run = 0; run < RUNS; run++) {
      log(`versus GDAL, run ${run + 1} of ${RUNS}: first request after start...`);
      speedProbeMs.push(probeMachineSpeedMs());
      let server = await startServerProcess(env, SERVER_NODE_ARGS);
      try {
        const [first, c] = await counted(() => timedGet(server.baseUrl, seriesUrl), server);
        product.first.push(first.ms);
        counts.productFirst = c;
      } finally {
        await server.stop();
      }

      log('  running server: 45-scene series cold, warm, full-scene image cold...');
      server = await startServerProcess(env, SERVER_NODE_ARGS);
      try {
        await warmup(server);
        const [cold, cs] = await counted(() => timedGet(server.baseUrl, seriesUrl), server);
        counts.productSeries = cs;
        product.cold.push(cold.ms);
        const answer = JSON.parse(cold.body.toString()) as { scenes: { bands: Record<string, { dn: (number | null)[][] }> }[] };
        if (answer.scenes.length !== SERIES_SCENES) throw new Error(`the series answered ${answer.scenes.length} scenes, not ${SERIES_SCENES}`);
        // Warm: the repeats after the cold answer; the first repeat also runs code not yet optimized by the JIT.
        const repeats = await repeatedGets(server.baseUrl, seriesUrl, WARM_REPEATS);
        product.warmFirst.push(repeats[0]);
        product.warm.push(median(repeats));
        const [image, ci] = await counted(() => timedGet(server.baseUrl, imageUrl), server);
        product.image.push(image.ms);
        counts.productImage = ci;
        // The PNG's own size is what the product decimated to; GDAL reads the same pixels count.
        imageOut = [image.body.readUInt32BE(16), image.body.readUInt32BE(20)];
        if (run === 0) {
          // The product's DNs against GDAL's for the same 3 x 3 (B04 = red of the first series scene).
          const theirs = await runGdal([{ url: `${archive.url}/links/${seriesSpecs[0].folder}/red.TIF`, window: win }], true);
          const mine = answer.scenes[0].bands.B04.dn.flat();
          pixelCheck = { compared: mine.length, mismatches: mine.filter((v, i) => v !== theirs.values![0][i] && !(v === null && theirs.values![0][i] === 0)).length };
        }
      } finally {
        await server.stop();
      }

      log('  40-year series: cold, warm, peak RSS...');
      server = await startServerProcess(env, SERVER_NODE_ARGS);
      try {
        await warmup(server);
        const [cold, cr] = await counted(() => timedGet(server.baseUrl, recordUrl), server);
        product.recordCold.push(cold.ms);
        counts.productRecord = cr;
        recordScenesAnswered = (JSON.parse(cold.body.toString()) as { scenes: unknown[] }).scenes.length;
        const recordRepeats = await repeatedGets(server.baseUrl, recordUrl, 3);
        product.recordWarmFirst.push(recordRepeats[0]);
        product.recordWarm.push(median(recordRepeats));
        const peak = peakRssMb(server.child.pid!);
        if (peak !== null) rssMb = Math.max(rssMb ?? 0, peak);
      } finally {
        await server.stop();
      }

      log('  GDAL: the same reads...');
      const [gs, gc] = await counted(() => runGdal(seriesReads));
      gdal.series.push(gs.ms);
      counts.gdalSeries = { ...gc, cpuMs: gs.cpuMs };
      const fullWindow: [number, number, number, number] = [0, 0, WIDTH, HEIGHT];
      const [gi, gic] = await counted(() => runGdal(IMAGE_ASSETS.map((a) => ({ url: `${archive.url}/links/IMAGE/${a}.TIF`, window: fullWindow, out: imageOut }))));
      gdal.image.push(gi.ms);
      counts.gdalImage = { ...gic, cpuMs: gi.cpuMs };
      const [gr, grc] = await counted(() => runGdal(recordReads));
      gdal.record.push(gr.ms);
      counts.gdalRecord = { ...grc, cpuMs: gr.cpuMs };
    }
  } finally {
    await archive.close();
    await rm(catalogDir, { recursive: true, force: true });
  }

  // Targets: issue 33's (45-scene cold <= 0.5x GDAL, first request after start <= 0.8x, image cold <= 0.4 s,
  // the 40-year record cold <= 0.5x, warm <= 100 ms); issue 22's were 0.8x, 1.2x, 0.5 s, 0.8x and 200 ms.
  const row = (ours: number[], theirs: number[] | null, target: { ratio?: number; ms?: number }, extra: Record<string, unknown> = {}) => {
    const o = spread(ours);
    const g = theirs ? spread(theirs) : null;
    const ratio = g ? round(o.medianMs / g.medianMs, 2) : null;
    const met = (target.ratio === undefined || (ratio !== null && ratio <= target.ratio)) && (target.ms === undefined || o.medianMs <= target.ms);
    return { product: o, ...(g ? { gdal: g, ratioOfMedians: ratio } : {}), target, met, ...extra };
  };
  return {
    setUp: {
      shape: { width: WIDTH, height: HEIGHT, tile: 512, compression: 'DEFLATE + predictor 2', overviews: 4, latencyMsPerRequest: LATENCY_MS, synthetic: true },
      runs: RUNS,
      serverProcessEnv: processSettings,
      // A busy machine slows the product's event loop more than GDAL's 36 threads, which take a larger share of the cores.
      loadAverage1m: { atStart: round(loadAtStart), atEnd: round(os.loadavg()[0]) },
      machineSpeed: machineSpeedReport(speedProbeMs),
      product: 'the real server (own process, fresh per run), local STAC catalogue, assets over HTTP',
      gdal: { tool: 'python3-gdal, ReadAsArray through /vsicurl/, one dataset per read', threads: GDAL_THREADS, config: GDAL_ENV, version: 'see `gdalinfo --version`' },
      counts: 'range requests, bytes, most requests in flight and first-to-last request as the archive stand-in saw them; cpuMs: the reader process, all threads; archiveCpuMs: the stand-in process meanwhile, on the same cores (last run)',
      archiveStandIn: ARCHIVE_STAND_IN,
    },
    series45ColdRunningServer: row(product.cold, gdal.series, { ratio: 0.5 }, { files: seriesReads.length, requests: { product: counts.productSeries, gdal: counts.gdalSeries } }),
    series45FirstRequestAfterStart: row(product.first, gdal.series, { ratio: 0.8 }, { requests: { product: counts.productFirst, gdal: counts.gdalSeries } }),
    series45Warm: row(product.warm, null, { ms: 50 }, { perRun: `median of ${WARM_REPEATS} repeats after the cold answer`, firstRepeat: spread(product.warmFirst) }),
    fullSceneImageCold: row(product.image, gdal.image, { ms: 400 }, { outputPixels: imageOut, requests: { product: counts.productImage, gdal: counts.gdalImage }, gdalReads: 'the 3 bands decimated to the same size (GDAL picks the overview)' }),
    record40Years: {
      scenes: recordScenesAnswered,
      bands: RECORD_BANDS,
      files: recordReads.length,
      cold: row(product.recordCold, gdal.record, { ratio: 0.5 }, { requests: { product: counts.productRecord, gdal: counts.gdalRecord } }),
      warm: row(product.recordWarm, null, { ms: 100 }, { perRun: 'median of 3 repeats after the cold answer', firstRepeat: spread(product.recordWarmFirst) }),
      peakRssMb: { value: rssMb, targetMb: 700, met: rssMb !== null && rssMb < 700 },
    },
    pixelCheck,
  };
}

// `npx tsx scripts/bench/versusGdal.ts` runs this part alone.
runAsScript(import.meta.url, benchVersusGdal);
