import { toPrecisionOf } from '../../shared/csv.js';
import { BAND_CATALOG, isBandId, type ArchiveAssetKey } from '../bands/bandCatalog.js';
import { isLandsatPlatform, sensorOf } from '../bands/missions.js';
import { sensorBandName } from '../bands/sensorBands.js';
import { GeometryError, parseGeoJsonPolygons, polygonsBBox, type PolygonLngLat } from '../geo/geoJsonPolygons.js';
import { insideRunsOf, pixelCentresInside, polygonPixelWindow, polygonsAreaKm2, projectPolygons } from '../geo/polygonOnGrid.js';
import { selectBands } from '../landsat/bandSelection.js';
import { coveredDates, type CoveredDates } from '../landsat/coveredDates.js';
import type { LandsatService } from '../landsat/landsatService.js';
import type { SceneFilters, SceneSummary } from '../landsat/landsatResults.js';
import { mapWithConcurrency } from '../landsat/mapWithConcurrency.js';
import type { EmptyAnswerExplanation } from '../landsat/explainEmptyAnswer.js';
import { DEFAULT_MASK, maskBits, maskToText } from '../raster/clearPixel.js';
import { createDnSum } from '../landsat/dnCounts.mjs';
import type { InsideRuns } from '../raster/byteSource.js';
import type { LandsatScene } from '../stac/landsatScene.js';
import type { SceneGrid } from '../raster/sceneGrid.js';
import { ExplainedError } from '../explainedError.js';
import { ownTurn } from '../ownTurn.js';
import { areaStatsOfCounts, countAreaDns, pixelAndClearCounts, type AreaBandStats } from './areaCounts.js';
import { AREA_JOB_MAX_KM2, AREA_MAX_KM2, AREA_MAX_KM2_DAYS, areaOverviewLevel } from './areaLimits.js';
import { sceneBands } from '../landsat/sceneBands.js';

export type { AreaBandStats };

export interface AreaSceneEntry {
  scene: SceneSummary;
  /** Pixels whose centre lies inside the polygon and that the scene imaged (QA fill bit unset). */
  pixelCount: number;
  /** Of those, the clear ones under the mask. */
  clearCount: number;
  /** Ground size of the pixels counted, metres: 30, or an overview's (areaOverviewLevel). */
  pixelSizeM: number;
  bands: Record<string, AreaBandStats>;
  missingBands?: Record<string, string>;
}

export interface AreaResponse extends CoveredDates {
  scenes: AreaSceneEntry[];
  truncated: boolean;
  limit: number;
  unavailableBands: Record<string, string>;
  synthetic: boolean;
  /** The mask the statistics used, as words. */
  mask: string;
  /** The polygon's area on the sphere, km². */
  areaKm2: number;
  /** The level the scenes were measured on: 0 = the 30 m pixels, n = the n-th overview (a pixel budget per request, areaLimits.ts); a file with fewer overviews uses its coarsest, which its scene's pixelSizeM says. */
  overviewLevel: number;
  explanation?: EmptyAnswerExplanation;
}

/** Pixels of the box around the polygons at most per scene (a 25,000 km² square is 28 million): parts far apart are refused. */
const MAX_WINDOW_PIXELS = 40_000_000;
/**
 * Pixels read at once per scene and band: larger windows are read and counted in strips of rows
 * (counts per DN add up). A strip's count is one job of the shared counting worker, which a point's
 * statistics wait behind when it is posted first: 3 million pixels of six bands were 240-570 ms jobs on
 * a busy 2-core machine (pointDuringArea bench, 2026-11-25); a third of that keeps the wait short.
 */
const STRIP_PIXELS = 1_000_000;

/**
 * The window's strips of about STRIP_PIXELS, top to bottom. Given the level's tile height, each strip
 * holds whole tile rows (its edges on tile boundaries), so no tile is fetched and decoded for two
 * strips: at 30 m, strips of 600 rows cut every 512 px tile row of the window in two.
 */
function stripsOf([c0, r0, c1, r1]: [number, number, number, number], tileHeight?: number): [number, number, number, number][] {
  let rowsPerStrip = Math.max(1, Math.floor(STRIP_PIXELS / Math.max(1, c1 - c0)));
  if (tileHeight) rowsPerStrip = Math.max(1, Math.floor(rowsPerStrip / tileHeight)) * tileHeight;
  const strips: [number, number, number, number][] = [];
  for (let r = r0; r < r1; ) {
    const end = tileHeight ? Math.min(r1, (Math.floor(r / tileHeight) * tileHeight) + rowsPerStrip) : Math.min(r1, r + rowsPerStrip);
    strips.push([c0, r, c1, end]);
    r = end;
  }
  return strips;
}

/** The polygon is larger than one request measures: the API answers 413 (with a job offer when a job can do it). */
export class AreaTooLargeError extends ExplainedError {
  override readonly name = 'AreaTooLargeError';
  readonly statusCode = 413;
  readonly code = 'area_too_large';
  constructor(message: string, readonly jobOffer?: { method: 'POST'; path: '/api/jobs'; note: string }) {
    super(message);
  }
}

const JOB_OFFER = {
  method: 'POST' as const,
  path: '/api/jobs' as const,
  note: 'Send the same JSON body (geometry, dates, bands, mask) to POST /api/jobs: it answers 202 {"id"}; follow GET /api/jobs/{id}, then GET /api/jobs/{id}/result.csv (the columns of /api/area.csv).',
};

const daysOf = (filters: Pick<SceneFilters, 'startDate' | 'endDate'>) => Math.max(1, Math.round((Date.parse(filters.endDate) - Date.parse(filters.startDate)) / 86_400_000) + 1);

/**
 * Reads the geometry (400 in words when it is not a simple polygon) and checks what it asks (413):
 * a request measures at most AREA_MAX_KM2 over a year; more is offered as a job, up to AREA_JOB_MAX_KM2.
 */
export function areaPolygons(geometry: unknown, dates?: Pick<SceneFilters, 'startDate' | 'endDate'>, { job = false } = {}): { polygons: PolygonLngLat[]; areaKm2: number } {
  const polygons = parseGeoJsonPolygons(geometry);
  const areaKm2 = polygonsAreaKm2(polygons);
  const km2 = (v: number) => Math.round(v).toLocaleString('en');
  if (areaKm2 > AREA_JOB_MAX_KM2) {
    throw new AreaTooLargeError(`The polygon covers ${km2(areaKm2)} km²; at most ${km2(job ? AREA_JOB_MAX_KM2 : AREA_MAX_KM2)} km² is measured ${job ? 'by one job' : 'at once'}. Split it or choose a smaller one.`);
  }
  if (!(areaKm2 > 0)) throw new GeometryError('The polygon encloses no area.');
  if (!job) {
    const days = dates ? daysOf(dates) : 1;
    if (areaKm2 > AREA_MAX_KM2 || areaKm2 * days > AREA_MAX_KM2_DAYS) {
      const asked = `${km2(areaKm2)} km² over ${days.toLocaleString('en')} day${days === 1 ? '' : 's'}`;
      throw new AreaTooLargeError(
        `${asked} is more than one request measures (at most ${km2(AREA_MAX_KM2)} km² over a year, or a smaller area over a longer time). Start a job instead: POST /api/jobs with the same body measures it in the background and writes the CSV of /api/area.csv.`,
        JOB_OFFER,
      );
    }
  }
  return { polygons, areaKm2 };
}

export interface AreaSceneContext {
  landsat: LandsatService;
  polygons: PolygonLngLat[];
  filters: SceneFilters;
  signal?: AbortSignal;
  /** The overview level to measure on (0, the 30 m pixels, by default; a file with fewer levels uses its coarsest). */
  level?: number;
  /**
   * The polygon's pixels per grid and strip, shared by the request's scenes: the scenes of one
   * path/row share their grid, and working the mask out again per scene was ~5 % of the event loop's
   * time for a year of them (profile, docs/areas-and-first-load.md, seventh round).
   */
  insideMemo?: Map<string, { mask: Uint8Array; runs?: InsideRuns }>;
}

/** Strips' masks kept per request (insideMemo): a few path/rows' strips; a strip's mask is at most ~1 MB (STRIP_PIXELS). */
const INSIDE_MEMO_ENTRIES = 24;

/** The pixels of `strip` of `grid` whose centre lies inside the projected polygons, through the request's memo. */
function insideOf(memo: AreaSceneContext['insideMemo'], grid: SceneGrid, projected: ReturnType<typeof projectPolygons>, strip: [number, number, number, number]): { mask: Uint8Array; runs?: InsideRuns } {
  const key = `${grid.epsg}:${grid.originX}:${grid.originY}:${grid.pixelSizeX}:${grid.pixelSizeY}:${grid.width}x${grid.height}:${strip.join(',')}`;
  const known = memo?.get(key);
  if (known) return known;
  const entry = { mask: pixelCentresInside(grid, projected, strip) };
  if (memo) {
    memo.set(key, entry);
    if (memo.size > INSIDE_MEMO_ENTRIES) memo.delete(memo.keys().next().value!);
  }
  return entry;
}

/**
 * The scene's own cloud cover (%) from which an archive scene's strips fetch QA_PIXEL first and the bands'
 * tiles only under a clear pixel (sceneReader countFullWindow `qaFirst`): that costs one more round trip
 * per strip, and saves the bands' bytes of every tile that is all cloud or shadow, which on a scene at
 * least half cloud is worth it (a real Landsat 8 scene at 76 % cloud, ../shared/fixtures: a quarter of its
 * 15 km blocks have no clear pixel), and on a clear one seldom is.
 */
const QA_FIRST_FROM_CLOUD_PERCENT = 50;

/**
 * One scene's entry: the pixels of the scene's own grid whose centre lies inside the polygon (GDAL's
 * default rasterisation rule), how many were imaged and clear under the mask, and each band's
 * statistics over the clear ones; null when the scene images no pixel of the polygon.
 */
export async function areaSceneEntry({ landsat, polygons, filters, signal, level: levelAsked = 0, insideMemo }: AreaSceneContext, scene: LandsatScene): Promise<AreaSceneEntry | null> {
  signal?.throwIfAborted();
  const selection = selectBands(filters.bands);
  const bits = maskBits(filters.mask ?? DEFAULT_MASK);
  // Each sensor's own files (B09 from ST_B6 on TM/ETM+; no B01 there), harmonised to OLI when asked.
  const { present, missing = {}, harmonized } = sceneBands(scene, selection.available, filters.harmonize);
  const assets: ArchiveAssetKey[] = ['qa_pixel', ...present.map((b) => b.read.asset)];
  const reader = landsat.parts.readerFor(scene);
  // Strips' counts added up (dense per DN: merging through Maps showed in the profile).
  const sum = createDnSum(assets.length);
  let counted = false;
  let pixels = 0;
  // The strips still to read (rows of the window), known once the first read has seen the grid.
  const plan: { strips: [number, number, number, number][] | null; projected: ReturnType<typeof projectPolygons>; level: number; pixelSizeM: number } = { strips: null, projected: [], level: 0, pixelSizeM: 30 };
  // The demo's files count a strip where they synthesize it (sceneReader countFullWindow); archive files are read and counted here.
  let countWhereMade = true;
  for (let k = 0; plan.strips === null || k < plan.strips.length; k++) {
    let inside: { mask: Uint8Array; runs?: InsideRuns } = { mask: new Uint8Array(0) };
    const chooseStrip = (levelGrids: SceneGrid[], tileHeights?: number[]): { level: number; window: [number, number, number, number] } => {
      if (plan.strips === null) plan.level = Math.min(levelAsked, levelGrids.length - 1);
      const grid = levelGrids[plan.level];
      if (plan.strips === null) {
        plan.pixelSizeM = Math.round(Math.abs(grid.pixelSizeX) * 10) / 10;
        plan.projected = projectPolygons(grid, polygons);
        const window = polygonPixelWindow(grid, plan.projected);
        const [c0, r0, c1, r1] = window;
        // Parts of a MultiPolygon far apart span a box much larger than their area: refuse before reading it.
        const boxPixels = (c1 - c0) * (r1 - r0);
        if (boxPixels > MAX_WINDOW_PIXELS) throw new AreaTooLargeError(`The polygons' parts lie ${Math.round(Math.sqrt(boxPixels) * grid.pixelSizeX / 1000)} km apart; keep them within one box of at most ${MAX_WINDOW_PIXELS.toLocaleString('en')} pixels (send far-apart parts as separate areas).`);
        const strips = stripsOf(window, tileHeights?.[plan.level]);
        if (strips.length === 0) strips.push(window);
        plan.strips = strips;
      }
      const strip = plan.strips[k];
      inside = insideOf(insideMemo, grid, plan.projected, strip);
      return { level: plan.level, window: strip };
    };
    if (countWhereMade) {
      const strip = await reader.countFullWindow(
        assets,
        (_grid, levelGrids, tileHeights) => {
          const { level, window: strip } = chooseStrip(levelGrids, tileHeights);
          inside.runs ??= insideRunsOf(inside.mask, strip[2] - strip[0], strip[3] - strip[1]);
          return { level, window: strip, inside: inside.runs };
        },
        bits,
        signal,
        { qaFirst: bits !== 0 && scene.cloudCover >= QA_FIRST_FROM_CLOUD_PERCENT },
      );
      if (strip) {
        const [c0, r0, c1, r1] = strip.window;
        const stripPixels = Math.max(0, c1 - c0) * Math.max(0, r1 - r0);
        pixels += stripPixels;
        if (stripPixels > 0) {
          sum.add(strip.counts);
          counted = true;
        }
        // The next strip's planning and this one's merge on a turn of their own (ownTurn.ts), as countAreaDns does.
        await ownTurn();
        continue;
      }
      countWhereMade = false;
    }
    const read = await reader.readFullWindow(assets, (_grid, levelGrids) => chooseStrip(levelGrids), signal);
    const qa = read.dn.qa_pixel!;
    pixels += qa.length;
    // QA_PIXEL counted too: its counts give the imaged and the clear pixels.
    if (qa.length > 0) {
      sum.add(await countAreaDns(qa, inside.mask, bits, [qa, ...present.map((b) => read.dn[b.read.asset]!)]));
      counted = true;
    }
  }
  if (!counted) return null;
  const counts = sum.finish();
  const { pixelCount, clearCount } = pixelAndClearCounts(counts[0], pixels);
  if (pixelCount === 0) return null;
  const bands: Record<string, AreaBandStats> = {};
  present.forEach((band, i) => (bands[band.info.id] = areaStatsOfCounts(counts[i + 1], band.physical)));
  return { scene: landsat.parts.summarize(scene, harmonized), pixelCount, clearCount, pixelSizeM: plan.pixelSizeM, bands, ...(Object.keys(missing).length > 0 ? { missingBands: missing } : {}) };
}

/**
 * The scenes' indexes, those of one WRS-2 path/row together (in date order within it): scenes of one
 * path/row share their grid, so what the archive keeps per grid tile (the demo archive's land cover,
 * bounded per worker) is reused scene after scene instead of being evicted by the other path/rows'
 * tiles in between. The answer stays in date order.
 */
export function byPathRow(scenes: readonly Pick<LandsatScene, 'wrsPath' | 'wrsRow'>[]): number[] {
  return scenes.map((_, i) => i).sort((a, b) => scenes[a].wrsPath - scenes[b].wrsPath || scenes[a].wrsRow - scenes[b].wrsRow || a - b);
}

/** Scenes measured at once per request: enough to keep the readers (and the demo's synthesis) busy, few enough to share the server. */
const SCENES_AT_ONCE = 3;
/**
 * Archive scenes at once: their strips are counted in the decode workers, and the event loop mostly
 * waits on the archive (a strip's tiles, one round trip per file), so more scenes keep the workers fed.
 * A/B on the real-shaped bench (twice each, load 6-13): 60 m 3.0-3.3 s against 3.4-3.6 s with three,
 * 30 m 6.5-6.6 s against 7.1-9.6 s. Ten since the workers' counting got cheaper (eighth round,
 * docs/areas-and-first-load.md): a scene's chain of round trips (headers, then its strips one after
 * another, 30 ms each on the bench) left the two cores idle part of the time with six. A/B, 3 runs each,
 * load 2-10: 60 m 1.89-1.93 s against 2.09-2.58 s with six, 30 m 3.70 s against 5.55 s. Sixteen since
 * the tiles inflate with libdeflate (ninth round): with less CPU a scene, more round trips in flight
 * keep the cores fed; 3 runs each, load ~3: 60 m 1.60-1.84 s against 1.64-1.81 s with ten, 30 m the
 * same (2.80-2.98 s against 2.95-3.01 s). Each scene in flight holds one strip's compressed tiles
 * (~5 MB at most); decoded tiles stay in the workers, one job each.
 */
const ARCHIVE_SCENES_AT_ONCE = 16;

/**
 * POST /api/area: per qualifying scene, areaSceneEntry's counts and statistics. One entry per scene
 * that images part of the polygon, oldest first. `onProgress` says scenes done of total; the signal
 * stops the work between scenes and inside every read.
 */
export async function areaStatistics(
  landsat: LandsatService,
  geometry: unknown,
  filters: SceneFilters,
  options: {
    streamed?: boolean;
    signal?: AbortSignal;
    onProgress?: (done: number, total: number) => void;
    /** "auto" (default): the 30 m pixels within the request's pixel budget, else the overview that fits; "full": the 30 m pixels. */
    resolution?: 'auto' | 'full';
  } = {},
): Promise<AreaResponse> {
  const { polygons, areaKm2 } = areaPolygons(geometry, filters);
  const { search, explain, seriesLimit } = landsat.parts;
  const box = polygonsBBox(polygons);
  const bboxLngLat: [number, number, number, number] = [box.minLon, box.minLat, box.maxLon, box.maxLat];
  const selection = selectBands(filters.bands);
  const mask = filters.mask ?? DEFAULT_MASK;
  const found = await search(bboxLngLat, filters, options.signal, seriesLimit(options.streamed));
  options.onProgress?.(0, found.scenes.length);
  let done = 0;
  const level = areaOverviewLevel(areaKm2, found.scenes.length, options.resolution);
  const context: AreaSceneContext = { landsat, polygons, filters, signal: options.signal, level, insideMemo: new Map() };
  const entries: (AreaSceneEntry | null)[] = new Array(found.scenes.length).fill(null);
  await mapWithConcurrency(
    byPathRow(found.scenes),
    landsat.catalog.synthetic ? SCENES_AT_ONCE : ARCHIVE_SCENES_AT_ONCE,
    async (i) => {
      entries[i] = await areaSceneEntry(context, found.scenes[i]);
      options.onProgress?.(++done, found.scenes.length);
    },
    options.signal,
  );
  return {
    scenes: entries.filter((e): e is AreaSceneEntry => e !== null),
    truncated: found.truncated,
    limit: found.limit,
    ...coveredDates(found, filters),
    unavailableBands: selection.unavailable,
    synthetic: landsat.catalog.synthetic,
    mask: maskToText(mask),
    areaKm2,
    overviewLevel: level,
    ...(found.scenes.length === 0 ? { explanation: await explain(bboxLngLat, filters, options.signal) } : {}),
  };
}

/** One CSV row per scene and band: the answer as a spreadsheet reads it; then (issue 23) the sensor, its own band name and any harmonisation, as the other CSVs; then the ground size of the pixels counted (30 m, or an overview's for a large request). */
export const AREA_CSV_HEADER = ['scene_id', 'satellite', 'datetime', 'wrs_path', 'wrs_row', 'cloud_cover', 'band', 'band_label', 'unit', 'pixel_count', 'clear_count', 'count', 'mean', 'median', 'st_dev_population', 'min', 'max', 'mask', 'synthetic', 'sensor', 'sensor_band', 'harmonized', 'pixel_size_m'] as const;

type AreaCsvRow = (string | number | boolean | null)[];

/** One scene's rows, one per band (an area job writes them scene by scene). */
export function areaSceneCsvRows(e: AreaSceneEntry, mask: string, synthetic: boolean): AreaCsvRow[] {
  return Object.entries(e.bands).map(([id, s]) => {
    const info = BAND_CATALOG[id as keyof typeof BAND_CATALOG];
    const sensor = isLandsatPlatform(e.scene.satellite) ? sensorOf(e.scene.satellite) : null;
    const sensorBand = sensor && isBandId(id) ? sensorBandName(id, sensor) : null;
    return [e.scene.id, e.scene.satellite, e.scene.datetime, e.scene.wrsPath, e.scene.wrsRow, e.scene.cloudCover, id, info?.label ?? id, info?.unit ?? null, e.pixelCount, e.clearCount, s.count, ...[s.mean, s.median, s.stDev, s.min, s.max].map((v) => toPrecisionOf(info?.unit, v) ?? null), mask, synthetic, sensor, sensorBand, e.scene.harmonized ?? null, e.pixelSizeM];
  });
}

export function areaCsvRows(answer: AreaResponse): AreaCsvRow[] {
  return [[...AREA_CSV_HEADER], ...answer.scenes.flatMap((e) => areaSceneCsvRows(e, answer.mask, answer.synthetic))];
}
