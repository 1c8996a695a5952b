import { ExplainedError } from '../explainedError.js';
import type { ArchiveAssetKey, BandId, BandUnit } from '../bands/bandCatalog.js';
import type { HarmonizeTarget } from '../bands/harmonize.js';
import { sensorOf, type LandsatSensor } from '../bands/missions.js';
import { emptyReason, onSensor, sceneBands } from './sceneBands.js';
import type { BBox, LngLat } from '../geo/lngLat.js';
import type { BlockCache } from '../raster/blockCache.js';
import type { ByteSource } from '../raster/byteSource.js';
import { explainEmptyAnswer, type EmptyAnswerExplanation } from './explainEmptyAnswer.js';
import { pointInRing } from '../geo/pointInRing.js';
import { pathRowOfSceneBox } from '../wrs2/sceneBoxPathRow.js';
import { wrs2SceneCenter } from '../wrs2/wrs2.js';
import { createSceneReader, type SceneReader } from '../raster/sceneReader.js';
import { decodeQaPixel, type QaFlags } from '../raster/qaFlags.js';
import { DEFAULT_MASK, isClearPixel, isImaged, maskToText, type ClearMask } from '../raster/clearPixel.js';
import { dnToPhysical } from '../raster/scaling.js';
import type { LandsatScene } from '../stac/landsatScene.js';
import type { SceneCatalog, SceneSearchResult } from '../stac/sceneCatalog.js';
import { displayBands, selectBands, type BandSelection } from './bandSelection.js';
import { classifyPixels, computeBandStatistics, type BandStatistics } from './statistics.js';
import { renderRgbPng, type DisplayChannel } from './renderRgbPng.js';
import { renderWindowPng } from './renderWindowPng.js';
import { coveredDates, type CoveredDates } from './coveredDates.js';
import { geometricRmseM, pixelFootprints, type GeoJsonPolygon } from './pixelFootprints.js';
import { mapWithConcurrency } from './mapWithConcurrency.js';
import proj4 from 'proj4';
import { projDefinitionForEpsg, type ProjectedBounds } from '../raster/sceneGrid.js';

/** What every data call filters on: the seed's date range, cloud limit and bands. */
export interface SceneFilters {
  startDate: string;
  endDate: string;
  /** Largest scene cloud cover accepted, percent. */
  cloudCoverage: number;
  bands: BandId[];
  /** What is not clear (clearPixel.ts); DEFAULT_MASK when absent. */
  mask?: ClearMask;
  /** `oli`: TM/ETM+ reflectance harmonised to OLI (harmonize.ts); absent: values as archived. */
  harmonize?: HarmonizeTarget;
}

export interface SceneSummary {
  id: string;
  satellite: LandsatScene['satellite'];
  /** TM (Landsat 4, 5), ETM+ (Landsat 7) or OLI/TIRS (Landsat 8, 9). */
  sensor: LandsatSensor;
  datetime: string;
  wrsPath: number;
  wrsRow: number;
  cloudCover: number;
  /** `roy2016-rma` when TM/ETM+ reflectance was harmonised to OLI; absent otherwise. */
  harmonized?: 'roy2016-rma';
}

/** The grid a scene's statistics were computed on: an overview of the COG when the box is large. */
export interface StatisticsGrid {
  /** Ground size of one pixel the means come from, metres. */
  pixelSizeM: number;
  /** Pixels read across and down (each band's `sampleCount` says how many of them were clear). */
  width: number;
  height: number;
  /** 0 = full resolution, n = the n-th internal overview. */
  overviewLevel: number;
}

/**
 * A scene box (the seed box of one WRS-2 path/row) keeps that path/row's scenes only: neighbouring
 * path/rows' scenes only touch the box, and their means would be over other ground.
 */
export interface SceneFilter {
  wrsPath: number;
  wrsRow: number;
  /** Qualifying scenes of other path/rows left out of the statistics. */
  excludedScenes: number;
}

export interface LandsatDataEntry {
  interval: { from: string; to: string };
  scene: SceneSummary;
  outputs: { data: { bands: Record<string, { stats: BandStatistics }> } };
  /** The grid the statistics were read on (absent when no band was read). */
  grid?: StatisticsGrid;
  /** Chosen bands this scene's archive entry has no file for, with the reason (absent when none). */
  missingBands?: Record<string, string>;
}

export interface LandsatDataResponse extends CoveredDates {
  data: LandsatDataEntry[];
  /** Extension: the mask the statistics used, in words (clearPixel.ts). */
  mask?: string;
  truncated: boolean;
  limit: number;
  /** Chosen bands that Level-2 lacks, with the reason. */
  unavailableBands: Record<string, string>;
  synthetic: boolean;
  /** Only when no scene qualifies: why (explainEmptyAnswer.ts). */
  explanation?: EmptyAnswerExplanation;
  /** Only for a scene box: the path/row kept and how many other scenes were left out. */
  sceneFilter?: SceneFilter;
}

export interface PixelBand {
  unit: BandUnit;
  /** Physical values (reflectance or kelvin), rows north to south; null is fill. */
  values: (number | null)[][];
  dn: (number | null)[][];
  /** The sensor's own name of the band ("TM band 3, red") and its Level-2 file band (SR_B3). */
  name: string;
  fileBand: string;
}

export interface PixelScene extends SceneSummary {
  sunElevation: number | null;
  sunAzimuth: number | null;
  landCloudCover: number | null;
  processingLevel: string | null;
  collectionCategory: string | null;
  crs: string;
  pixel: { col: number; row: number };
  bands: Record<string, PixelBand>;
  /** Chosen bands this scene's archive entry has no file for, with the reason (absent when none). */
  missingBands?: Record<string, string>;
  qa: { values: (number | null)[][]; flags: (QaFlags | null)[][] };
  /** Extension: each of the nine pixels clear under the request's mask (clearPixel.ts); null where not imaged. */
  clear: (boolean | null)[][];
  /** Extension: the nine pixels' outlines in WGS 84 from the scene grid's corners, row-major like `values`. */
  pixelFootprints: GeoJsonPolygon[][];
  /** Extension: the scene's geolocation accuracy (GEOMETRIC_RMSE_MODEL, metres), null when the archive does not say. */
  geometricRmseM: number | null;
  /** Why the target pixel is empty when QA_PIXEL marks it fill (e.g. "Landsat 7 scan-line gap: …"). */
  emptyReason?: string;
}

export interface PixelResponse extends CoveredDates {
  target: { lat: number; lon: number };
  scenes: PixelScene[];
  /** Extension: the mask `clear` used, in words (clearPixel.ts). */
  mask?: string;
  truncated: boolean;
  limit: number;
  unavailableBands: Record<string, string>;
  synthetic: boolean;
  /** Only when no scene qualifies: why (explainEmptyAnswer.ts). */
  explanation?: EmptyAnswerExplanation;
}

export interface RenderedImage {
  png: Buffer;
  scene: SceneSummary;
  bands: BandId[];
  synthetic: boolean;
  /** The stretch used, in words (sent as `x-stretch`). */
  stretch: string;
  /** WGS84 bounds [minLon, minLat, maxLon, maxLat] of what the image shows, to lay it on a map. */
  boundsLngLat?: [number, number, number, number];
}

export interface LandsatServiceOptions {
  catalog: SceneCatalog;
  cache: BlockCache;
  /** Most scenes one answer carries; beyond it the answer says `truncated`. */
  maxScenes: number;
  /** Most scenes a streamed answer (NDJSON with progress) carries; default `maxScenes`. */
  maxScenesStreamed?: number;
  /** Scenes read at once within one request. */
  sceneConcurrency?: number;
  /** Byte source factory (default: file or HTTP by href); the bench counts range requests through it. */
  openSource?: (href: string) => ByteSource;
}

/** An outcome the caller should turn into a 4xx: nothing qualifies, or nothing can be drawn. */
export class NoSceneError extends Error {
  override readonly name = 'NoSceneError';
  /** Why nothing qualifies (explainEmptyAnswer.ts); the API sends it as `error.explanation`. */
  constructor(message: string, readonly explanation?: EmptyAnswerExplanation) {
    super(message);
  }
}
export class NoUsableBandError extends ExplainedError {
  override readonly name = 'NoUsableBandError';
}

/** Fixed display ranges for the 3 x 3 image: nine pixels are too few for a percentile stretch. */
const FIXED_RANGE: Record<BandUnit, { low: number; high: number }> = {
  reflectance: { low: 0, high: 0.3 },
  kelvin: { low: 250, high: 320 },
};
const PIXEL_BLOCK_PX = 80;
const IMAGE_MIN_LONG_SIDE = 512;
const IMAGE_MAX_LONG_SIDE = 1024;
/**
 * Statistics are computed on at most this many pixels a side, read from an overview when the box is
 * larger. A whole scene box then reads Landsat's coarsest internal overview (factor 16, about 480 m;
 * the answer's `grid` says the size used): some 60 000 pixels per mean, a quarter of the tiles the
 * next finer overview needs, which is what lets a year's series arrive in seconds.
 */
const STATS_MAX_SIDE = 256;

/** A QA_PIXEL DN read from the file: null or the file's nodata 0 (outside the raster) is not imaged, like fill. */
const imagedQa = (qa: number | null): qa is number => qa !== null && qa !== 0 && isImaged(qa);

const summarize = (s: LandsatScene, harmonized?: 'roy2016-rma'): SceneSummary => ({
  id: s.id,
  satellite: s.satellite,
  sensor: sensorOf(s.satellite),
  datetime: s.datetime,
  wrsPath: s.wrsPath,
  wrsRow: s.wrsRow,
  cloudCover: s.cloudCover,
  ...(harmonized ? { harmonized } : {}),
});

/** The WGS84 box around a projected box's four corners (the grid is rotated against lon/lat). */
function projectedBoundsToLngLat(crs: string, b: ProjectedBounds): [number, number, number, number] {
  const toLngLat = proj4(projDefinitionForEpsg(Number(crs.replace(/^EPSG:/, ''))), 'WGS84');
  const corners = [
    [b.minX, b.minY],
    [b.minX, b.maxY],
    [b.maxX, b.minY],
    [b.maxX, b.maxY],
  ].map((xy) => toLngLat.forward(xy) as [number, number]);
  const lons = corners.map((c) => c[0]);
  const lats = corners.map((c) => c[1]);
  return [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)];
}

const pointBox = ([lon, lat]: LngLat): [number, number, number, number] => [lon, lat, lon, lat];
const boxToBBoxLngLat = (box: BBox): [number, number, number, number] => [box.minLon, box.minLat, box.maxLon, box.maxLat];

/** Most recent acquisition first: the image calls show the latest qualifying scene. */
function newestFirst(scenes: LandsatScene[]): LandsatScene[] {
  return [...scenes].sort((a, b) => (a.datetime < b.datetime ? 1 : a.datetime > b.datetime ? -1 : 0));
}

export type LandsatService = ReturnType<typeof createLandsatService>;

export function createLandsatService({ catalog, cache, maxScenes, maxScenesStreamed = maxScenes, sceneConcurrency = 8, openSource }: LandsatServiceOptions) {
  // Streamed calls report progress, so a person can wait for a long series (the whole 8/9 record).
  const seriesLimit = (streamed?: boolean) => (streamed ? Math.max(maxScenes, maxScenesStreamed) : maxScenes);
  const readerFor = (scene: LandsatScene): SceneReader =>
    createSceneReader({
      cache,
      openSource,
      assetHref: (asset: ArchiveAssetKey) => {
        const href = scene.assets[asset];
        if (!href) throw new NoUsableBandError(`Scene ${scene.id} has no ${asset} asset`);
        return catalog.resolveAssetHref(href);
      },
    });

  async function search(bboxLngLat: [number, number, number, number], filters: SceneFilters, signal?: AbortSignal, limit = maxScenes): Promise<SceneSearchResult> {
    return catalog.search({
      bboxLngLat,
      startDate: filters.startDate,
      endDate: filters.endDate,
      maxCloudCover: filters.cloudCoverage,
      limit,
      signal,
    });
  }

  function requireBands(filters: SceneFilters): BandSelection {
    const selection = selectBands(filters.bands);
    if (selection.available.length === 0) {
      throw new NoUsableBandError(
        `None of the chosen bands (${filters.bands.join(', ')}) exists in Landsat Level-2 products: ${Object.values(selection.unavailable).join('; ')}. Choose among B01-B07 and B09.`,
      );
    }
    return selection;
  }

  const explain = (bboxLngLat: [number, number, number, number], filters: SceneFilters, signal?: AbortSignal, pathRow?: { path: number; row: number } | null) =>
    explainEmptyAnswer(catalog, { bboxLngLat, startDate: filters.startDate, endDate: filters.endDate, cloudCoverage: filters.cloudCoverage, signal, pathRow: pathRow ?? undefined });

  const describeRange = (filters: SceneFilters) =>
    `between ${filters.startDate} and ${filters.endDate} with at most ${filters.cloudCoverage}% cloud cover`;

  return {
    catalog,
    /** For calls built beside this service (areas): the same search, readers, limits and explanations. */
    parts: { search, readerFor, explain, seriesLimit, summarize },

    /** The qualifying scenes' metadata, oldest first. */
    async findScenes(bboxLngLat: [number, number, number, number], filters: Omit<SceneFilters, 'bands'>, signal?: AbortSignal) {
      const result = await search(bboxLngLat, { ...filters, bands: [] }, signal);
      return { ...result, scenes: result.scenes.map((scene) => ({ ...scene, sensor: sensorOf(scene.satellite) })), synthetic: catalog.synthetic };
    },

    /** The 3 x 3 pixels around the point in every qualifying scene (or the latest only), in physical units with QA flags. */
    async readPixels(
      lngLat: LngLat,
      filters: SceneFilters,
      options: { latest?: boolean; streamed?: boolean; signal?: AbortSignal; onProgress?: (done: number, total: number) => void } = {},
    ): Promise<PixelResponse> {
      const { available, unavailable } = requireBands(filters);
      const found = await search([lngLat[0], lngLat[1], lngLat[0], lngLat[1]], filters, options.signal, options.latest ? 1 : seriesLimit(options.streamed));
      const scenes = options.latest ? found.scenes.slice(-1) : found.scenes;
      let done = 0;
      const read = await mapWithConcurrency(scenes, sceneConcurrency, async (scene): Promise<PixelScene | null> => {
        const { present, missing, harmonized } = sceneBands(scene, available, filters.harmonize);
        const assets: ArchiveAssetKey[] = [...present.map((b) => b.read.asset), 'qa_pixel'];
        const hood = await readerFor(scene).readNeighborhood(lngLat, assets, 1, options.signal);
        options.onProgress?.(++done, scenes.length);
        const qaDn = hood.dn.qa_pixel!;
        // QA_PIXEL bit 0 marks fill (not imaged, e.g. Landsat 7's scan-line gaps): no value there, whatever the DN.
        const isFill = (r: number, c: number) => !imagedQa(qaDn[r][c]);
        const bands: Record<string, PixelBand> = {};
        for (const band of present) {
          const dn = hood.dn[band.read.asset]!;
          const values = dn.map((row, r) => row.map((v, c) => (v === null || isFill(r, c) ? null : band.physical(v))));
          bands[band.info.id] = { unit: band.unit, dn, values, name: band.read.name, fileBand: band.read.fileBand };
        }
        const mask = filters.mask ?? DEFAULT_MASK;
        const why = emptyReason(scene, isFill(1, 1));
        return {
          ...summarize(scene, harmonized),
          sunElevation: scene.sunElevation,
          sunAzimuth: scene.sunAzimuth,
          landCloudCover: scene.landCloudCover,
          processingLevel: scene.processingLevel,
          collectionCategory: scene.collectionCategory,
          crs: hood.crs,
          pixel: hood.pixel,
          bands,
          ...(missing ? { missingBands: missing } : {}),
          qa: { values: qaDn, flags: qaDn.map((row) => row.map((v) => (v === null ? null : decodeQaPixel(v)))) },
          clear: qaDn.map((row) => row.map((v) => (imagedQa(v) ? isClearPixel(v, mask) : null))),
          pixelFootprints: pixelFootprints(hood.grid, hood.pixel),
          geometricRmseM: await geometricRmseM(scene),
          ...(why ? { emptyReason: why } : {}),
        };
      }, options.signal);
      return {
        target: { lat: lngLat[1], lon: lngLat[0] },
        scenes: read.filter((s): s is PixelScene => s !== null),
        mask: maskToText(filters.mask ?? DEFAULT_MASK),
        truncated: options.latest ? false : found.truncated,
        limit: options.latest ? 1 : found.limit,
        ...(options.latest ? { coveredStartDate: filters.startDate, coveredEndDate: filters.endDate } : coveredDates(found, filters)),
        unavailableBands: unavailable,
        synthetic: catalog.synthetic,
        ...(found.scenes.length === 0 ? { explanation: await explain([lngLat[0], lngLat[1], lngLat[0], lngLat[1]], filters, options.signal) } : {}),
      };
    },

    /** Per-scene statistics of the box over the pixels clear under the request's mask (clearPixel.ts), oldest first. */
    async boxStatistics(
      box: BBox,
      filters: SceneFilters,
      options: {
        streamed?: boolean;
        signal?: AbortSignal;
        onProgress?: (done: number, total: number) => void;
        /** Each scene's entry as soon as it is computed (in the order scenes finish). */
        onEntry?: (entry: LandsatDataEntry) => void;
      } = {},
    ): Promise<LandsatDataResponse> {
      const selection = selectBands(filters.bands);
      const limit = seriesLimit(options.streamed);
      const searched = await search(boxToBBoxLngLat(box), filters, options.signal, limit);
      const pathRow = pathRowOfSceneBox(box);
      const ownPathRow = (s: LandsatScene) => pathRow !== null && s.wrsPath === pathRow.path && s.wrsRow === pathRow.row;
      let found = searched;
      if (pathRow) {
        // The box search stops at the limit across ten or so path/rows: then ask again at the tile's
        // centre, which only the few path/rows overlapping there cover, for this path/row's whole series.
        const own = searched.truncated ? await search(pointBox(wrs2SceneCenter(pathRow.path, pathRow.row)), filters, options.signal, limit) : searched;
        found = { ...own, scenes: own.scenes.filter(ownPathRow) };
      }
      let done = 0;
      const entries = await mapWithConcurrency(found.scenes, sceneConcurrency, async (scene): Promise<LandsatDataEntry | null> => {
        if (selection.available.length === 0) {
          return { interval: { from: scene.datetime, to: scene.datetime }, scene: summarize(scene), outputs: { data: { bands: {} } } };
        }
        const { present, missing, harmonized } = sceneBands(scene, selection.available, filters.harmonize);
        const assets: ArchiveAssetKey[] = [...present.map((b) => b.read.asset), 'qa_pixel'];
        const window = await readerFor(scene).readBox(box, assets, { maxSize: STATS_MAX_SIDE }, options.signal);
        // A client that left gets no more statistics computed for it (its read may have been shared).
        options.signal?.throwIfAborted();
        options.onProgress?.(++done, found.scenes.length);
        if (window.width === 0 || window.height === 0) return null;
        const classes = classifyPixels(window.dn.qa_pixel!, filters.mask ?? DEFAULT_MASK);
        const bands: Record<string, { stats: BandStatistics }> = {};
        for (const band of present) {
          bands[band.info.id] = { stats: computeBandStatistics(window.dn[band.read.asset]!, band.physical, classes) };
        }
        const day = scene.datetime.slice(0, 10);
        const entry: LandsatDataEntry = {
          interval: { from: `${day}T00:00:00Z`, to: `${day}T23:59:59Z` },
          scene: summarize(scene, harmonized),
          outputs: { data: { bands } },
          grid: { pixelSizeM: Math.round(window.pixelSizeM * 10) / 10, width: window.width, height: window.height, overviewLevel: window.overviewLevel },
          ...(missing ? { missingBands: missing } : {}),
        };
        options.onEntry?.(entry);
        return entry;
      }, options.signal);
      return {
        data: entries.filter((e): e is LandsatDataEntry => e !== null),
        mask: maskToText(filters.mask ?? DEFAULT_MASK),
        truncated: found.truncated,
        limit: found.limit,
        ...coveredDates(found, filters),
        unavailableBands: selection.unavailable,
        synthetic: catalog.synthetic,
        ...(pathRow ? { sceneFilter: { wrsPath: pathRow.path, wrsRow: pathRow.row, excludedScenes: searched.scenes.filter((sc) => !ownPathRow(sc)).length } } : {}),
        ...(found.scenes.length === 0 ? { explanation: await explain(boxToBBoxLngLat(box), filters, options.signal, pathRow) } : {}),
      };
    },

    /** PNG of the 3 x 3 pixels around the point from the most recent qualifying scene, each pixel an 80 px square. */
    async render3x3(lngLat: LngLat, filters: SceneFilters, signal?: AbortSignal): Promise<RenderedImage> {
      const selection = requireBands(filters);
      const found = await search([lngLat[0], lngLat[1], lngLat[0], lngLat[1]], filters, signal);
      // The newest scene may hold fill at the point (footprint edges): fall back to older ones.
      for (const scene of newestFirst(found.scenes).slice(0, 5)) {
        const shown = displayBands(onSensor(selection.available, scene));
        if (shown.length === 0) continue; // e.g. only B01 chosen and a TM scene
        const hood = await readerFor(scene).readNeighborhood(lngLat, [...new Set(shown.map((b) => b.asset))], 1, signal);
        if (hood.dn[shown[0].asset]![1][1] === null) continue;
        const channels: DisplayChannel[] = shown.map((band) => {
          const flat = hood.dn[band.asset]!.flat();
          return { ...FIXED_RANGE[band.unit!], values: flat.map((v) => dnToPhysical(band.asset, v)) };
        });
        const size = 3 * PIXEL_BLOCK_PX;
        return {
          png: renderRgbPng({ width: 3, height: 3, channels: channels.length === 3 ? channels : [channels[0]], outWidth: size, outHeight: size }),
          scene: summarize(scene),
          bands: shown.map((b) => b.id),
          synthetic: catalog.synthetic,
          stretch: `fixed: ${[...new Set(shown.map((b) => (b.unit === 'kelvin' ? '250-320 K' : '0-0.3 reflectance')))].join(', ')}`,
        };
      }
      throw new NoSceneError(
        `No Landsat scene covers (${lngLat[1].toFixed(6)}, ${lngLat[0].toFixed(6)}) ${describeRange(filters)}.`,
        await explain([lngLat[0], lngLat[1], lngLat[0], lngLat[1]], filters, signal),
      );
    },

    /** PNG of the box from the most recent qualifying scene, true aspect, long side 512-1024 px, contrast-stretched. */
    async renderBox(box: BBox, filters: SceneFilters, signal?: AbortSignal): Promise<RenderedImage> {
      const selection = requireBands(filters);
      const found = await search(boxToBBoxLngLat(box), filters, signal);
      // The newest scene that covers the box's centre (a neighbouring path/row may only graze the box).
      // A scene box shows its own path/row's scene, as its statistics do.
      const centre: LngLat = [(box.minLon + box.maxLon) / 2, (box.minLat + box.maxLat) / 2];
      const pathRow = pathRowOfSceneBox(box);
      const newest = newestFirst(found.scenes);
      const scene = (pathRow ? newest.find((s) => s.wrsPath === pathRow.path && s.wrsRow === pathRow.row) : undefined) ?? newest.find((s) => pointInRing(centre, s.footprintLngLat)) ?? newest[0];
      if (!scene) throw new NoSceneError(`No Landsat scene covers this box ${describeRange(filters)}.`, await explain(boxToBBoxLngLat(box), filters, signal, pathRow));
      const shown = displayBands(onSensor(selection.available, scene));
      if (shown.length === 0) throw new NoUsableBandError(`Scene ${scene.id} (${sensorOf(scene.satellite)}) has none of the chosen bands (${filters.bands.join(', ')}).`);
      const window = await readerFor(scene).readBox(box, [...new Set(shown.map((b) => b.asset))], { maxSize: IMAGE_MAX_LONG_SIDE }, signal);
      if (window.width === 0 || window.height === 0) throw new NoSceneError(`Scene ${scene.id} holds no pixels inside this box.`);
      const { png, stretch } = await renderWindowPng(window, shown, { min: IMAGE_MIN_LONG_SIDE, max: IMAGE_MAX_LONG_SIDE });
      return {
        png,
        stretch,
        scene: summarize(scene),
        bands: shown.map((b) => b.id),
        synthetic: catalog.synthetic,
        boundsLngLat: projectedBoundsToLngLat(window.crs, window.boundsProjected),
      };
    },
  };
}
