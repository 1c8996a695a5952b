import { LRUCache } from 'lru-cache';
import type { ArchiveAssetKey, BandId } from '../bands/bandCatalog.js';
import { sensorOf, type LandsatSensor } from '../bands/missions.js';
import type { BlockCache } from '../raster/blockCache.js';
import type { ByteSource } from '../raster/byteSource.js';
import { createSceneReader } from '../raster/sceneReader.js';
import type { LandsatScene } from '../stac/landsatScene.js';
import type { SceneCatalog } from '../stac/sceneCatalog.js';
import { findSceneById } from './findSceneById.js';
import { displayBands, selectBands } from './bandSelection.js';
import { NoSceneError, NoUsableBandError } from './landsatService.js';
import { renderWindowPng } from './renderWindowPng.js';
import { onSensor } from './sceneBands.js';

/** Long side of a quicklook, pixels: small enough for a list of hundreds of scenes. */
export const QUICKLOOK_MAX_PX = 256;

export interface Quicklook {
  png: Buffer;
  scene: Pick<LandsatScene, 'id' | 'satellite' | 'datetime' | 'wrsPath' | 'wrsRow' | 'cloudCover'> & { sensor: LandsatSensor };
  bands: BandId[];
  stretch: string;
  synthetic: boolean;
}

export interface QuicklookOptions {
  catalog: SceneCatalog;
  cache: BlockCache;
  openSource?: (href: string) => ByteSource;
  /** Bytes of PNGs kept (default 32 MB, about 500 quicklooks). */
  maxCacheBytes?: number;
}


/**
 * Small previews of whole scenes for the scene timeline: the scene's box read from the coarsest
 * overview that still holds QUICKLOOK_MAX_PX pixels across, 2-98 % stretch. PNGs are kept in an LRU
 * keyed by scene and bands, so a list scrolled twice reads nothing the second time.
 */
export function createQuicklookRenderer({ catalog, cache, openSource, maxCacheBytes = 32 * 1024 * 1024 }: QuicklookOptions) {
  const pngs = new LRUCache<string, Quicklook>({ maxSize: maxCacheBytes, sizeCalculation: (q) => Math.max(1, q.png.length) });
  const pending = new Map<string, Promise<Quicklook>>();

  const findScene = (id: string, signal?: AbortSignal) => findSceneById(catalog, id, signal);

  async function render(id: string, bands: BandId[], signal?: AbortSignal): Promise<Quicklook> {
    const selection = selectBands(bands);
    if (selection.available.length === 0) throw new NoUsableBandError(`None of the chosen bands (${bands.join(', ')}) exists in Landsat Level-2 products. Choose among B01-B07 and B09.`);
    const scene = await findScene(id, signal);
    const shown = displayBands(onSensor(selection.available, scene));
    if (shown.length === 0) throw new NoUsableBandError(`Scene ${scene.id} (${sensorOf(scene.satellite)}) has none of the chosen bands (${bands.join(', ')}).`);
    const reader = createSceneReader({
      cache,
      openSource,
      assetHref: (asset: ArchiveAssetKey) => {
        const href = scene.assets[asset];
        if (!href) throw new NoUsableBandError(`Scene ${scene.id} has no ${asset} asset`);
        return catalog.resolveAssetHref(href, signal);
      },
    });
    const [minLon, minLat, maxLon, maxLat] = scene.bboxLngLat;
    const window = await reader.readBox({ minLon, minLat, maxLon, maxLat }, [...new Set(shown.map((b) => b.asset))], { maxSize: QUICKLOOK_MAX_PX }, signal);
    if (window.width === 0 || window.height === 0) throw new NoSceneError(`Scene ${id} holds no pixels.`);
    const { png, stretch } = await renderWindowPng(window, shown, { min: 1, max: QUICKLOOK_MAX_PX });
    const { id: sceneId, satellite, datetime, wrsPath, wrsRow, cloudCover } = scene;
    return { png, scene: { id: sceneId, satellite, sensor: sensorOf(satellite), datetime, wrsPath, wrsRow, cloudCover }, bands: shown.map((b) => b.id), stretch, synthetic: catalog.synthetic };
  }

  return {
    /** The quicklook PNG of a scene for the chosen bands (the same R/G/B choice as the full image). */
    async quicklook(sceneId: string, bands: BandId[], signal?: AbortSignal): Promise<Quicklook> {
      const key = `${sceneId}|${bands.join(',')}`;
      const hit = pngs.get(key);
      if (hit) return hit;
      // Concurrent asks for the same quicklook share one read (a list renders many at once).
      let job = pending.get(key);
      if (!job) {
        // Not tied to the first caller's signal: others may wait on it, and the result is cached anyway.
        job = render(sceneId, bands).finally(() => pending.delete(key));
        pending.set(key, job);
      }
      const made = await (signal ? Promise.race([job, abortPromise(signal)]) : job);
      pngs.set(key, made);
      return made;
    },
    get cachedCount() {
      return pngs.size;
    },
  };
}

function abortPromise(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}
