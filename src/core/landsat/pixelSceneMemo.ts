import { LRUCache } from 'lru-cache';
import type { LngLat } from '../geo/lngLat.js';
import { maskToText, type ClearMask } from '../raster/clearPixel.js';
import type { HarmonizeTarget } from '../bands/harmonize.js';
import type { PixelScene } from './landsatResults.js';

/**
 * Memory a scene's part is counted at: its objects (~7 KB for the QA flags, footprints and metadata,
 * ~0.7 KB a band, measured with V8's heap on the bench's answers) plus the JSON the server keeps
 * beside it (seriesSerializer.ts, ~5 KB + ~0.3 KB a band).
 */
const BYTES_PER_SCENE = 12_400;
const BYTES_PER_BAND = 1_000;
/**
 * 32 MB: two 40-year records of two bands (~2,000 scenes) or some thirty 45-scene series of eight,
 * a small share of the heap beside the block cache (whose tiles live outside it).
 */
const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;

/**
 * The finished per-scene parts of pixel answers, by scene, point, bands, mask and harmonisation. A
 * warm series (the same point asked again: the page's reloads, another chart, a CSV after the chart)
 * then reopens no file header, reprojects no footprint and builds no object: the 40-year record's
 * answer was spent mostly there and in serialising the same objects again. Scene items are immutable
 * per id (Collection 2 ids carry their processing date), so a part never goes stale. Parts are shared
 * between answers: callers must not change them.
 */
export function createPixelSceneMemo(maxBytes = DEFAULT_MAX_BYTES) {
  // One entry per point, bands, mask and harmonisation, holding that request's scenes by id: a warm
  // record is one LRU look-up and a thousand Map reads (an LRU read a scene cost ~10 ms a record).
  const series = new LRUCache<string, Map<string, PixelScene>>({
    maxSize: maxBytes,
    sizeCalculation: (parts) => {
      let bytes = 1;
      for (const scene of parts.values()) bytes += BYTES_PER_SCENE + BYTES_PER_BAND * Object.keys(scene.bands).length;
      return bytes;
    },
  });
  return {
    /** The parts kept for one request (its point, bands, mask and harmonisation), by scene id: `add` each new part, then `keep` them once the answer is complete. */
    partsOf(lngLat: LngLat, bandIds: readonly string[], mask: ClearMask, harmonize: HarmonizeTarget | undefined) {
      const key = `${lngLat[0]},${lngLat[1]}|${bandIds.join(',')}|${maskToText(mask)}|${harmonize ?? ''}`;
      const parts = series.get(key) ?? new Map<string, PixelScene>();
      return {
        get: (sceneId: string) => parts.get(sceneId),
        add: (sceneId: string, scene: PixelScene) => void parts.set(sceneId, scene),
        /** Once the answer is complete: counts the parts' memory (evicting older requests' parts past the budget). */
        keep: () => void series.set(key, parts),
      };
    },
  };
}
