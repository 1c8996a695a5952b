import { ExplainedError } from '../explainedError.js';
import type { ArchiveAssetKey, BandUnit } from '../bands/bandCatalog.js';
import { sensorOf } from '../bands/missions.js';
import { emptyReason, onSensor, sceneBands } from './sceneBands.js';
import type { BBox, LngLat } from '../geo/lngLat.js';
import type { BlockCache } from '../raster/blockCache.js';
import type { ByteSource } from '../raster/byteSource.js';
import { explainEmptyAnswer, type EmptyAnswerExplanation } from './explainEmptyAnswer.js';
import { pointInRing } from '../geo/pointInRing.js';
import { pathRowOfSceneBox } from '../wrs2/sceneBoxPathRow.js';
import { wrs2SceneCenter } from '../wrs2/wrs2.js';
import { createSceneReader, type SceneReader } from '../raster/sceneReader.js';
import { decodeQaPixel } from '../raster/qaFlags.js';
import { DEFAULT_MASK, isClearPixel, isImaged, maskBits, maskToText } from '../raster/clearPixel.js';
import { dnToPhysical } from '../raster/scaling.js';
import type { LandsatScene } from '../stac/landsatScene.js';
import type { SceneCatalog, SceneSearchResult } from '../stac/sceneCatalog.js';
import { displayBands, selectBands, type BandSelection } from './bandSelection.js';
import { statisticsOfCounts, windowStatistics, type BandStatistics } from './statistics.js';
import { renderRgbPng, type DisplayChannel } from './renderRgbPng.js';
import { renderWindowPng } from './renderWindowPng.js';
import { coveredDates } from './coveredDates.js';
import { geometricRmseM, pixelFootprints } from './pixelFootprints.js';
import { mapWithConcurrency } from './mapWithConcurrency.js';
import { createPixelSceneMemo } from './pixelSceneMemo.js';
import { createBoxStatisticsMemo } from './boxStatisticsMemo.js';
import { createCentrePixelReader } from './centrePixels.js';
import proj4 from 'proj4';
import { projDefinitionForEpsg, type ProjectedBounds } from '../raster/sceneGrid.js';
import type { LandsatDataEntry, LandsatDataResponse, PixelBand, PixelResponse, PixelScene, RenderedImage, SceneFilters, SceneSummary } from './landsatResults.js';
import { statisticsMaxSide } from '../../shared/statisticsGrid.js';

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
/**
 * Files a pixel series reads at once (bands x scenes): each is two round trips (header, then a prefix
 * of one tile), so a cold series takes about 2 x latency x files / this; 128 keeps a 40-year record of
 * three bands near 2 s behind 30 ms, while holding at most ~40 MB of tile prefixes.
 */
const POINT_READS_IN_FLIGHT = 128;
const IMAGE_MIN_LONG_SIDE = 512;
const IMAGE_MAX_LONG_SIDE = 1024;
/** An overview with at least this many pixels across is drawn as is: a whole scene then reads the factor-8 overview (972 px), a quarter of the factor-4 one's tiles. */
const IMAGE_OVERVIEW_MIN_SIDE = 900;

/** A QA_PIXEL DN read from the file: null or the file's nodata 0 (outside the raster) is not imaged, like fill. */
const imagedQa = (qa: number | null): qa is number => qa !== null && qa !== 0 && isImaged(qa);

/** `cloudCover` given: that value, and the scene's own is not read (a pixel series fills it in later). */
const summarize = (s: LandsatScene, harmonized?: 'roy2016-rma', cloudCover?: number): SceneSummary => ({
  id: s.id,
  satellite: s.satellite,
  sensor: sensorOf(s.satellite),
  datetime: s.datetime,
  wrsPath: s.wrsPath,
  wrsRow: s.wrsRow,
  cloudCover: cloudCover ?? s.cloudCover,
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

/** Scenes the 3 x 3 image tries, newest first, before saying the point holds no value (footprint edges, Landsat 7's gaps). */
const IMAGE_FALLBACK_SCENES = 5;

export function createLandsatService({ catalog, cache, maxScenes, maxScenesStreamed = maxScenes, sceneConcurrency = 8, openSource }: LandsatServiceOptions) {
  // Streamed calls report progress, so a person can wait for a long series (the whole 8/9 record).
  const seriesLimit = (streamed?: boolean) => (streamed ? Math.max(maxScenes, maxScenesStreamed) : maxScenes);
  const pixelParts = createPixelSceneMemo();
  const boxEntries = createBoxStatisticsMemo();
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

  async function search(
    bboxLngLat: [number, number, number, number],
    filters: SceneFilters,
    signal?: AbortSignal,
    limit = maxScenes,
    opts: { onSearchProgress?: (checked: number, candidates: number) => void; cloudCoverOnRead?: boolean; readsScenesWhole?: boolean } = {},
  ): Promise<SceneSearchResult> {
    const found = await catalog.search({
      bboxLngLat,
      startDate: filters.startDate,
      endDate: filters.endDate,
      maxCloudCover: filters.cloudCoverage,
      limit,
      signal,
      ...(opts.onSearchProgress ? { onSearchProgress: opts.onSearchProgress } : {}),
      ...(opts.cloudCoverOnRead ? { cloudCoverOnRead: true } : {}),
      ...(opts.readsScenesWhole ? { readsScenesWhole: true } : {}),
    });
    return filters.sceneId ? { ...found, scenes: found.scenes.filter((s) => s.id === filters.sceneId) } : found;
  }

  /**
   * Scenes of path/rows other than `pathRow` that touch the box in the dates, whatever their cloud cover:
   * what a scene box's statistics leave out. Counted from the catalogue's schedule where it has one.
   */
  async function countNeighbourScenes(bboxLngLat: [number, number, number, number], pathRow: { path: number; row: number }, filters: SceneFilters, signal: AbortSignal | undefined, limit: number): Promise<number> {
    const isOwn = (path: number, row: number) => path === pathRow.path && row === pathRow.row;
    if (catalog.countScenesByPathRow) {
      const counts = await catalog.countScenesByPathRow({ bboxLngLat, startDate: filters.startDate, endDate: filters.endDate, signal });
      return counts.reduce((n, c) => n + (isOwn(c.wrsPath, c.wrsRow) ? 0 : c.scenes), 0);
    }
    const all = await search(bboxLngLat, { ...filters, cloudCoverage: 100 }, signal, limit);
    return all.scenes.filter((s) => !isOwn(s.wrsPath, s.wrsRow)).length;
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

    /** The point's own pixel in every qualifying scene: values and QA only (centrePixels.ts), for change detection. */
    readCentrePixels: createCentrePixelReader({ search, readerFor, requireBands, seriesLimit, readsInFlight: POINT_READS_IN_FLIGHT, sceneConcurrency, synthetic: catalog.synthetic }),

    /** The 3 x 3 pixels around the point in every qualifying scene (or the latest only), in physical units with QA flags. */
    async readPixels(
      lngLat: LngLat,
      filters: SceneFilters,
      options: {
        latest?: boolean;
        streamed?: boolean;
        signal?: AbortSignal;
        onProgress?: (done: number, total: number) => void;
        /** The search so far (candidates whose cloud cover is checked), before the scenes are known. */
        onSearching?: (checked: number, candidates: number) => void;
      } = {},
    ): Promise<PixelResponse> {
      const { available, unavailable } = requireBands(filters);
      // Each scene's cloud cover is made ready beside its read (cloudCoverReady), not all in the search:
      // the demo computed 3,684 percents before a 40-year series' first read, half of them in the
      // synthesis worker that a scene-box series beside it waits for (docs/performance.md, eighth round).
      const found = await search([lngLat[0], lngLat[1], lngLat[0], lngLat[1]], filters, options.signal, options.latest ? 1 : seriesLimit(options.streamed), { onSearchProgress: options.onSearching, cloudCoverOnRead: true });
      const scenes = options.latest ? found.scenes.slice(-1) : found.scenes;
      let done = 0;
      if (scenes.length > 0) options.onProgress?.(0, scenes.length);
      // A scene's point reads are a few small ranges each: enough scenes at once to keep POINT_READS_IN_FLIGHT reads going.
      const concurrency = Math.max(sceneConcurrency, Math.floor(POINT_READS_IN_FLIGHT / (available.length + 1)));
      const mask = filters.mask ?? DEFAULT_MASK;
      const parts = pixelParts.partsOf(lngLat, available.map((b) => b.id), mask, filters.harmonize);
      // Cloud covers the catalogue makes ready as the scenes are read (cloudCoverReady), filled in once
      // every read is done: until then the demo may wait for a scene-box series beside this one to bring
      // a percent its worker builds anyway. `needNow` says the reads are done (or failed).
      let needNow!: () => void;
      const needed = new Promise<void>((resolve) => (needNow = resolve));
      const coversLater: { scene: LandsatScene; part: PixelScene; ready: Promise<void> }[] = [];
      const read = await mapWithConcurrency(scenes, concurrency, async (scene): Promise<PixelScene> => {
        const known = parts.get(scene.id);
        if (known) {
          options.onProgress?.(++done, scenes.length);
          return known;
        }
        const { present, missing, harmonized } = sceneBands(scene, available, filters.harmonize);
        const assets: ArchiveAssetKey[] = [...present.map((b) => b.read.asset), 'qa_pixel'];
        const coverReady = catalog.cloudCoverReady?.(scene, options.signal, needed);
        // Awaited below, after every read; a request that fails first leaves it unread.
        coverReady?.catch(() => undefined);
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
        const why = emptyReason(scene, isFill(1, 1));
        const part: PixelScene = {
          // A cloud cover still being made ready is filled in below (0 holds its place in the keys' order).
          ...summarize(scene, harmonized, coverReady ? 0 : undefined),
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
        if (coverReady) coversLater.push({ scene, part, ready: coverReady });
        else parts.add(scene.id, part);
        return part;
      }, options.signal).finally(needNow);
      await Promise.all(coversLater.map((c) => c.ready));
      options.signal?.throwIfAborted();
      for (const { scene, part } of coversLater) {
        part.cloudCover = scene.cloudCover;
        parts.add(scene.id, part);
      }
      parts.keep();
      return {
        target: { lat: lngLat[1], lon: lngLat[0] },
        scenes: read,
        mask: maskToText(mask),
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
        /** The search so far (candidates whose cloud cover is checked), before the scenes are known. */
        onSearching?: (checked: number, candidates: number) => void;
        /** Each scene's entry as soon as it is computed (in the order scenes finish). */
        onEntry?: (entry: LandsatDataEntry) => void;
      } = {},
    ): Promise<LandsatDataResponse> {
      const selection = selectBands(filters.bands);
      const limit = seriesLimit(options.streamed);
      const pathRow = pathRowOfSceneBox(box);
      const ownPathRow = (s: LandsatScene) => pathRow !== null && s.wrsPath === pathRow.path && s.wrsRow === pathRow.row;
      let found: SceneSearchResult;
      let excludedScenes = 0;
      if (pathRow) {
        // Every scene of the box's own path/row covers the tile's centre, which only the few path/rows
        // overlapping there cover: the search there finds them without examining the ten or so that touch
        // the box (the demo would compute each one's cloud cover). Those are only counted, as left out.
        const [own, excluded] = await Promise.all([
          // Each scene is summarized as its statistics finish: its cloud cover is computed then (cloudCoverOnRead).
          search(pointBox(wrs2SceneCenter(pathRow.path, pathRow.row)), filters, options.signal, limit, { onSearchProgress: options.onSearching, cloudCoverOnRead: true, readsScenesWhole: true }),
          countNeighbourScenes(boxToBBoxLngLat(box), pathRow, filters, options.signal, limit),
        ]);
        found = { ...own, scenes: own.scenes.filter(ownPathRow) };
        excludedScenes = excluded;
      } else {
        found = await search(boxToBBoxLngLat(box), filters, options.signal, limit, { onSearchProgress: options.onSearching, cloudCoverOnRead: true, readsScenesWhole: true });
      }
      let done = 0;
      // The count as soon as it is known ("0 of 1,842"), not with the first scene read: that waits for
      // a worker the image goes first to (the series lane, workLane.ts).
      if (found.scenes.length > 0) options.onProgress?.(0, found.scenes.length);
      // Statistics are read on at most this many pixels a side (an overview for a large box; coarser for a long series: statisticsGrid.ts).
      const maxSide = statisticsMaxSide(found.scenes.length);
      const known = boxEntries.entriesOf(box, selection.available.map((b) => b.id), filters.mask ?? DEFAULT_MASK, filters.harmonize, maxSide);
      const entries = await mapWithConcurrency(found.scenes, sceneConcurrency, async (scene): Promise<LandsatDataEntry | null> => {
        const kept = known.get(scene.id);
        if (kept) {
          options.onProgress?.(++done, found.scenes.length);
          options.onEntry?.(kept);
          return kept;
        }
        if (selection.available.length === 0) {
          return { interval: { from: scene.datetime, to: scene.datetime }, scene: summarize(scene), outputs: { data: { bands: {} } } };
        }
        const { present, missing, harmonized } = sceneBands(scene, selection.available, filters.harmonize);
        const mask = filters.mask ?? DEFAULT_MASK;
        const reader = readerFor(scene);
        const read = { maxSize: maxSide, keepWindow: false };
        // A computed scene (the demo) counts its pixels where it makes them: only counts cross threads.
        const counted = await reader.countBox(box, present.map((b) => b.read.asset), read, maskBits(mask), options.signal);
        // Not kept in the block cache: 1,842 scenes' windows (~1.4 GB over a 40-year record) only pushed out
        // other requests' headers and windows; a repeat is answered from the kept statistics instead.
        const window = counted ?? (await reader.readBox(box, [...present.map((b) => b.read.asset), 'qa_pixel'], read, options.signal));
        // A client that left gets no more statistics computed for it (its read may have been shared).
        options.signal?.throwIfAborted();
        options.onProgress?.(++done, found.scenes.length);
        if (window.width === 0 || window.height === 0) return null;
        const physical = present.map((band) => band.physical);
        const stats =
          'counts' in window
            ? await statisticsOfCounts(window.counts, physical)
            : await windowStatistics(window.dn.qa_pixel!, present.map((band, i) => ({ dn: window.dn[band.read.asset]!, physical: physical[i] })), mask);
        options.signal?.throwIfAborted();
        const bands: Record<string, { stats: BandStatistics }> = {};
        present.forEach((band, i) => (bands[band.info.id] = { stats: stats[i] }));
        const day = scene.datetime.slice(0, 10);
        const entry: LandsatDataEntry = {
          interval: { from: `${day}T00:00:00Z`, to: `${day}T23:59:59Z` },
          scene: summarize(scene, harmonized),
          outputs: { data: { bands } },
          grid: { pixelSizeM: Math.round(window.pixelSizeM * 10) / 10, width: window.width, height: window.height, overviewLevel: window.overviewLevel, maxSide },
          ...(missing ? { missingBands: missing } : {}),
        };
        known.add(scene.id, entry);
        options.onEntry?.(entry);
        return entry;
      }, options.signal).finally(known.keep);
      return {
        data: entries.filter((e): e is LandsatDataEntry => e !== null),
        mask: maskToText(filters.mask ?? DEFAULT_MASK),
        truncated: found.truncated,
        limit: found.limit,
        ...coveredDates(found, filters),
        unavailableBands: selection.unavailable,
        synthetic: catalog.synthetic,
        ...(pathRow ? { sceneFilter: { wrsPath: pathRow.path, wrsRow: pathRow.row, excludedScenes } } : {}),
        ...(found.scenes.length === 0 ? { explanation: await explain(boxToBBoxLngLat(box), filters, options.signal, pathRow) } : {}),
      };
    },

    /** PNG of the 3 x 3 pixels around the point from the most recent qualifying scene, each pixel an 80 px square. */
    async render3x3(lngLat: LngLat, filters: SceneFilters, signal?: AbortSignal): Promise<RenderedImage> {
      const selection = requireBands(filters);
      // Only the newest few are looked at: a search limited to them computes the cloud cover of those
      // alone (the demo's search below 100 % cloud computed all 3,684 of a 40-year record at the
      // default point, ~2 s of CPU beside the statistics stream; every catalogue keeps the most recent).
      const found = await search([lngLat[0], lngLat[1], lngLat[0], lngLat[1]], filters, signal, IMAGE_FALLBACK_SCENES);
      // The newest scene may hold fill at the point (footprint edges): fall back to older ones.
      let emptyHere: LandsatScene | null = null;
      for (const scene of newestFirst(found.scenes).slice(0, IMAGE_FALLBACK_SCENES)) {
        const shown = displayBands(onSensor(selection.available, scene));
        if (shown.length === 0) continue; // e.g. only B01 chosen and a TM scene
        const hood = await readerFor(scene).readNeighborhood(lngLat, [...new Set(shown.map((b) => b.asset))], 1, signal);
        if (hood.dn[shown[0].asset]![1][1] === null) {
          emptyHere ??= scene;
          continue;
        }
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
      if (emptyHere) {
        // Scenes cover the point but hold no value there (e.g. a Landsat 7 scan-line gap): say so, not "no scene".
        throw new NoSceneError(`No image of (${lngLat[1].toFixed(6)}, ${lngLat[0].toFixed(6)}): scene ${emptyHere.id} holds no value at this pixel. ${emptyReason(emptyHere, true)}`);
      }
      throw new NoSceneError(
        `No Landsat scene covers (${lngLat[1].toFixed(6)}, ${lngLat[0].toFixed(6)}) ${describeRange(filters)}.`,
        await explain([lngLat[0], lngLat[1], lngLat[0], lngLat[1]], filters, signal),
      );
    },

    /** PNG of the box from the most recent qualifying scene, true aspect, long side 512-1024 px, contrast-stretched. */
    async renderBox(box: BBox, filters: SceneFilters, signal?: AbortSignal): Promise<RenderedImage> {
      const selection = requireBands(filters);
      // The newest scene that covers the box's centre (a neighbouring path/row may only graze the box).
      // A scene box shows its own path/row's scene, as its statistics do: searched at the tile's centre
      // first, which its scenes all cover (not the ten or so path/rows touching the box).
      const centre: LngLat = [(box.minLon + box.maxLon) / 2, (box.minLat + box.maxLat) / 2];
      const pathRow = pathRowOfSceneBox(box);
      const atCentre = pathRow ? newestFirst((await search(pointBox(wrs2SceneCenter(pathRow.path, pathRow.row)), filters, signal)).scenes) : [];
      const own = atCentre.find((s) => pathRow !== null && s.wrsPath === pathRow.path && s.wrsRow === pathRow.row);
      const newest = own ? [] : newestFirst((await search(boxToBBoxLngLat(box), filters, signal)).scenes);
      const scene = own ?? newest.find((s) => pointInRing(centre, s.footprintLngLat)) ?? newest[0];
      if (!scene) throw new NoSceneError(`No Landsat scene covers this box ${describeRange(filters)}.`, await explain(boxToBBoxLngLat(box), filters, signal, pathRow));
      const shown = displayBands(onSensor(selection.available, scene));
      if (shown.length === 0) throw new NoUsableBandError(`Scene ${scene.id} (${sensorOf(scene.satellite)}) has none of the chosen bands (${filters.bands.join(', ')}).`);
      // QA_PIXEL too: the stretch is taken over the clear pixels, so a partly cloudy scene shows its ground.
      const window = await readerFor(scene).readBox(box, [...new Set([...shown.map((b) => b.asset), 'qa_pixel' as const])], { maxSize: IMAGE_MAX_LONG_SIDE, minSize: IMAGE_OVERVIEW_MIN_SIDE }, signal);
      if (window.width === 0 || window.height === 0) throw new NoSceneError(`Scene ${scene.id} holds no pixels inside this box.`);
      const qa = window.dn.qa_pixel;
      const { png, stretch } = await renderWindowPng(window, shown, { min: IMAGE_MIN_LONG_SIDE, max: IMAGE_MAX_LONG_SIDE }, qa ? { qa, mask: filters.mask ?? DEFAULT_MASK } : undefined);
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
