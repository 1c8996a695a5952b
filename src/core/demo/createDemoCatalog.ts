import { LRUCache } from 'lru-cache';
import type { ArchiveAssetKey } from '../bands/bandCatalog.js';
import type { LngLat } from '../geo/lngLat.js';
import { registerVirtualByteSource } from '../raster/virtualByteSources.js';
import { footprintIntersectsBBox } from '../stac/footprintIntersectsBBox.js';
import type { LandsatScene } from '../stac/landsatScene.js';
import type { SceneCatalog, SceneQuery, SceneSearchResult } from '../stac/sceneCatalog.js';
import { findWrs2Tiles } from '../wrs2/wrs2.js';
import { knowCloudPercentSoon, knowCloudPercents, roundPercent, sceneCloudPercent } from './demoCloudPercents.js';
import { DEMO_HREF_PREFIX, createDemoScene, demoAssetHref, demoAssetKeys, parseDemoSceneId, type DemoScene } from './demoSceneIds.js';
import { openDemoAssetSource } from './demoScenes.js';
import { DEMO_MISSIONS, demoPassesForPathRow } from './demoMissionSchedule.js';
import { pathRowTouchesLand } from '../wrs2/landPathRows.js';
import { preloadLandMask } from '../geo/landMask.js';
import { helpDemoSynthesisOnEventLoop, warmDemoSynthPool } from './demoSynthPool.js';
import { runDemoJob } from './demoJobs.js';
import { ownTurn } from '../ownTurn.js';

export interface DemoCatalogOptions {
  now?: () => Date;
  /**
   * Start a synthesis worker right away (a server: its first Fetch then finds it loaded), not on first
   * use, and let the event loop run waiting synthesis jobs itself while the worker is behind (demoSynthPool.ts).
   */
  warmWorkers?: boolean;
}

/** The demo catalogue: a SceneCatalog whose scenes are computed, plus a lookup by id. */
export interface DemoCatalog extends SceneCatalog {
  readonly name: 'demo';
  readonly synthetic: true;
  /** The scene an id names (null if its mission did not image that path/row that day). */
  sceneById(id: string): LandsatScene | null;
  /** Resolves once the coastline index is loaded (started at creation, in the background). */
  readonly ready: Promise<void>;
  /**
   * Whether a search for a caller that reads its scenes whole (SceneQuery.readsScenesWhole) keeps the
   * cloud fields it built for the scenes it lets through, for their counts (keptCloudFields.ts). On from
   * creation; the server's start-up warm-up switches it off while it runs (main.ts says why).
   */
  keepSearchedFields(on: boolean): void;
}

/** Box queries: WRS-2 lookups on a lattice this fine (degrees) find every path/row the box touches. */
const BOX_LATTICE_DEG = 0.4;
const DAY_MS = 86_400_000;
/** Longest stretch of scene listing a search does before it gives the event loop a turn. */
const LISTING_SLICE_MS = 10;

export { roundPercent };

/**
 * The scene with `cloudCover` computed when first read (then kept by sceneCloudPercent), not before: for
 * searches whose caller does not read it. Same value as toLandsatScene's, in the same place.
 */
function withCloudCoverOnRead(landsatScene: LandsatScene, scene: DemoScene): LandsatScene {
  deferredCloudCover.set(landsatScene, scene);
  return Object.defineProperty(landsatScene, 'cloudCover', { get: () => roundPercent(sceneCloudPercent(scene)), enumerable: true, configurable: true });
}

/** The demo scene behind each scene whose `cloudCover` is computed when read (for `cloudCoverReady`). */
const deferredCloudCover = new WeakMap<LandsatScene, DemoScene>();

/** `cloudCover` as given, else the scene's exact percent (computing it when not yet known). */
export function toLandsatScene(scene: DemoScene, cloudCover?: number): LandsatScene {
  const assets: Partial<Record<ArchiveAssetKey, string>> = {};
  for (const key of demoAssetKeys(scene.satellite)) assets[key] = demoAssetHref(scene.id, key);
  const g = scene.grid;
  return {
    id: scene.id,
    satellite: scene.satellite,
    datetime: scene.datetime.toISOString(),
    wrsPath: g.path,
    wrsRow: g.row,
    cloudCover: cloudCover ?? roundPercent(sceneCloudPercent(scene)),
    // Cloud over land alone would need every pixel: not computed rather than invented.
    landCloudCover: null,
    sunElevation: scene.sunElevationDeg,
    sunAzimuth: scene.sunAzimuthDeg,
    processingLevel: 'L2SP',
    collectionCategory: 'T1',
    epsg: g.epsg,
    footprintLngLat: g.footprintLngLat.map((p) => [p[0], p[1]] as LngLat),
    bboxLngLat: [...g.bboxLngLat],
    assets,
    synthetic: true,
  };
}

/** Path/rows whose footprint meets the box (a point is a degenerate box). */
function pathRowsForBox(bbox: [number, number, number, number]): Array<{ path: number; row: number }> {
  const [minLon, minLat, maxLon, maxLat] = bbox;
  const found = new Map<number, { path: number; row: number; polygon: LngLat[] }>();
  const nx = Math.max(1, Math.ceil((maxLon - minLon) / BOX_LATTICE_DEG));
  const ny = Math.max(1, Math.ceil((maxLat - minLat) / BOX_LATTICE_DEG));
  for (let j = 0; j <= ny; j++) {
    for (let i = 0; i <= nx; i++) {
      for (const t of findWrs2Tiles([minLon + ((maxLon - minLon) * i) / nx, minLat + ((maxLat - minLat) * j) / ny])) {
        found.set(t.path * 1000 + t.row, { path: t.path, row: t.row, polygon: t.polygonLngLat });
      }
    }
  }
  return [...found.values()].filter((t) => footprintIntersectsBBox(t.polygon, bbox));
}

/**
 * The synthetic demo archive for the whole Earth: every daytime WRS-2 path/row with land or coast, on
 * the schedule of Landsat 4, 5 (TM), 7 (ETM+), 8 and 9 (OLI/TIRS), each within its operating dates up
 * to now (demoMissionSchedule.ts), from 1982 on. A search computes only the passes inside its dates
 * (path/row by box, then 16-day arithmetic), so 40 years of archive cost a one-year search nothing.
 * Scenes are computed from
 * their ids; rasters are virtual GeoTIFFs synthesized tile by tile when read (demoScenes.ts), so the
 * archive needs no disk and no pre-generation.
 */
export function createDemoCatalog(opts: DemoCatalogOptions = {}): DemoCatalog {
  const now = opts.now ?? (() => new Date());
  registerVirtualByteSource('demo', openDemoAssetSource);
  // Index the Natural Earth polygons right after start rather than in the first person's request.
  const ready = new Promise<void>((resolve) => setImmediate(() => {
    preloadLandMask();
    resolve();
  }));
  // A worker that fails to start here is started again on first use (demoSynthPool.ts).
  if (opts.warmWorkers) {
    helpDemoSynthesisOnEventLoop((payload) => runDemoJob(payload).result);
    void warmDemoSynthPool().catch(() => undefined);
  }

  /** The query's dates as the schedule takes them: from the start day's midnight to the end of the end day, never past now. */
  function searchDates(query: Pick<SceneQuery, 'startDate' | 'endDate'>): { start: Date; end: Date } {
    return { start: new Date(`${query.startDate}T00:00:00Z`), end: new Date(Math.min(Date.parse(`${query.endDate}T00:00:00Z`) + 86_400_000, now().getTime())) };
  }

  // The candidate lists of recent searches (box, dates): listing the passes of a 0.5 degree box over
  // 13 years builds ~1,900 scenes in one block of 10-20 ms, which clients opening and leaving the same
  // series over and over (issue 27's churn) paid on every request.
  const candidateLists = new LRUCache<string, DemoScene[]>({ max: 16 });
  /** Listings under way, by key (listCandidatesInSlices). */
  const pendingLists = new Map<string, Promise<void>>();

  /** The candidate list's cache key and end (up to the end of today at most, so the key stays the same all day; passes still to come today are left out by scenesFor). */
  function candidateKey(query: SceneQuery): { key: string; endMs: number } {
    const endMs = Math.min(Date.parse(`${query.endDate}T00:00:00Z`) + DAY_MS, (Math.floor(now().getTime() / DAY_MS) + 1) * DAY_MS);
    return { key: `${query.bboxLngLat.join(',')}|${query.startDate}|${endMs}`, endMs };
  }

  /** Every pass of the box's path/rows in the dates, one scene at a time (so that a caller can stop between them). */
  function* candidateScenes(query: SceneQuery, endMs: number): Generator<DemoScene> {
    const start = new Date(`${query.startDate}T00:00:00Z`);
    for (const { path, row } of pathRowsForBox(query.bboxLngLat)) {
      if (!pathRowTouchesLand(path, row)) continue;
      for (const satellite of DEMO_MISSIONS) {
        for (const datetime of demoPassesForPathRow(satellite, path, row, start, new Date(endMs))) yield createDemoScene(satellite, path, row, datetime);
      }
    }
  }

  /** Newest first, so that a small limit computes the cloud cover of few scenes. */
  const newestFirst = (scenes: DemoScene[]) => scenes.sort((a, b) => b.datetime.getTime() - a.datetime.getTime() || a.id.localeCompare(b.id));

  /**
   * Lists the query's candidates into the cache in slices of at most ~10 ms, a turn of the event loop
   * between them, and stops once `signal` aborts. The whole record over a path/row is 1,800-3,700
   * scenes, 60-80 ms of CPU and its garbage in one block when listed at once: under issue 33's churn
   * (four 40-year streams opened together) the longest turns of the loop were such listings, 100-120 ms
   * each, and /api/health waited for them (CPU profile of the churn rounds, 2026-11-25).
   */
  async function listCandidatesInSlices(query: SceneQuery): Promise<void> {
    const { key, endMs } = candidateKey(query);
    if (candidateLists.has(key)) return;
    // A search of the same box already listing (a Fetch's image and pixel series ask for the same point
    // together): wait for its list rather than build it a second time on the same event loop.
    const pending = pendingLists.get(key);
    if (pending) {
      // A listing stopped by its own client's leaving is done again here.
      await pending.catch(() => undefined);
      if (candidateLists.has(key)) return;
      query.signal?.throwIfAborted();
    }
    const listing = listCandidates(query, key, endMs);
    pendingLists.set(key, listing);
    try {
      await listing;
    } finally {
      if (pendingLists.get(key) === listing) pendingLists.delete(key);
    }
  }

  async function listCandidates(query: SceneQuery, key: string, endMs: number): Promise<void> {
    const scenes: DemoScene[] = [];
    let sliceStart = performance.now();
    for (const scene of candidateScenes(query, endMs)) {
      scenes.push(scene);
      if (performance.now() - sliceStart > LISTING_SLICE_MS) {
        await ownTurn();
        query.signal?.throwIfAborted();
        sliceStart = performance.now();
      }
    }
    // Another search of the same box may have listed it meanwhile: the same scenes either way.
    if (!candidateLists.has(key)) candidateLists.set(key, newestFirst(scenes));
  }

  function scenesFor(query: SceneQuery): DemoScene[] {
    const nowMs = now().getTime();
    const { key, endMs } = candidateKey(query);
    let listed = candidateLists.get(key);
    if (!listed) {
      listed = newestFirst([...candidateScenes(query, endMs)]);
      candidateLists.set(key, listed);
    }
    const firstPast = listed.findIndex((s) => s.datetime.getTime() < nowMs);
    return firstPast === -1 ? [] : firstPast === 0 ? listed : listed.slice(firstPast);
  }

  let keepsFields = true;

  return {
    name: 'demo',
    synthetic: true,
    ready,
    keepSearchedFields(on) {
      keepsFields = on;
    },
    async countScenesByPathRow(query) {
      query.signal?.throwIfAborted();
      const { start, end } = searchDates(query);
      return pathRowsForBox(query.bboxLngLat)
        .filter(({ path, row }) => pathRowTouchesLand(path, row))
        .map(({ path, row }) => ({ wrsPath: path, wrsRow: row, scenes: DEMO_MISSIONS.reduce((n, satellite) => n + demoPassesForPathRow(satellite, path, row, start, end).length, 0) }));
    },
    async cloudCoverReady(scene, signal, needed) {
      const demoScene = deferredCloudCover.get(scene);
      if (!demoScene) return;
      signal?.throwIfAborted();
      await knowCloudPercentSoon(demoScene, signal, needed);
    },
    sceneById(id) {
      const scene = parseDemoSceneId(id);
      return scene && scene.datetime.getTime() <= now().getTime() ? toLandsatScene(scene) : null;
    },
    async search(query: SceneQuery): Promise<SceneSearchResult> {
      query.signal?.throwIfAborted();
      await listCandidatesInSlices(query);
      const limit = Math.max(0, Math.floor(query.limit));
      const matches: LandsatScene[] = [];
      let truncated = false;
      const candidates = scenesFor(query);
      // A scene's percent is at most 100, so at 100 the filter keeps every scene: a caller that reads
      // `cloudCover` spread over its work or never (SceneQuery.cloudCoverOnRead) gets scenes that compute
      // it when read. The scene box's 40-year record is 1,842 scenes, ~0.35 ms of cloud field each:
      // computed before the search answered, they held the first progress line back by a second.
      const percentsNeeded = !(query.cloudCoverOnRead && query.maxCloudCover >= 100);
      // How many candidates there are, as soon as they are listed ("cloud cover checked for 0 of 1,842"):
      // the 40-year record's first chunk of percents came ~0.5 s later, with the image's and the pixel
      // series' searches computing theirs beside it.
      if (percentsNeeded && candidates.length > 0) query.onSearchProgress?.(0, candidates.length);
      // Cloud percents in chunks, computed in a worker (knowCloudPercents): the event loop only waits.
      // The first chunk is small, so that a small limit (the newest scene) computes few.
      search: for (let at = 0, size = 16; at < candidates.length; at += size, size = 128) {
        const chunk = candidates.slice(at, at + size);
        if (percentsNeeded) {
          await knowCloudPercents(chunk, query.readsScenesWhole && keepsFields ? query.maxCloudCover : undefined);
          query.onSearchProgress?.(at + chunk.length, candidates.length);
        }
        // A turn of the event loop between chunks, whichever thread computed them (a client that left stops it here).
        await ownTurn();
        query.signal?.throwIfAborted();
        for (const scene of chunk) {
          if (percentsNeeded && roundPercent(sceneCloudPercent(scene)) > query.maxCloudCover) continue;
          if (matches.length === limit) {
            truncated = true;
            break search;
          }
          matches.push(percentsNeeded ? toLandsatScene(scene) : withCloudCoverOnRead(toLandsatScene(scene, 0), scene));
        }
      }
      query.signal?.throwIfAborted();
      return { scenes: matches.reverse(), truncated, limit };
    },
    async resolveAssetHref(href: string, signal?: AbortSignal): Promise<string> {
      signal?.throwIfAborted();
      if (!href.startsWith(DEMO_HREF_PREFIX)) throw new Error(`not an asset of the synthetic demo archive: ${href}`);
      return href;
    },
  };
}
