/**
 * The bench's real-shaped scenario (issue 12): COGs of the shape Landsat Collection 2 writes (7656 x 7777
 * uint16, 512 px tiles, DEFLATE + horizontal predictor, 4 overview levels, ~320 KB a tile with a noisy
 * texture, a rotated footprint with fill around it) served over HTTP on 127.0.0.1 with 30 ms added
 * latency per request. One scene's 9 files (8 bands + QA_PIXEL) are generated once into a cache folder;
 * every bench scene is its own URL (a symlinked folder), so each is cold for the reader's cache while the
 * bytes stay identical. The archive stand-in (test/support/rangeFileServer.ts) runs in a child process, as a
 * remote archive would not share the reader's event loop. GDAL is not run here: its figures are the (3x3 series 2.3 s, overview 0.19 s).
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import proj4 from 'proj4';
import { writeGeoTiff } from '../test/support/geotiffWriter.js';
import type { AssetKey, BandId } from '../src/core/bands/bandCatalog.js';
import type { LngLat } from '../src/core/geo/lngLat.js';
import { createBlockCache } from '../src/core/raster/blockCache.js';
import { createHttpByteSource, type ByteSource } from '../src/core/raster/byteSource.js';
import { projDefinitionForEpsg } from '../src/core/raster/sceneGrid.js';
import { createLandsatService } from '../src/core/landsat/landsatService.js';
import type { LandsatScene } from '../src/core/stac/landsatScene.js';
import type { SceneCatalog } from '../src/core/stac/sceneCatalog.js';
import { DEFAULT_POINT } from '../src/shared/defaults.js';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { createCountingByteSource, type ByteCounter } from './countingByteSource.js';

export const WIDTH = 7656;
export const HEIGHT = 7777;
export const EPSG = 32617;
const LATENCY_MS = 30;
const RUNS = 3;
export const ASSETS: AssetKey[] = ['coastal', 'blue', 'green', 'red', 'nir08', 'swir16', 'swir22', 'lwir11', 'qa_pixel'];
const SERIES_BANDS: BandId[] = ['B01', 'B02', 'B03', 'B04', 'B05', 'B06', 'B07', 'B09'];
export const CACHE_DIR = path.resolve('node_modules/.cache/landsat-bench-real-shaped-v1');

const log = (msg: string) => process.stderr.write(`${msg}\n`);
const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;
const round = (n: number) => Math.round(n * 10) / 10;

/** Median, min and max of the runs: the spread the README reports. */
function spread(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return { medianMs: round(sorted[Math.floor(sorted.length / 2)]), minMs: round(sorted[0]), maxMs: round(sorted[sorted.length - 1]), runs: values.map(round) };
}

/** The scene's projected frame: the default point sits a little off the centre, inside the footprint. */
export function frame() {
  const [x, y] = proj4('WGS84', projDefinitionForEpsg(EPSG), [DEFAULT_POINT.lon, DEFAULT_POINT.lat]);
  const originX = Math.round(x / 30) * 30 - 3600 * 30 + 15;
  const originY = Math.round(y / 30) * 30 + 3700 * 30 - 15;
  return { originX, originY };
}

/** xorshift32: fast, seeded, good enough for texture. */
function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

/** A band with smooth land-cover structure, field blocks and sensor-like noise; 0 outside a rotated footprint. */
function bandData(bandIndex: number, qa: boolean): Uint16Array {
  const data = new Uint16Array(WIDTH * HEIGHT);
  const random = rng(1234 + bandIndex * 7919);
  const theta = (12 * Math.PI) / 180;
  const [cos, sin] = [Math.cos(theta), Math.sin(theta)];
  const [cx, cy] = [WIDTH / 2, HEIGHT / 2];
  const fieldSize = 48;
  const fieldsAcross = Math.ceil(WIDTH / fieldSize) + 1;
  const fields = Float64Array.from({ length: fieldsAcross * (Math.ceil(HEIGHT / fieldSize) + 1) }, () => random());
  const base = 7500 + bandIndex * 900;
  for (let y = 0; y < HEIGHT; y++) {
    const row = y * WIDTH;
    const fieldRow = Math.floor(y / fieldSize) * fieldsAcross;
    for (let x = 0; x < WIDTH; x++) {
      const u = (x - cx) * cos + (y - cy) * sin;
      const v = -(x - cx) * sin + (y - cy) * cos;
      if (Math.abs(u) > 0.4 * WIDTH || Math.abs(v) > 0.44 * HEIGHT) continue; // fill (0)
      const field = fields[fieldRow + Math.floor(x / fieldSize)];
      if (qa) {
        data[row + x] = field < 0.08 ? 22280 : field < 0.12 ? 55052 : 21824;
        continue;
      }
      const smooth = 2500 * Math.sin(x / 211 + bandIndex) * Math.cos(y / 173) + 3000 * field;
      data[row + x] = Math.max(1, Math.min(65535, Math.round(base + smooth + (random() - 0.5) * 700)));
    }
  }
  return data;
}

export async function ensureScene(): Promise<{ baseDir: string; generatedNow: boolean; generationMs: number }> {
  const baseDir = path.join(CACHE_DIR, 'base');
  if (existsSync(path.join(baseDir, '.complete'))) return { baseDir, generatedNow: false, generationMs: 0 };
  log(`generating the real-shaped scene once into ${CACHE_DIR} (about a minute)...`);
  const t = process.hrtime.bigint();
  await rm(CACHE_DIR, { recursive: true, force: true });
  await mkdir(baseDir, { recursive: true });
  const { originX, originY } = frame();
  for (const [i, asset] of ASSETS.entries()) {
    const qa = asset === 'qa_pixel';
    const tiff = writeGeoTiff({
      width: WIDTH, height: HEIGHT, data: bandData(i, qa), tileSize: 512, overviewFactors: [2, 4, 8, 16],
      resampling: qa ? 'nearest' : 'average', epsg: EPSG, originX, originY, pixelSizeM: 30, nodata: qa ? 1 : 0,
      compression: 'deflate', predictor: 2, description: 'SYNTHETIC bench texture in the shape of a Landsat C2 L2 band',
    });
    await writeFile(path.join(baseDir, `${asset}.TIF`), tiff);
    log(`  ${asset}: ${(tiff.byteLength / 2 ** 20).toFixed(1)} MB`);
  }
  await writeFile(path.join(baseDir, '.complete'), new Date().toISOString());
  return { baseDir, generatedNow: true, generationMs: ms(t) };
}

/** Where a large cloud mass lies on the cloudy scene's QA_PIXEL: smooth blobs tens of km across (about two thirds of the footprint). */
const cloudyAt = (x: number, y: number) => 0.5 + 0.3 * Math.sin(x / 700 + 0.7) * Math.sin(y / 560 + 1.9) + 0.2 * Math.sin((x + 2 * y) / 1300) > 0.4;

/**
 * The cloudy twin of the scene (areaVersusGdal.ts AREA_SKY=cloudy), generated once beside it: the same
 * band files (symlinks) and a QA_PIXEL whose imaged pixels are cloud (22280) under large cloud masses
 * (cloudyAt) and as in the scene elsewhere. Its cloud percent (cloud pixels of the imaged ones) is kept in
 * `cloud_cover.txt` for the items' eo:cloud_cover.
 */
export async function ensureCloudyScene(): Promise<{ dir: string; cloudCover: number }> {
  await ensureScene();
  const dir = path.join(CACHE_DIR, 'cloudy');
  const coverFile = path.join(dir, 'cloud_cover.txt');
  if (existsSync(coverFile)) return { dir, cloudCover: Number(await readFile(coverFile, 'utf8')) };
  log(`generating the cloudy twin of the real-shaped scene's QA_PIXEL into ${dir}...`);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const qa = bandData(ASSETS.indexOf('qa_pixel'), true);
  let imaged = 0;
  let cloud = 0;
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const k = y * WIDTH + x;
      if (qa[k] === 0) continue;
      imaged++;
      if (cloudyAt(x, y)) qa[k] = 22280;
      if (qa[k] === 22280 || qa[k] === 55052) cloud++;
    }
  }
  const { originX, originY } = frame();
  const tiff = writeGeoTiff({
    width: WIDTH, height: HEIGHT, data: qa, tileSize: 512, overviewFactors: [2, 4, 8, 16], resampling: 'nearest', epsg: EPSG, originX, originY, pixelSizeM: 30,
    nodata: 1, compression: 'deflate', predictor: 2, description: 'SYNTHETIC bench QA_PIXEL in the shape of a Landsat C2 L2 band, large cloud masses',
  });
  await writeFile(path.join(dir, 'qa_pixel.TIF'), tiff);
  for (const asset of ASSETS) if (asset !== 'qa_pixel') await symlink(path.join('..', 'base', `${asset}.TIF`), path.join(dir, `${asset}.TIF`));
  const cloudCover = Math.round((100 * cloud) / imaged);
  await writeFile(coverFile, String(cloudCover));
  return { dir, cloudCover };
}

/** Scene folders S000.. as symlinks to the one generated scene: distinct URLs, identical bytes. */
export async function ensureSceneLinks(count: number) {
  const scenesDir = path.join(CACHE_DIR, 'scenes');
  await mkdir(scenesDir, { recursive: true });
  for (let i = 0; i < count; i++) {
    const link = path.join(scenesDir, `S${String(i).padStart(3, '0')}`);
    if (!existsSync(link)) await symlink('../base', link);
  }
}

export function catalogOf(baseUrl: string, count: number): SceneCatalog {
  const { originX, originY } = frame();
  const toLngLat = proj4(projDefinitionForEpsg(EPSG), 'WGS84');
  const corners = [[originX, originY], [originX + WIDTH * 30, originY], [originX + WIDTH * 30, originY - HEIGHT * 30], [originX, originY - HEIGHT * 30]].map(
    (xy) => toLngLat.forward(xy) as LngLat,
  );
  const lons = corners.map((c) => c[0]);
  const lats = corners.map((c) => c[1]);
  const scenes: LandsatScene[] = Array.from({ length: count }, (_, i) => {
    const id = `S${String(i).padStart(3, '0')}`;
    return {
      id, satellite: i % 2 ? 'landsat-9' : 'landsat-8', datetime: new Date(Date.UTC(2020, 0, 1) + i * 8 * 86_400_000).toISOString(),
      wrsPath: 18, wrsRow: 29, cloudCover: 10, landCloudCover: 10, sunElevation: 40, sunAzimuth: 150, processingLevel: 'L2SP', collectionCategory: 'T1',
      epsg: EPSG, footprintLngLat: corners, bboxLngLat: [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)],
      assets: Object.fromEntries(ASSETS.map((a) => [a, `${baseUrl}/scenes/${id}/${a}.TIF`])), synthetic: true,
    };
  });
  return {
    name: 'bench-real-shaped', synthetic: true,
    async search(q) {
      return { scenes: scenes.slice(0, q.limit), truncated: scenes.length > q.limit, limit: q.limit };
    },
    resolveAssetHref: async (href) => href,
  };
}

type Counter = ByteCounter;

function countingHttpSource(counter: Counter) {
  return (href: string): ByteSource => createCountingByteSource(createHttpByteSource(href), counter);
}

/** A service over `count` scenes with its own cache (BLOCK_CACHE_MB's default, 256 MB). */
export function serviceOver(baseUrl: string, count: number, counter: Counter) {
  const cache = createBlockCache({ maxBytes: 256 * 1024 * 1024 });
  return { cache, service: createLandsatService({ catalog: catalogOf(baseUrl, count), cache, maxScenes: 1000, openSource: countingHttpSource(counter) }) };
}

/** What the archive stand-in served since the last call. */
export interface ArchiveStats {
  requests: number;
  /** Bytes asked for by the Range headers (a range past the end counts in full). */
  rangeBytes: number;
  /** Most requests in flight at once. */
  peakInFlight: number;
  /** From the first request's arrival to the last answer, ms. */
  firstToLastMs: number;
  /** CPU the stand-in's process used since the last call, ms (on the same cores as the reader). */
  archiveCpuMs: number;
}

/** Whether the archive stand-in keeps its files open (rangeFileServer.ts' keepFilesOpen); RANGE_SERVER_KEEP_FILES_OPEN=0 for the former way. */
const ARCHIVE_KEEPS_FILES_OPEN = process.env.RANGE_SERVER_KEEP_FILES_OPEN !== '0';
/** How the archive stand-in serves, for the benches' set-up lines. */
export const ARCHIVE_STAND_IN = ARCHIVE_KEEPS_FILES_OPEN ? 'keeps each file open, reads its ranges synchronously' : 'opens, stats, reads and closes each file per request';

/** Starts scripts/rangeServerProcess.ts in a child process; resolves with its URL, a request counter and a stop function. */
export async function startArchiveProcess(dir: string, latencyMs: number): Promise<{ url: string; stats: () => Promise<ArchiveStats>; close: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('scripts/rangeServerProcess.ts'), dir, String(latencyMs), ARCHIVE_KEEPS_FILES_OPEN ? 'keep-files-open' : 'open-per-request'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! });
  const waiting: ((line: string) => void)[] = [];
  const early: string[] = [];
  lines.on('line', (line) => {
    const next = waiting.shift();
    if (next) next(line);
    else early.push(line);
  });
  const nextLine = () => new Promise<string>((resolve) => (early.length > 0 ? resolve(early.shift()!) : waiting.push(resolve)));
  const url = (await Promise.race([nextLine(), once(child, 'exit').then(() => 'exited')])).trim();
  if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(url)) throw new Error(`the archive stand-in did not start: ${url}`);
  return {
    url,
    stats: async () => {
      child.stdin!.write('stats\n');
      return JSON.parse(await nextLine()) as ArchiveStats;
    },
    close: async () => {
      child.stdin!.end();
      if (child.exitCode === null) await once(child, 'exit');
    },
  };
}

const FILTERS = { startDate: '2000-01-01', endDate: '2100-01-01', cloudCoverage: 100 };

export async function benchRealShapedArchive() {
  const scene = await ensureScene();
  await ensureSceneLinks(200);
  const server = await startArchiveProcess(CACHE_DIR, LATENCY_MS);
  const point: LngLat = [DEFAULT_POINT.lon, DEFAULT_POINT.lat];
  try {
    const counter: Counter = { requests: 0, bytes: 0 };

    log('real-shaped: 45-scene 3 x 3 series (8 bands + QA), cold then warm...');
    const coldSeries: number[] = [];
    const warmSeries: number[] = [];
    let coldRequests = 0;
    let coldBytes = 0;
    let scenesRead = 0;
    for (let run = 0; run < RUNS; run++) {
      const { service } = serviceOver(server.url, 45, counter);
      const before = { ...counter };
      let t = process.hrtime.bigint();
      const res = await service.readPixels(point, { ...FILTERS, bands: SERIES_BANDS });
      coldSeries.push(ms(t));
      scenesRead = res.scenes.length;
      coldRequests = counter.requests - before.requests;
      coldBytes = counter.bytes - before.bytes;
      for (let w = 0; w < 1; w++) {
        t = process.hrtime.bigint();
        await service.readPixels(point, { ...FILTERS, bands: SERIES_BANDS });
        warmSeries.push(ms(t));
      }
    }

    log('real-shaped: warm 200-scene series...');
    const big = serviceOver(server.url, 200, counter);
    let t = process.hrtime.bigint();
    await big.service.readPixels(point, { ...FILTERS, bands: SERIES_BANDS });
    const cold200Ms = ms(t);
    const warm200: number[] = [];
    const before200 = counter.requests;
    for (let run = 0; run < RUNS; run++) {
      t = process.hrtime.bigint();
      await big.service.readPixels(point, { ...FILTERS, bands: SERIES_BANDS });
      warm200.push(ms(t));
    }
    const warm200Requests = counter.requests - before200;

    log('real-shaped: full-scene true-colour image, cold then warm...');
    const coldImage: number[] = [];
    const warmImage: number[] = [];
    let imageRequests = 0;
    let imageBytes = 0;
    let png = { bytes: 0 };
    const catalog = catalogOf(server.url, 1);
    const [minLon, minLat, maxLon, maxLat] = (await catalog.search({ bboxLngLat: [0, 0, 0, 0], startDate: '', endDate: '', maxCloudCover: 100, limit: 1 })).scenes[0].bboxLngLat;
    const sceneBox = { minLon, minLat, maxLon, maxLat };
    for (let run = 0; run < RUNS; run++) {
      // A fresh cache each run: cold.
      const { service } = serviceOver(server.url, 1, counter);
      const imageFilters = { ...FILTERS, bands: ['B04', 'B03', 'B02'] as BandId[] };
      const before = { ...counter };
      t = process.hrtime.bigint();
      const image = await service.renderBox(sceneBox, imageFilters);
      coldImage.push(ms(t));
      imageRequests = counter.requests - before.requests;
      imageBytes = counter.bytes - before.bytes;
      png = { bytes: image.png.byteLength };
      t = process.hrtime.bigint();
      await service.renderBox(sceneBox, imageFilters);
      warmImage.push(ms(t));
    }

    const target = (s: ReturnType<typeof spread>, maxMs: number) => ({ ...s, targetMs: maxMs, met: s.maxMs <= maxMs });
    return {
      shape: { width: WIDTH, height: HEIGHT, tile: 512, compression: 'DEFLATE + predictor 2', overviews: 4, latencyMsPerRequest: LATENCY_MS, synthetic: true },
      generation: scene.generatedNow ? { generatedNowMs: round(scene.generationMs) } : { reusedFrom: CACHE_DIR },
      gdalReference: { series45ColdMs: 2300, overviewReadMs: 190, source: 'issue 12 (GDAL 3.6, same machine)' },
      series45: {
        scenes: scenesRead,
        filesPerScene: ASSETS.length,
        cold: { ...target(spread(coldSeries), 1500), requests: coldRequests, bytes: coldBytes, requestsPerFile: round(coldRequests / (scenesRead * ASSETS.length)) },
        warm: target(spread(warmSeries), 50),
      },
      series200: { coldOnceMs: round(cold200Ms), warm: { ...target(spread(warm200), 200), requests: warm200Requests } },
      fullSceneImage: {
        cold: { ...target(spread(coldImage), 800), requests: imageRequests, bytes: imageBytes },
        warm: target(spread(warmImage), 150),
        pngBytes: png.bytes,
      },
    };
  } finally {
    await server.close();
  }
}
