import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { AssetKey } from '../bands/bandCatalog.js';
import type { LandsatScene } from '../stac/landsatScene.js';
import type { SceneCatalog, SceneQuery, SceneSearchResult } from '../stac/sceneCatalog.js';
import { footprintIntersectsBBox } from '../stac/footprintIntersectsBBox.js';
import type { LngLat } from '../geo/lngLat.js';
import { createDemoSchedule, type DemoScenePlan } from './demoSchedule.js';
import { createDemoStacItem, DEMO_ASSET_FILE_SUFFIX, DEMO_ASSET_KEYS, DEMO_GENERATOR_VERSION, roundPercent } from './demoStacItem.js';
import { writeGeoTiff } from './geotiffWriter.js';
import { createLandCoverMap, type LandCoverMap } from './landCover.js';
import { createSceneSky } from './sceneSky.js';
import { synthesizeScene } from './sceneSynth.js';
import type { DemoPlace } from './demoPlaces.js';

export interface DemoCatalogOptions {
  /** Folder the rasters and item JSON are generated into (created on demand). */
  dir: string;
  now?: () => Date;
  /** Only for tests: a subset of DEMO_PLACES. */
  places?: readonly DemoPlace[];
  /** Writes a scene's files elsewhere (a worker thread, see createDemoWorker); default: on this thread. */
  writeSceneFiles?: (sceneId: string) => Promise<void>;
}

/** The demo catalogue plus what the generator script needs. */
export interface DemoCatalog extends SceneCatalog {
  readonly name: 'demo';
  readonly synthetic: true;
  /** Every scene up to now, oldest first, with its cloud cover (computed on the way). */
  listScenes(): LandsatScene[];
  /** Writes a scene's 9 GeoTIFFs and its item JSON unless they exist; returns the folder. */
  generateScene(sceneId: string): Promise<string>;
}

interface Cover {
  cloudPercent: number;
  landCloudPercent: number | null;
}

const SCHEDULE_REFRESH_MS = 3_600_000;
const OVERVIEW_FACTORS = [2, 4];

/**
 * The synthetic demo archive as a SceneCatalog. Items exist in memory from the start (their cloud cover is
 * computed from the same seeded cloud field the QA band will carry); the GeoTIFFs are written lazily, on
 * the first resolveAssetHref of a scene, so a fresh machine without internet shows the product at once.
 */
export async function createDemoCatalog(opts: DemoCatalogOptions): Promise<DemoCatalog> {
  const dir = resolve(opts.dir);
  const now = opts.now ?? (() => new Date());
  let plans: DemoScenePlan[] = [];
  let plansAt = -Infinity;
  const plansById = new Map<string, DemoScenePlan>();
  const planByHref = new Map<string, DemoScenePlan>();
  const landCovers = new Map<string, LandCoverMap>();
  const covers = new Map<string, Cover>();
  const generating = new Map<string, Promise<string>>();

  const sceneDir = (id: string) => join(dir, id);
  const assetPath = (id: string, key: AssetKey) => join(sceneDir(id), `${id}_${DEMO_ASSET_FILE_SUFFIX[key]}.TIF`);

  function currentPlans(): DemoScenePlan[] {
    const t = now().getTime();
    if (t - plansAt > SCHEDULE_REFRESH_MS || t < plansAt) {
      plans = createDemoSchedule(new Date(t), opts.places);
      plansAt = t;
      for (const plan of plans) {
        if (plansById.has(plan.id)) continue;
        plansById.set(plan.id, plan);
        for (const key of DEMO_ASSET_KEYS) planByHref.set(assetPath(plan.id, key), plan);
      }
    }
    return plans;
  }

  function landCoverOf(plan: DemoScenePlan): LandCoverMap {
    let map = landCovers.get(plan.windowKey);
    if (!map) {
      map = createLandCoverMap(plan.place, plan.window, plan.sceneFootprintLngLat);
      landCovers.set(plan.windowKey, map);
    }
    return map;
  }

  function coverOf(plan: DemoScenePlan): Cover {
    let cover = covers.get(plan.id);
    if (!cover) {
      const sky = createSceneSky(plan, landCoverOf(plan), { coverOnly: true });
      cover = { cloudPercent: sky.cloudPercent, landCloudPercent: sky.landCloudPercent };
      covers.set(plan.id, cover);
    }
    return cover;
  }

  function toScene(plan: DemoScenePlan): LandsatScene {
    const cover = coverOf(plan);
    const assets: Partial<Record<AssetKey, string>> = {};
    for (const key of DEMO_ASSET_KEYS) assets[key] = assetPath(plan.id, key);
    return {
      id: plan.id,
      satellite: plan.satellite,
      datetime: plan.datetime.toISOString(),
      wrsPath: plan.wrsPath,
      wrsRow: plan.wrsRow,
      cloudCover: roundPercent(cover.cloudPercent),
      landCloudCover: cover.landCloudPercent === null ? null : roundPercent(cover.landCloudPercent),
      sunElevation: plan.sunElevationDeg,
      sunAzimuth: plan.sunAzimuthDeg,
      processingLevel: 'L2SP',
      collectionCategory: 'T1',
      epsg: plan.window.epsg,
      footprintLngLat: plan.window.footprintLngLat.map((p) => [p[0], p[1]] as LngLat),
      bboxLngLat: [...plan.window.bboxLngLat],
      assets,
      synthetic: true,
    };
  }

  async function writeScene(plan: DemoScenePlan): Promise<string> {
    const folder = sceneDir(plan.id);
    const itemPath = join(folder, `${plan.id}.json`);
    // The item JSON is written last, so its presence means the scene is complete; files of an older
    // generator are regenerated so that a changed model never mixes with stale rasters.
    if ((await readGeneratorVersion(itemPath)) === DEMO_GENERATOR_VERSION) return folder;
    await mkdir(folder, { recursive: true });
    const landCover = landCoverOf(plan);
    const sky = createSceneSky(plan, landCover);
    const bands = synthesizeScene(plan, landCover, sky);
    const w = plan.window;
    const tmpTag = `.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`;
    for (const key of DEMO_ASSET_KEYS) {
      const isQa = key === 'qa_pixel';
      const tiff = writeGeoTiff({
        width: w.width, height: w.height, data: bands[key], tileSize: 256, overviewFactors: OVERVIEW_FACTORS,
        resampling: isQa ? 'nearest' : 'average', epsg: w.epsg, originX: w.originX, originY: w.originY,
        pixelSizeM: w.pixelSizeM, nodata: isQa ? 1 : 0, compression: 'deflate',
        description: `SYNTHETIC ${plan.id} ${DEMO_ASSET_FILE_SUFFIX[key]}: generated demo data, not a real Landsat acquisition`,
      });
      const file = assetPath(plan.id, key);
      await writeFile(file + tmpTag, tiff);
      await rename(file + tmpTag, file);
      // Let other requests run between bands: generation is CPU work on the server's thread.
      await new Promise((r) => setImmediate(r));
    }
    const hrefs = {} as Record<AssetKey, string>;
    for (const key of DEMO_ASSET_KEYS) hrefs[key] = `./${plan.id}_${DEMO_ASSET_FILE_SUFFIX[key]}.TIF`;
    const item = createDemoStacItem(plan, sky, hrefs);
    await writeFile(itemPath + tmpTag, JSON.stringify(item, null, 2));
    await rename(itemPath + tmpTag, itemPath);
    return folder;
  }

  function generateScene(sceneId: string): Promise<string> {
    currentPlans();
    const plan = plansById.get(sceneId);
    if (!plan) return Promise.reject(new Error(`unknown demo scene ${sceneId}`));
    let pending = generating.get(sceneId);
    if (!pending) {
      const write = opts.writeSceneFiles
        ? (async () => {
            const folder = sceneDir(plan.id);
            if ((await readGeneratorVersion(join(folder, `${plan.id}.json`))) !== DEMO_GENERATOR_VERSION) await opts.writeSceneFiles!(plan.id);
            return folder;
          })()
        : writeScene(plan);
      pending = write.catch(async (err: unknown) => {
        generating.delete(sceneId);
        throw err;
      });
      generating.set(sceneId, pending);
    }
    return pending;
  }

  const catalog: DemoCatalog = {
    name: 'demo',
    synthetic: true,
    listScenes: () => currentPlans().map(toScene),
    generateScene,
    async search(query: SceneQuery): Promise<SceneSearchResult> {
      query.signal?.throwIfAborted();
      const [minLon, minLat, maxLon, maxLat] = query.bboxLngLat;
      const matches: LandsatScene[] = [];
      for (const plan of currentPlans()) {
        const day = plan.datetime.toISOString().slice(0, 10);
        if (day < query.startDate || day > query.endDate) continue;
        const [bMinLon, bMinLat, bMaxLon, bMaxLat] = plan.window.bboxLngLat;
        if (bMaxLon < minLon || bMinLon > maxLon || bMaxLat < minLat || bMinLat > maxLat) continue;
        if (!footprintIntersectsBBox(plan.window.footprintLngLat, query.bboxLngLat)) continue;
        if (roundPercent(coverOf(plan).cloudPercent) > query.maxCloudCover) continue;
        matches.push(toScene(plan));
      }
      query.signal?.throwIfAborted();
      const limit = Math.max(0, Math.floor(query.limit));
      const truncated = matches.length > limit;
      // Plans are oldest first; keep the most recent `limit`.
      return { scenes: truncated ? matches.slice(matches.length - limit) : matches, truncated, limit };
    },
    async resolveAssetHref(href: string, signal?: AbortSignal): Promise<string> {
      signal?.throwIfAborted();
      currentPlans();
      const path = resolve(href);
      const plan = planByHref.get(path);
      if (!plan) throw new Error(`not an asset of the synthetic demo archive: ${href}`);
      await generateScene(plan.id);
      return path;
    },
  };
  currentPlans();
  return catalog;
}

async function readGeneratorVersion(itemPath: string): Promise<unknown> {
  try {
    const item = JSON.parse(await readFile(itemPath, 'utf8')) as { properties?: Record<string, unknown> };
    return item.properties?.['demo:generator_version'];
  } catch {
    return undefined;
  }
}
