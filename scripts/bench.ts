/**
 * `npm run bench`: speed and size figures as JSON on stdout (progress on stderr). Measured here,
 * never asserted in timed tests. Uses the synthetic demo archive (computed on read, no files).
 */
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { createDemoCatalog } from '../src/core/demo/createDemoCatalog.js';
import { createBlockCache } from '../src/core/raster/blockCache.js';
import { createByteSourceForHref, type ByteSource } from '../src/core/raster/byteSource.js';
import { createLandsatService } from '../src/core/landsat/landsatService.js';
import { benchWrs2AndOverpass } from '../src/core/wrs2/wrs2.bench.js';
import { benchDemoArchive } from './benchDemo.js';
import { DEFAULT_POINT } from '../src/shared/defaults.js';
import type { LngLat } from '../src/core/geo/lngLat.js';
import { benchFirstLoad } from './bench/firstLoad.js';
import { benchFirstMinute } from './bench/firstMinute.js';
import { benchExportSceneBox } from './bench/exportSceneBox.js';
import { benchAreaJourney } from './bench/areaJourney.js';
import { benchAreaStream } from './bench/areaStream.js';
import { benchPointDuringArea } from './bench/pointDuringArea.js';
import { benchRealShapedArchive } from './benchRealShaped.js';
import { benchSitesDemo, benchSitesRealShaped } from './bench/sites.js';
import { benchVersusGdal } from './bench/versusGdal.js';
import { benchAreaVersusGdal } from './bench/areaVersusGdal.js';
import { benchFortyYearsDemo } from './bench/fortyYearsDemo.js';
import { benchPixelFortyYears } from './bench/pixelFortyYears.js';
import { benchFieldFiles } from './bench/fieldFiles.js';
import { benchCompositeTiles } from './bench/compositeTiles.js';
import { benchChange } from './bench/change.js';
import { createCountingByteSource, type ByteCounter } from './countingByteSource.js';

const log = (msg: string) => process.stderr.write(`${msg}\n`);
const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

interface Counter extends ByteCounter {
  hrefs: Set<string>;
}

function countingOpenSource(counter: Counter) {
  return (href: string): ByteSource => {
    const inner = createByteSourceForHref(href);
    counter.hrefs.add(inner.id);
    return createCountingByteSource(inner, counter);
  };
}

async function initialJsGzipBytes(): Promise<{ files: string[]; gzipBytes: number } | null> {
  const dist = path.resolve('dist/client');
  const indexPath = path.join(dist, 'index.html');
  if (!existsSync(indexPath)) return null;
  const html = await readFile(indexPath, 'utf8');
  // What the browser loads before any lazy import: the entry script and its modulepreloads.
  const files = [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+\.js)"/g)].map((m) => m[1]);
  let gzipBytes = 0;
  for (const file of files) gzipBytes += gzipSync(await readFile(path.join(dist, file.replace(/^\//, '')))).byteLength;
  return { files, gzipBytes };
}

/** The machine the figures come from: cores, memory, load when the bench started (other work skews them). */
function machine() {
  return { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, memoryGB: Math.round(os.totalmem() / 2 ** 30), loadAverage1m: Math.round(os.loadavg()[0] * 10) / 10, node: process.version };
}

async function main(): Promise<void> {
  // BENCH_ONLY=tiles runs just issue 37's map tile figures (scripts/bench/compositeTiles.ts).
  if (process.env.BENCH_ONLY === 'tiles') {
    process.stdout.write(`${JSON.stringify({ machine: machine(), tiles: await benchCompositeTiles() }, null, 2)}\n`);
    return;
  }
  // BENCH_ONLY=real-shaped runs just that scenario (it generates its COGs once, then takes ~1 min).
  if (process.env.BENCH_ONLY === 'real-shaped') {
    const realShapedArchive = await benchRealShapedArchive();
    process.stdout.write(`${JSON.stringify({ machine: machine(), realShapedArchive }, null, 2)}\n`);
    return;
  }
  // BENCH_ONLY=forty-years runs just issue 33's demo record through the API (scripts/bench/fortyYearsDemo.ts):
  // the default point's whole record cold, warm and cancelled, FORTY_YEARS_RUNS (default 3) fresh servers.
  if (process.env.BENCH_ONLY === 'forty-years') {
    const fortyYearsDemo = await benchFortyYearsDemo();
    process.stdout.write(`${JSON.stringify({ machine: machine(), fortyYearsDemo }, null, 2)}\n`);
    return;
  }
  // BENCH_ONLY=pixel-forty runs just the 40-year pixel stream and GET /api/change, cold, each on a fresh server (scripts/bench/pixelFortyYears.ts).
  if (process.env.BENCH_ONLY === 'pixel-forty') {
    const pixelFortyYears = await benchPixelFortyYears();
    process.stdout.write(`${JSON.stringify({ machine: machine(), pixelFortyYears }, null, 2)}\n`);
    return;
  }
  // BENCH_ONLY=gdal runs just issue 22's rows against GDAL (scripts/bench/versusGdal.ts) and the
  // 1,000-sites row against GDAL: a few minutes (BENCH_RUNS, default 3; BENCH_RECORD_SCENES, default 1000).
  if (process.env.BENCH_ONLY === 'gdal') {
    const versusGdal = await benchVersusGdal();
    const sites1000VsGdal = await benchSitesRealShaped();
    process.stdout.write(`${JSON.stringify({ machine: machine(), versusGdal, sites1000VsGdal }, null, 2)}\n`);
    return;
  }
  // BENCH_ONLY=gdal-area runs just issue 33's 2,500 km² area over a year on the real-shaped COGs against
  // GDAL on the same windows and statistics (scripts/bench/areaVersusGdal.ts; BENCH_RUNS, default 3).
  if (process.env.BENCH_ONLY === 'gdal-area') {
    process.stdout.write(`${JSON.stringify({ machine: machine(), areaVersusGdal: await benchAreaVersusGdal() }, null, 2)}\n`);
    return;
  }
  // BENCH_ONLY=demo-speed runs just the embedded demo's journey figures: the first minute in the real
  // page (issue 21) and 100 sites over a year (issue 24). BENCH_ONLY=first-minute runs the former alone.
  if (process.env.BENCH_ONLY === 'demo-speed' || process.env.BENCH_ONLY === 'first-minute') {
    const firstMinute = await benchFirstMinute();
    const sites = process.env.BENCH_ONLY === 'demo-speed' ? { oneScene100SitesOneYearDemo: await benchSitesDemo() } : undefined;
    process.stdout.write(`${JSON.stringify({ machine: { cpus: os.cpus().length, node: process.version }, firstMinute, ...(sites ? { sites } : {}) }, null, 2)}\n`);
    return;
  }
  // BENCH_ONLY=field-files runs just issue 36's entry: 200 spectrometer files in one batch on the demo archive.
  if (process.env.BENCH_ONLY === 'field-files') {
    process.stdout.write(`${JSON.stringify({ machine: machine(), fieldFiles200Demo: await benchFieldFiles() }, null, 2)}\n`);
    return;
  }
  // BENCH_ONLY=change runs just issue 34's change-detection rows (ours against pyccd, the point's record).
  if (process.env.BENCH_ONLY === 'change') {
    process.stdout.write(`${JSON.stringify({ machine: machine(), changeDetection: await benchChange(log) }, null, 2)}\n`);
    return;
  }
  // BENCH_ONLY=export runs just issue 35's default-area GeoTIFF (scripts/bench/exportSceneBox.ts).
  if (process.env.BENCH_ONLY === 'export') {
    process.stdout.write(`${JSON.stringify({ machine: machine(), exportSceneBox: await benchExportSceneBox() }, null, 2)}\n`);
    return;
  }
  // BENCH_ONLY=area runs issue 33's area and first-load figures: the 2,500 km² journey in the page
  // (scripts/bench/areaJourney.ts, AREA_JOURNEY_RUNS) and the first load's bytes over the wire.
  if (process.env.BENCH_ONLY === 'area') {
    const areaJourney = await benchAreaJourney();
    const firstLoad = await benchFirstLoad();
    process.stdout.write(`${JSON.stringify({ machine: machine(), areaJourney, firstLoad }, null, 2)}\n`);
    return;
  }
  // BENCH_ONLY=area-stream runs just the 2,500 km² square over a year through /api/area/stream on a
  // fresh server, to its end: wall, server CPU, load, and a hash of the answer (scripts/bench/areaStream.ts, AREA_STREAM_RUNS).
  if (process.env.BENCH_ONLY === 'area-stream') {
    const areaStream = await benchAreaStream();
    process.stdout.write(`${JSON.stringify({ machine: machine(), areaStream }, null, 2)}\n`);
    return;
  }
  // BENCH_ONLY=point-during-area runs just issue 33's fairness figure through the API: a point Fetch
  // alone and while a 2,500 km² area streams (scripts/bench/pointDuringArea.ts, POINT_DURING_AREA_FETCHES).
  if (process.env.BENCH_ONLY === 'point-during-area') {
    const pointDuringArea = await benchPointDuringArea();
    process.stdout.write(`${JSON.stringify({ machine: machine(), pointDuringArea }, null, 2)}\n`);
    return;
  }
  // BENCH_ONLY=sites runs just the two many-sites entries (issue 24).
  if (process.env.BENCH_ONLY === 'sites') {
    // BENCH_SITES=demo or real-shaped runs one of them.
    const which = process.env.BENCH_SITES;
    const sites = {
      ...(which !== 'real-shaped' ? { oneScene100SitesOneYearDemo: await benchSitesDemo() } : {}),
      ...(which !== 'demo' ? { realShaped1000SitesVsGdal: await benchSitesRealShaped() } : {}),
    };
    process.stdout.write(`${JSON.stringify({ machine: machine(), sites }, null, 2)}\n`);
    return;
  }
  const demoArchive = await benchDemoArchive(log);
  const now = new Date();
  const catalog = createDemoCatalog();
  const point: LngLat = [DEFAULT_POINT.lon, DEFAULT_POINT.lat];
  const oneYearAgo = new Date(now.getTime() - 365 * 86_400_000);
  const filters = {
    startDate: oneYearAgo.toISOString().slice(0, 10),
    endDate: now.toISOString().slice(0, 10),
    cloudCoverage: 100,
    bands: ['B02', 'B03', 'B04', 'B05'] as ('B02' | 'B03' | 'B04' | 'B05')[],
  };

  const found = await catalog.search({ bboxLngLat: [point[0], point[1], point[0], point[1]], startDate: filters.startDate, endDate: filters.endDate, maxCloudCover: 100, limit: 1000 });

  const counter: Counter = { requests: 0, bytes: 0, hrefs: new Set() };
  const cache = createBlockCache({ maxBytes: 512 * 1024 * 1024 });
  const service = createLandsatService({ catalog, cache, maxScenes: 1000, openSource: countingOpenSource(counter) });

  log(`3 x 3 series over ${found.scenes.length} scenes...`);
  let t = process.hrtime.bigint();
  const cold = await service.readPixels(point, filters);
  const coldMs = ms(t);
  const coldRequests = counter.requests;
  const coldBytes = counter.bytes;
  const bandsPerScene = filters.bands.length + 1; // + QA_PIXEL
  t = process.hrtime.bigint();
  await service.readPixels(point, filters);
  const warmMs = ms(t);
  const warmRequests = counter.requests - coldRequests;

  log('one full-scene landsatImage...');
  const scene = found.scenes[found.scenes.length - 1];
  const [minLon, minLat, maxLon, maxLat] = scene.bboxLngLat;
  const sceneBox = { minLon, minLat, maxLon, maxLat };
  const sceneDay = scene.datetime.slice(0, 10);
  const oneScene = { ...filters, startDate: sceneDay, endDate: sceneDay, bands: ['B04', 'B03', 'B02'] as ('B04' | 'B03' | 'B02')[] };
  cache.clear();
  const before = { ...counter };
  t = process.hrtime.bigint();
  const image = await service.renderBox(sceneBox, oneScene, undefined);
  const imageMs = ms(t);
  const imageRequests = counter.requests - before.requests;
  const imageBytes = counter.bytes - before.bytes;

  log('one scene of landsatData...');
  cache.clear();
  const beforeData = { requests: counter.requests, bytes: counter.bytes };
  t = process.hrtime.bigint();
  const data = await service.boxStatistics(sceneBox, { ...oneScene, bands: ['B01', 'B02', 'B03', 'B04', 'B05', 'B06', 'B07', 'B09'] });
  const dataMs = ms(t);

  log('WRS-2 lookups and overpass predictions...');
  const orbit = await benchWrs2AndOverpass();
  const js = await initialJsGzipBytes();
  log('real-shaped archive over HTTP with 30 ms latency...');
  const realShapedArchive = await benchRealShapedArchive();
  log('many sites: 100 sites over a year (demo), 1,000 sites over one real-shaped scene against GDAL...');
  const sites = { oneScene100SitesOneYearDemo: await benchSitesDemo(), realShaped1000SitesVsGdal: await benchSitesRealShaped() };
  log('issue 22: the product (its server) against GDAL on the same reads...');
  const versusGdal = await benchVersusGdal();
  log('issue 33: the default point\'s 40-year record on the demo, through the API...');
  const fortyYearsDemo = await benchFortyYearsDemo();
  log('issue 36: 200 spectrometer files in one batch (demo)...');
  const fieldFiles200Demo = await benchFieldFiles();
  log('issue 34: change detection against pyccd, and the 40-year record at a point...');
  const changeDetection = await benchChange(log);

  const result = {
    machine: machine(),
    demoArchive,
    series3x3OneYear: {
      scenes: cold.scenes.length,
      bands: filters.bands,
      coldMs: round(coldMs),
      warmMs: round(warmMs),
      cold: {
        rangeRequestsPerBandPerScene: round(coldRequests / (cold.scenes.length * bandsPerScene), 2),
        bytesPerBandPerScene: Math.round(coldBytes / (cold.scenes.length * bandsPerScene)),
      },
      warmRangeRequests: warmRequests,
    },
    fullSceneImage: { sceneId: image.scene.id, ms: round(imageMs), pngBytes: image.png.byteLength, rangeRequests: imageRequests, bytesFetched: imageBytes },
    landsatDataOneScene: {
      ms: round(dataMs),
      bands: 8,
      rangeRequests: counter.requests - beforeData.requests,
      bytesFetched: counter.bytes - beforeData.bytes,
      sampleCount: data.data[0]?.outputs.data.bands.B04?.stats.sampleCount ?? null,
    },
    realShapedArchive,
    versusGdal,
    fortyYearsDemo,
    changeDetection,
    sites,
    fieldFiles200Demo,
    wrs2: { lookupsPerSecond: Math.round(orbit.lookupsPerSecond), overpassPredictionsPerSecond: Math.round(orbit.overpassPredictionsPerSecond) },
    tiles: await benchCompositeTiles(),
    firstLoad: await benchFirstLoad(),
    // Issue 21: the default journey in the real page (Chromium), fresh server per journey.
    firstMinute: await benchFirstMinute(),
    // Issue 33: the 2,500 km² journey in the page (scripts/bench/areaJourney.ts); FIRST_MINUTE_AREA=0 leaves it out.
    ...(process.env.FIRST_MINUTE_AREA === '0' ? {} : { areaJourney: await benchAreaJourney() }),
    client: js ? { initialJsFiles: js.files, initialJsGzipKB: round(js.gzipBytes / 1024), budgetKB: 300 } : { initialJsGzipKB: null, note: 'run `npm run build` first' },
  };
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}

// Exit explicitly: idle worker threads and keep-alive sockets must not hold the process after the report.
main().then(() => process.exit(0), (err) => {
  console.error(err);
  process.exit(1);
});
