/**
 * The synthetic scenes themselves: everything about a scene follows from its id
 * (`LC08_L2SP_PPPRRR_YYYYMMDD_SYNTHETIC`: satellite LT04, LT05, LE07, LC08 or LC09, WRS-2 path/row,
 * date), so any catalogue instance,
 * in any process, serves the same bytes for the same id. Assets are `demo://synthetic/<id>/<id>_<band>.TIF`
 * hrefs that open a virtual GeoTIFF (virtualGeoTiff.ts) whose tiles are synthesized on first read.
 * Nothing is written to disk; memory holds a bounded number of recent tiles.
 */
import type { ArchiveAssetKey } from '../bands/bandCatalog.js';
import { sensorOf, type LandsatPlatform } from '../bands/missions.js';
import { sensorBand } from '../bands/sensorBands.js';
import { ByteSourceNotFoundError, type ByteSource } from '../raster/byteSource.js';
import { WRS2_DAY_ROWS, WRS2_PATHS } from '../wrs2/wrs2.js';
import { demoPassesForPathRow } from './demoMissionSchedule.js';
import { adaptTileToSensor } from './demoSensorTile.js';
import { createSceneClouds, createSceneCloudsNear, sceneCloudPercentOf, shadowOffsetBlocks, type SceneClouds } from './demoClouds.js';
import { createLandCoverTile, ensureLandCover, type LandCoverTile } from './demoLandCover.js';
import { DEMO_PIXEL_SIZE_M, OVERVIEW_FACTORS, TILE_PX, demoSceneGrid, type DemoSceneGrid } from './demoSceneGrid.js';
import { DEMO_ASSET_KEYS, cloudBlocksOf, createSceneWeather, synthesizeTile, type SceneWeather } from './demoTileSynth.js';
import { cloudPercentsInWorker, countSamplesInWorker, demoSynthBacklog, demoSynthWorkerLoaded, synthesizeTileSetInWorker } from './demoSynthPool.js';
import { sunPosition } from './sunPosition.js';
import { ownTurn } from '../ownTurn.js';
import { isMainThread } from 'node:worker_threads';
import { LANE_RANK, laneRank } from '../workLane.js';
import { createPercentWaits } from './percentWaits.js';
import { createVirtualGeoTiffLayout, createVirtualGeoTiffSource } from './virtualGeoTiff.js';

export const DEMO_HREF_PREFIX = 'demo://synthetic/';

/** One file of a scene: its asset key, its file name suffix (as in the USGS product bundle) and its slot in a synthesized tile set. */
interface DemoAsset {
  key: ArchiveAssetKey;
  fileSuffix: string;
  /** Index in DEMO_ASSET_KEYS order (coastal, blue … swir22, lwir11, qa_pixel): TM/ETM+ `lwir` is the thermal slot. */
  tileBand: number;
}

/** The assets each sensor's scenes carry, from the one band table (sensorBands.ts): TM and ETM+ have no coastal band and name thermal `lwir`/ST_B6. */
function assetsOf(satellite: LandsatPlatform): DemoAsset[] {
  const sensor = sensorOf(satellite);
  const out: DemoAsset[] = [];
  for (const id of ['B01', 'B02', 'B03', 'B04', 'B05', 'B06', 'B07', 'B09'] as const) {
    const band = sensorBand(id, sensor);
    if ('asset' in band) out.push({ key: band.asset, fileSuffix: band.fileBand, tileBand: DEMO_ASSET_KEYS.indexOf(band.asset === 'lwir' ? 'lwir11' : band.asset) });
  }
  out.push({ key: 'qa_pixel', fileSuffix: 'QA_PIXEL', tileBand: DEMO_ASSET_KEYS.indexOf('qa_pixel') });
  return out;
}

const ASSETS: Record<LandsatPlatform, DemoAsset[]> = {
  'landsat-4': assetsOf('landsat-4'), 'landsat-5': assetsOf('landsat-5'), 'landsat-7': assetsOf('landsat-7'),
  'landsat-8': assetsOf('landsat-8'), 'landsat-9': assetsOf('landsat-9'),
};

/** The asset keys a scene of this satellite lists. */
export function demoAssetKeys(satellite: LandsatPlatform): ArchiveAssetKey[] {
  return ASSETS[satellite].map((a) => a.key);
}

/** Product id prefixes: sensor letter (T: TM, E: ETM+, C: OLI/TIRS combined) and satellite number. */
const SATELLITE_CODES: Record<LandsatPlatform, string> = {
  'landsat-4': 'LT04', 'landsat-5': 'LT05', 'landsat-7': 'LE07', 'landsat-8': 'LC08', 'landsat-9': 'LC09',
};
const SATELLITE_BY_CODE = new Map(Object.entries(SATELLITE_CODES).map(([sat, code]) => [code, sat as LandsatPlatform]));

export interface DemoScene {
  id: string;
  satellite: LandsatPlatform;
  datetime: Date;
  grid: DemoSceneGrid;
  sunElevationDeg: number;
  sunAzimuthDeg: number;
}

export function demoSceneId(satellite: LandsatPlatform, path: number, row: number, datetime: Date): string {
  const day = datetime.toISOString().slice(0, 10).replaceAll('-', '');
  return `${SATELLITE_CODES[satellite]}_L2SP_${pad3(path)}${pad3(row)}_${day}_SYNTHETIC`;
}

export function pad3(n: number): string {
  return String(n).padStart(3, '0');
}

export function createDemoScene(satellite: LandsatPlatform, path: number, row: number, datetime: Date): DemoScene {
  const grid = demoSceneGrid(path, row);
  const sun = sunPosition(datetime, grid.centerLngLat);
  return {
    id: demoSceneId(satellite, path, row, datetime),
    satellite,
    datetime,
    grid,
    sunElevationDeg: round8(sun.elevationDeg),
    sunAzimuthDeg: round8(sun.azimuthDeg),
  };
}

const ID_PATTERN = /^(LT04|LT05|LE07|LC08|LC09)_L2SP_(\d{3})(\d{3})_(\d{4})(\d{2})(\d{2})_SYNTHETIC$/;

/** The scene an id names, or null when the id is malformed or the mission did not image that path/row that day. */
export function parseDemoSceneId(id: string): DemoScene | null {
  const m = ID_PATTERN.exec(id);
  if (!m) return null;
  const satellite = SATELLITE_BY_CODE.get(m[1])!;
  const path = Number(m[2]);
  const row = Number(m[3]);
  // Every daytime row the catalogue lists, the northern end-of-orbit rows 246-248 included.
  if (path < 1 || path > WRS2_PATHS || !WRS2_DAY_ROWS.includes(row)) return null;
  const day = Date.UTC(Number(m[4]), Number(m[5]) - 1, Number(m[6]));
  const [datetime] = demoPassesForPathRow(satellite, path, row, new Date(day), new Date(day + 86_400_000));
  return datetime ? createDemoScene(satellite, path, row, datetime) : null;
}

/** A tiny least-recently-used map (Map keeps insertion order). */
class Lru<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly max: number) {}
  get(key: string): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }
  set(key: string, v: V): void {
    this.map.set(key, v);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value!);
  }
}

// Bounded memory: 24 finished tile sets of 9 bands (128 x 128 px: 0.3 MB each), 256 land-cover tiles
// (82 KB each: class, texture, order, elevation, shading; a whole scene's image at its 1/4 overview
// needs ~225), 64 cloud fields (~210 KB each: the amount and cloud count of ~15,000 cells, and their
// cloud blocks as bits). Tiles being synthesized are shared through `pendingTileSets` whatever the LRU
// evicts meanwhile, so the bands of one read never synthesize a tile twice, and a repeated read is
// answered from the block cache's windows: the kept tile sets only serve reads close together
// (the soak of issue 27 found 64 of them, ~20 MB, among the main thread's largest holders).
const tileSets = new Lru<Uint16Array[]>(24);
const pendingTileSets = new Map<string, Promise<Uint16Array[]>>();
// On the event loop, 64 (5 MB): it synthesizes only the scene-box counts it takes from the worker
// (demoSynthPool.ts' helpDemoSynthesisOnEventLoop; ~20 land-cover tiles a path/row at their overview),
// and 256 more there took the 10-minute mixed soak past its 700 MB (702 MB).
const landCoverTiles = new Lru<LandCoverTile>(isMainThread ? 64 : 256);
const cloudFields = new Lru<SceneClouds>(64);
const cloudPercents = new Lru<number>(100_000);
const weathers = new Lru<SceneWeather>(1024);

export function sceneClouds(scene: DemoScene): SceneClouds {
  let clouds = cloudFields.get(scene.id);
  if (!clouds) {
    clouds = createSceneClouds(scene.grid, scene.datetime, { elevationDeg: scene.sunElevationDeg, azimuthDeg: scene.sunAzimuthDeg });
    adoptSceneClouds(scene.id, clouds);
  }
  return clouds;
}

/**
 * Percent of the scene's valid pixels that QA_PIXEL flags cloud (exact, full resolution). On Landsat 7
 * SLC-off scenes it is the cloud field's percent before the scan-line gaps, which cut clear and cloudy
 * ground alike.
 */
export function sceneCloudPercent(scene: DemoScene): number {
  let percent = cloudPercents.get(scene.id);
  if (percent === undefined) {
    percent = sceneCloudPercentOf(scene.grid, scene.datetime, { elevationDeg: scene.sunElevationDeg, azimuthDeg: scene.sunAzimuthDeg });
    cloudPercents.set(scene.id, percent);
  }
  return percent;
}

/** The scene's cloud percent if this thread knows it already (a full cloud build or a percent-only one ran here), else undefined: nothing is computed. */
export function knownCloudPercent(sceneId: string): number | undefined {
  return cloudPercents.get(sceneId);
}

/** Path/rows being counted and waiters for the percents their counts bring (percentWaits.ts). */
const percentWaits = createPercentWaits();
const pathRowKey = (scene: DemoScene) => `${scene.grid.path}/${scene.grid.row}`;

/**
 * Makes one scene's cloud percent known on this thread before its `cloudCover` is read (a series that
 * found its scenes with `cloudCoverOnRead`, createDemoCatalog.ts). At once if known; by waiting if a
 * search is computing it. If a scene-box series is counting the scene's path/row, the count will bring
 * the percent (its worker builds the scene's whole cloud field): waited for until `needed` resolves
 * (the caller needs the value now), so the percent is built once, not twice. Else, or if still unknown
 * then, computed here in slices of at most ~8 ms, each in a turn of the event loop of its own, so that
 * the replies of many scenes' reads arriving together do not compute theirs in one block.
 */
export async function knowCloudPercentSoon(scene: DemoScene, signal?: AbortSignal, needed?: Promise<void>): Promise<void> {
  if (cloudPercents.get(scene.id) !== undefined) return;
  const pending = pendingCloudPercents.get(scene.id);
  if (pending) return pending;
  if (needed && percentWaits.isCounting(pathRowKey(scene))) {
    await percentWaits.wait(scene.id, needed);
    if (cloudPercents.get(scene.id) !== undefined) return;
  }
  signal?.throwIfAborted();
  await new Promise<void>((resolve) => {
    percentQueue.push({ scene, signal, resolve });
    if (percentQueue.length === 1) void drainPercentQueue();
  });
}

/** Longest slice of queued percents this thread computes in one turn of the event loop. */
const PERCENT_SLICE_MS = 8;
type QueuedPercent = { scene: DemoScene; signal?: AbortSignal; resolve: () => void };
const percentQueue: QueuedPercent[] = [];
/**
 * While no scene-box series counts (a pixel series alone, whose reads need the worker only for their
 * 3 x 3 syntheses), the synthesis worker takes half the queue's percents, at most this many at a time
 * (~0.6 ms each: a batch holds it ~20 ms, so the series' own syntheses wait no longer), one batch at a
 * time. The queue stays short (a percent is queued as its scene's read starts, at most the reads in
 * flight), so the batches are small and many. With the percents on the event loop alone, the 40-year
 * pixel stream alone took 4.1 s against 3.3-3.5 s when its search shared them with the worker (seventh
 * round); with this share 3.4-3.5 s (docs/performance.md, eighth round).
 */
const WORKER_PERCENT_BATCH = 32;
/** Fewer queued percents than this stay on this thread: a message to the worker costs more than they do. */
const WORKER_PERCENT_MIN_QUEUE = 8;
let workerPercents: Promise<void> | null = null;

/** Sends half the queue's last percents to the worker when it is free of scene-box counts. */
function shareQueueWithWorker(): void {
  if (workerPercents || percentQueue.length < WORKER_PERCENT_MIN_QUEUE || !demoSynthWorkerLoaded() || percentWaits.anyCounting()) return;
  const take = Math.min(WORKER_PERCENT_BATCH, Math.floor(percentQueue.length / 2));
  const batch = percentQueue.splice(percentQueue.length - take, take);
  const settle = (percents: Float64Array | null) =>
    batch.forEach(({ scene, signal, resolve }, i) => {
      // The same numbers from the same code; if the worker failed, computed here.
      if (percents) cloudPercents.set(scene.id, percents[i]);
      else if (!signal?.aborted) sceneCloudPercent(scene);
      resolve();
    });
  workerPercents = cloudPercentsInWorker(batch.map((b) => b.scene.id))
    .then(settle, () => settle(null))
    .finally(() => (workerPercents = null));
}

async function drainPercentQueue(): Promise<void> {
  while (percentQueue.length > 0) {
    await ownTurn();
    shareQueueWithWorker();
    const sliceStart = performance.now();
    while (percentQueue.length > 0 && performance.now() - sliceStart < PERCENT_SLICE_MS) {
      const { scene, signal, resolve } = percentQueue[0];
      // A client that left gets no percent computed (it stops at its signal's next check).
      if (!signal?.aborted) sceneCloudPercent(scene);
      percentQueue.shift();
      resolve();
    }
  }
}

/** What the worker thread runs for `knowCloudPercents`: each scene's percent, in the same code as here. */
export function cloudPercentsOfSceneIds(sceneIds: readonly string[]): number[] {
  return sceneIds.map((id) => {
    const scene = parseDemoSceneId(id);
    if (!scene) throw new Error(`not a synthetic demo scene: ${id}`);
    return sceneCloudPercent(scene);
  });
}

/** Longest stretch of cloud percents this thread computes before it gives the event loop a turn. */
const MAIN_THREAD_SLICE_MS = 10;
/**
 * Fewer unknown percents than this are computed here: a few milliseconds of work, where the worker's
 * share would wait behind the tiles queued there (a day's footprints waited 1.7 s so in a profile).
 */
const WORKER_MIN_SCENES = 32;

/** Cloud percents a search is computing, by scene id: a concurrent search over the same scenes waits for those instead of computing them again. */
const pendingCloudPercents = new Map<string, Promise<void>>();

/**
/**
 * Makes the cloud percents of these scenes known: a cold five-year search at a point needs a few
 * hundred (about a millisecond each), all before the series' first read. Half of the unknown ones
 * are computed in a worker thread (once it is loaded, and for batches worth sending) while the other
 * half is computed here, so the search takes half the time on two cores, the event loop held ~10 ms
 * at a time. Same code, same numbers (deterministic); if the worker cannot run, its half is computed
 * here too. Scenes another search is computing are waited for, not computed again: four streams over
 * one box opened at once computed every percent four times (issue 27's load scenario).
 */
export async function knowCloudPercents(scenes: readonly DemoScene[]): Promise<void> {
  const unknown: DemoScene[] = [];
  const others = new Set<Promise<void>>();
  for (const s of scenes) {
    if (cloudPercents.get(s.id) !== undefined) continue;
    const pending = pendingCloudPercents.get(s.id);
    if (pending) others.add(pending);
    else unknown.push(s);
  }
  if (unknown.length === 0) {
    await Promise.all(others);
    return;
  }
  const mine = computeCloudPercents(unknown);
  for (const s of unknown) pendingCloudPercents.set(s.id, mine);
  try {
    await Promise.all([mine, ...others]);
  } finally {
    for (const s of unknown) if (pendingCloudPercents.get(s.id) === mine) pendingCloudPercents.delete(s.id);
  }
}

async function computeCloudPercents(unknown: readonly DemoScene[]): Promise<void> {
  // The worker's half only once the worker has loaded the synthesizer: right after start, waiting for
  // its module loading took longer than computing everything here.
  const shareWithWorker = unknown.length >= WORKER_MIN_SCENES && demoSynthWorkerLoaded();
  const inWorker = shareWithWorker ? unknown.slice(0, Math.floor(unknown.length / 2)) : [];
  const fromWorker = inWorker.length > 0 ? cloudPercentsInWorker(inWorker.map((s) => s.id)).catch(() => null) : Promise.resolve(null);
  // This thread's half in slices of at most ~10 ms, so health checks and other requests are answered between them.
  let sliceStart = performance.now();
  for (const s of unknown.slice(inWorker.length)) {
    if (performance.now() - sliceStart > MAIN_THREAD_SLICE_MS) {
      await ownTurn();
      sliceStart = performance.now();
    }
    sceneCloudPercent(s);
  }
  const percents = await fromWorker;
  inWorker.forEach((s, i) => (percents ? cloudPercents.set(s.id, percents[i]) : sceneCloudPercent(s)));
}

function sceneWeather(scene: DemoScene): SceneWeather {
  let w = weathers.get(scene.id);
  if (!w) {
    w = createSceneWeather(scene.datetime, scene.sunElevationDeg);
    weathers.set(scene.id, w);
  }
  return w;
}

const WHOLE_TILE = Int32Array.from({ length: TILE_PX }, (_, i) => i);

/**
 * The nine bands of one tile of one level (or of its pixels `rows` x `cols`, row-major), synthesized
 * here, on the calling thread: what the worker threads of demoSynthPool.ts run. Deterministic: the same
 * arguments always give the same bands, and a pixel is the same whichever pixels are asked with it. TM
 * and ETM+ scenes get their sensor's reflectance, QA bits and (Landsat 7 SLC-off) gaps (demoSensorTile.ts).
 */
export function synthesizeDemoTileSet(sceneId: string, level: number, index: number, tilesAcross: number, rows: Int32Array = WHOLE_TILE, cols: Int32Array = WHOLE_TILE, into?: Uint16Array): Uint16Array[] {
  const scene = openedScene(sceneId);
  if (!scene) throw new Error(`not a synthetic demo scene: ${sceneId}`);
  const factor = level === 0 ? 1 : OVERVIEW_FACTORS[level - 1];
  const coverKey = `${scene.grid.path}/${scene.grid.row}:${level}:${index}`;
  let cover = landCoverTiles.get(coverKey);
  if (!cover) {
    cover = createLandCoverTile(scene.grid, factor, index % tilesAcross, Math.floor(index / tilesAcross));
    landCoverTiles.set(coverKey, cover);
  }
  ensureLandCover(cover, rows, cols);
  const tileX = index % tilesAcross;
  const tileY = Math.floor(index / tilesAcross);
  return adaptTileToSensor(synthesizeTile(cover, sceneWeather(scene), cloudsFor(scene, cover, rows, cols), rows, cols, into), scene, factor, tileX, tileY, rows, cols);
}

/** Reads of at most this many rows and columns (a point's 3 x 3, a site's pixel) build only the cloud cells they touch. */
const NEAR_READ_PX = 16;

/**
 * The scene's clouds for a read of pixels `rows` x `cols`: the whole field (kept: an image reads it for
 * many tiles), or, for a small read when the whole field is not at hand, the cells the read touches
 * (createSceneCloudsNear, the same values cell for cell). A 40-year pixel series reads 3,684 scenes once
 * each: building their whole fields (~1.4 ms each) was most of its synthesis.
 */
function cloudsFor(scene: DemoScene, cover: LandCoverTile, rows: Int32Array, cols: Int32Array): SceneClouds {
  const kept = cloudFields.get(scene.id);
  if (kept || rows.length > NEAR_READ_PX || cols.length > NEAR_READ_PX) return kept ?? sceneClouds(scene);
  const sun = { elevationDeg: scene.sunElevationDeg, azimuthDeg: scene.sunAzimuthDeg };
  const shadow = shadowOffsetBlocks(sun);
  const { bx0, bx1, by0, by1 } = cloudBlocksOf(cover, shadow.dx, shadow.dy, rows, cols);
  return createSceneCloudsNear(scene.grid, scene.datetime, sun, { x0: bx0 >> 3, x1: bx1 >> 3, y0: by0 >> 3, y1: by1 >> 3 });
}

/**
 * Positions as a short key: `a-b` for a run, else first, last, count and a hash of the list. Not the
 * list itself: a scene-box statistic asks every band of 16 tiles with ~68 decimated rows and columns,
 * and joining them into strings showed in the five-year journey's profile. Entries keep their
 * positions, and a hit is checked against them (samePositions), so a hash collision cannot mix reads.
 */
function positionsKey(v: Int32Array): string {
  if (v.length > 0 && v[v.length - 1] - v[0] === v.length - 1) return `${v[0]}-${v[v.length - 1]}`;
  // The COG reader's window plans (windowPlan.ts) hand the same arrays to every band and scene.
  let key = positionKeys.get(v);
  if (key !== undefined) return key;
  let hash = 0x811c9dc5; // FNV-1a
  for (let i = 0; i < v.length; i++) hash = Math.imul(hash ^ v[i], 0x01000193);
  key = `${v[0]}~${v[v.length - 1]}#${v.length}#${(hash >>> 0).toString(36)}`;
  positionKeys.set(v, key);
  return key;
}
const positionKeys = new WeakMap<Int32Array, string>();

function samePositions(a: Int32Array, b: Int32Array): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

interface SampleSet {
  rows: Int32Array;
  cols: Int32Array;
  bands: Promise<Uint16Array[]>;
}

// The samples a read asks for, all nine bands: the bands of one read (asked one file at a time) share
// one synthesis, pending ones through `pendingSampleSets` whatever the LRU evicts meanwhile.
const sampleSets = new Lru<SampleSet>(64);
const pendingSampleSets = new Map<string, SampleSet>();

/** Band `band` of the pixels `rows` x `cols` of a tile: picked from the whole tile when it is at hand, else synthesized alone. */
async function tileSamples(scene: DemoScene, level: number, index: number, tilesAcross: number, rows: Int32Array, cols: Int32Array, band: number): Promise<Uint16Array> {
  const whole = tileSets.get(`${scene.id}:${level}:${index}`);
  if (whole) {
    const out = new Uint16Array(rows.length * cols.length);
    for (let a = 0, o = 0; a < rows.length; a++) for (let b = 0; b < cols.length; b++, o++) out[o] = whole[band][rows[a] * TILE_PX + cols[b]];
    return out;
  }
  const key = `${scene.id}:${level}:${index}:${positionsKey(rows)}:${positionsKey(cols)}`;
  const same = (e: SampleSet | undefined) => (e && samePositions(e.rows, rows) && samePositions(e.cols, cols) ? e : undefined);
  let set = same(pendingSampleSets.get(key)) ?? same(sampleSets.get(key));
  if (!set) {
    const entry: SampleSet = { rows, cols, bands: synthesizeTileSetInWorker(scene.id, level, index, tilesAcross, rows, cols) };
    pendingSampleSets.set(key, entry);
    // Kept once synthesized; a failed synthesis is not kept (the next read tries again).
    void entry.bands
      .then(() => sampleSets.set(key, entry))
      .catch(() => undefined)
      .finally(() => pendingSampleSets.get(key) === entry && pendingSampleSets.delete(key));
    set = entry;
  }
  return (await set.bands)[band];
}

/** The nine bands of one tile of one level, synthesized on first use in a worker thread (the event loop stays free). */
function tileSet(scene: DemoScene, level: number, index: number, tilesAcross: number): Promise<Uint16Array[]> {
  const key = `${scene.id}:${level}:${index}`;
  const done = tileSets.get(key);
  if (done) return Promise.resolve(done);
  let pending = pendingTileSets.get(key);
  if (!pending) {
    pending = synthesizeTileSetInWorker(scene.id, level, index, tilesAcross).then((bands) => {
      tileSets.set(key, bands);
      return bands;
    });
    pendingTileSets.set(key, pending);
    void pending.finally(() => pendingTileSets.delete(key)).catch(() => undefined);
  }
  return pending;
}

/** The href of a scene's asset; an asset the scene's sensor lacks (coastal on TM) names no file and opens as "not found". */
export function demoAssetHref(sceneId: string, asset: ArchiveAssetKey): string {
  const satellite = SATELLITE_BY_CODE.get(sceneId.slice(0, 4));
  const suffix = satellite ? ASSETS[satellite].find((a) => a.key === asset)?.fileSuffix : undefined;
  return `${DEMO_HREF_PREFIX}${sceneId}/${sceneId}_${suffix ?? asset.toUpperCase()}.TIF`;
}

// The scenes of recent opens: a point read opens a scene's 8 files together, and parsing the id (its
// pass schedule, grid and sun position) for each was ~0.3 s of a 40-year record's 29,000 opens. The
// synthesis worker looks its tiles' scenes up here too: a scene-box statistic synthesizes 16 tiles of
// one scene, and parsing the id for each was ~0.3 s of the worker's 40-year record (eighth round).
const openedScenes = new Lru<DemoScene | null>(32);
function openedScene(id: string): DemoScene | null {
  let scene = openedScenes.get(id);
  if (scene === undefined) openedScenes.set(id, (scene = parseDemoSceneId(id)));
  return scene;
}

/**
 * Jobs the synthesis worker holds or has waiting from which on a count's scene has its whole cloud
 * field built here, on the event loop, and handed over with the job (cloudsToHandOver).
 */
const HAND_OVER_BACKLOG = 2;
/** Cloud fields handed over so far (tests: the hand-over happens). */
let handedOver = 0;
export const demoCloudFieldsHandedOver = (): number => handedOver;

/**
 * The scene's whole cloud field for a count, built on this thread while the one synthesis worker has
 * other jobs to do (else undefined: the worker builds it, as for any read). A scene-box series counts
 * one scene a job, and each job built the scene's field in the worker (~0.5 ms of its ~3.5 ms); with
 * the worker the 40-year record's critical path and the event loop a third busy, building it here
 * shares the work out (docs/performance.md, ninth round). The same function builds it either way, so
 * the counts are the same. The percent comes with the field: known here at once.
 */
async function cloudsToHandOver(scene: DemoScene, signal?: AbortSignal): Promise<SceneClouds | undefined> {
  // Not for an area's strips (the bulk lane): counted strip by strip, a scene's field would be built here
  // for each strip; the 2,500 km² demo area used ~7 % more CPU, and a point Fetch beside it gained nothing.
  if (laneRank() === LANE_RANK.bulk || !demoSynthWorkerLoaded() || demoSynthBacklog() < HAND_OVER_BACKLOG || cloudFields.get(scene.id)) return undefined;
  // A turn of its own: a series' scenes start their counts together, and their builds in one turn held the loop.
  await ownTurn();
  signal?.throwIfAborted();
  const clouds = createSceneClouds(scene.grid, scene.datetime, { elevationDeg: scene.sunElevationDeg, azimuthDeg: scene.sunAzimuthDeg });
  cloudPercents.set(scene.id, clouds.cloudPercent);
  percentWaits.learned(scene.id);
  handedOver += 1;
  // The grid's block lattice is the worker's to look up (per grid, kept there): not copied with the field.
  return { ...clouds, blockLattice: undefined };
}

/**
 * Keeps a scene's whole cloud field, and its percent with it: one built on this thread (sceneClouds),
 * or, in the worker, one that came with a count (cloudsToHandOver), kept as if built there.
 */
export function adoptSceneClouds(sceneId: string, clouds: SceneClouds): void {
  cloudFields.set(sceneId, clouds);
  cloudPercents.set(sceneId, clouds.cloudPercent);
}

/** Opens a `demo://synthetic/…` href as a virtual GeoTIFF; unknown scenes or bands answer "not found", as a missing file would. */
export function openDemoAssetSource(href: string): ByteSource {
  const m = /^demo:\/\/synthetic\/([A-Z0-9_]+)\/\1_([A-Z0-9_]+)\.TIF$/.exec(href);
  const scene = m ? openedScene(m[1]) : null;
  const asset = m && scene ? ASSETS[scene.satellite].find((a) => a.fileSuffix === m[2]) : undefined;
  if (!scene || !asset) {
    return { id: href, stats: { requests: 0, bytes: 0 }, fetch: () => Promise.reject(new ByteSourceNotFoundError(href)) };
  }
  const band = asset.tileBand;
  const layout = createVirtualGeoTiffLayout({
    width: scene.grid.width, height: scene.grid.height, tileSize: TILE_PX, factors: [1, ...OVERVIEW_FACTORS], epsg: scene.grid.epsg,
    cornerX: scene.grid.cornerX, cornerY: scene.grid.cornerY, pixelSizeM: DEMO_PIXEL_SIZE_M, nodata: asset.key === 'qa_pixel' ? 1 : 0,
    description: `SYNTHETIC ${scene.id} ${asset.fileSuffix}: generated demo data, not a real Landsat acquisition`,
  });
  return createVirtualGeoTiffSource(
    href,
    layout,
    async (level, index) => (await tileSet(scene, level, index, layout.levels[level].tilesAcross))[band],
    (level, index, rows, cols) => tileSamples(scene, level, index, layout.levels[level].tilesAcross, rows, cols, band),
    {
      scene: scene.id,
      band,
      count: async (level, pieces, bands, qaBand, maskBits, outWidth, signal, inside) => {
        percentWaits.counting(pathRowKey(scene));
        const clouds = await cloudsToHandOver(scene, signal);
        const { counts, cloudPercent } = await countSamplesInWorker(scene.id, level, layout.levels[level].tilesAcross, pieces, bands, qaBand, maskBits, outWidth, inside, clouds);
        // The worker built the scene's whole cloud field for the counts, its percent with it: the
        // entry's `cloudCover` (read next, cloudCoverOnRead) then costs this thread no build of its own.
        if (cloudPercent !== undefined) {
          cloudPercents.set(scene.id, cloudPercent);
          percentWaits.learned(scene.id);
        }
        percentWaits.counting(pathRowKey(scene));
        return counts;
      },
    },
  );
}

function round8(v: number): number {
  return Math.round(v * 1e8) / 1e8;
}
