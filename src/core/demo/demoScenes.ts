/**
 * The synthetic scenes' pixels: everything about a scene follows from its id (demoSceneIds.ts), so any
 * catalogue instance, in any process, serves the same bytes for the same id. Assets are
 * `demo://synthetic/<id>/<id>_<band>.TIF` hrefs that open a virtual GeoTIFF (virtualGeoTiff.ts) whose
 * tiles are synthesized on first read. Nothing is written to disk; memory holds a bounded number of
 * recent tiles. The scenes' cloud percents: demoCloudPercents.ts.
 */
import { ByteSourceNotFoundError, type ByteSource } from '../raster/byteSource.js';
import { adaptTileToSensor } from './demoSensorTile.js';
import { createSceneClouds, createSceneCloudsNear, createSceneCloudsToHandOver, shadowOffsetBlocks, type SceneClouds } from './demoClouds.js';
import { noteCounting, rememberCloudPercent } from './demoCloudPercents.js';
import { releaseCloudField, withBlockBits } from './cloudFieldBuffers.js';
import { takeKeptCloudField } from './keptCloudFields.js';
import { createLandCoverTile, ensureLandCover, type LandCoverTile } from './demoLandCover.js';
import { DEMO_PIXEL_SIZE_M, OVERVIEW_FACTORS, TILE_PX } from './demoSceneGrid.js';
import { demoAssetByFileSuffix, openedScene, type DemoScene } from './demoSceneIds.js';
import { cloudBlocksOf, createSceneWeather, synthesizeTile, type SceneWeather } from './demoTileSynth.js';
import { countSamplesInWorker, demoSynthBacklog, demoSynthWorkerLoaded, synthesizeTileSetInWorker } from './demoSynthPool.js';
import { Lru } from './lruMap.js';
import { ownTurn } from '../ownTurn.js';
import { isMainThread } from 'node:worker_threads';
import { LANE_RANK, laneRank } from '../workLane.js';
import { createVirtualGeoTiffLayout, createVirtualGeoTiffSource } from './virtualGeoTiff.js';

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
// A field the LRU drops goes back to the builds' buffers (cloudFieldBuffers.ts): its pages stay mapped.
const cloudFields = new Lru<SceneClouds>(64, releaseCloudField);
const weathers = new Lru<SceneWeather>(1024);

export function sceneClouds(scene: DemoScene): SceneClouds {
  let clouds = cloudFields.get(scene.id);
  if (!clouds) {
    // One this thread's search built for the scene's percent and kept for its count, else built now.
    const searched = takeKeptCloudField(scene.id);
    clouds = searched ? withBlockBits(searched) : createSceneClouds(scene.grid, scene.datetime, { elevationDeg: scene.sunElevationDeg, azimuthDeg: scene.sunAzimuthDeg });
    adoptSceneClouds(scene.id, clouds);
  }
  return clouds;
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
  // A field this thread's search kept for the count costs nothing to hand over, whatever the worker's backlog.
  const searched = takeKeptCloudField(scene.id);
  if (searched) {
    handedOver += 1;
    return { ...searched, blockLattice: undefined };
  }
  // Not for an area's strips (the bulk lane): counted strip by strip, a scene's field would be built here
  // for each strip; the 2,500 km² demo area used ~7 % more CPU, and a point Fetch beside it gained nothing.
  if (laneRank() === LANE_RANK.bulk || !demoSynthWorkerLoaded() || demoSynthBacklog() < HAND_OVER_BACKLOG || cloudFields.get(scene.id)) return undefined;
  // A turn of its own: a series' scenes start their counts together, and their builds in one turn held the loop.
  await ownTurn();
  signal?.throwIfAborted();
  const clouds = createSceneCloudsToHandOver(scene.grid, scene.datetime, { elevationDeg: scene.sunElevationDeg, azimuthDeg: scene.sunAzimuthDeg });
  rememberCloudPercent(scene.id, clouds.cloudPercent);
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
  rememberCloudPercent(sceneId, clouds.cloudPercent);
}

/** Opens a `demo://synthetic/…` href as a virtual GeoTIFF; unknown scenes or bands answer "not found", as a missing file would. */
export function openDemoAssetSource(href: string): ByteSource {
  const m = /^demo:\/\/synthetic\/([A-Z0-9_]+)\/\1_([A-Z0-9_]+)\.TIF$/.exec(href);
  const scene = m ? openedScene(m[1]) : null;
  const asset = m && scene ? demoAssetByFileSuffix(scene.satellite, m[2]) : undefined;
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
        noteCounting(scene);
        const clouds = await cloudsToHandOver(scene, signal);
        const { counts, cloudPercent } = await countSamplesInWorker(scene.id, level, layout.levels[level].tilesAcross, pieces, bands, qaBand, maskBits, outWidth, inside, clouds);
        // The worker built the scene's whole cloud field for the counts, its percent with it: the
        // entry's `cloudCover` (read next, cloudCoverOnRead) then costs this thread no build of its own.
        if (cloudPercent !== undefined) rememberCloudPercent(scene.id, cloudPercent);
        noteCounting(scene);
        return counts;
      },
    },
  );
}
