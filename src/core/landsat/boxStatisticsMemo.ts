import { LRUCache } from 'lru-cache';
import type { BBox } from '../geo/lngLat.js';
import { maskToText, type ClearMask } from '../raster/clearPixel.js';
import type { HarmonizeTarget } from '../bands/harmonize.js';
import type { LandsatDataEntry } from './landsatResults.js';

/**
 * Memory a scene's entry is counted at: its objects (interval, scene summary, grid, missing-band
 * words: ~1.2 KB) and ~0.4 KB a band's statistics (seven numbers and their object), as V8 holds them.
 */
const BYTES_PER_ENTRY = 1_200;
const BYTES_PER_BAND = 400;
/**
 * 16 MB: the whole 1982-today record of one scene box (1,842 scenes of five bands, ~6 MB) twice over,
 * or a few hundred one-year series: a small share of the heap beside the block cache, and nothing
 * the memory budget needs to take back (README, MEMORY_BUDGET_MB).
 */
const DEFAULT_MAX_BYTES = 16 * 1024 * 1024;

/**
 * The finished per-scene statistics of scene-box answers, by box, bands, mask and harmonisation. Nothing
 * was kept between identical requests: the 40-year record at the default point computed all 1,842
 * scenes' statistics again on every Fetch (71 s warm against 73 s cold, issue 33). A scene's statistics
 * over a box never change (ids are immutable per processing; the demo's bytes follow from the id), so an
 * entry never goes stale. Entries are shared between answers: callers must not change them.
 */
export function createBoxStatisticsMemo(maxBytes = DEFAULT_MAX_BYTES) {
  const series = new LRUCache<string, Map<string, LandsatDataEntry>>({
    maxSize: maxBytes,
    sizeCalculation: (entries) => {
      let bytes = 1;
      for (const e of entries.values()) bytes += BYTES_PER_ENTRY + BYTES_PER_BAND * Object.keys(e.outputs.data.bands).length;
      return bytes;
    },
  });
  return {
    /** The entries kept for one request (its box, bands, mask, harmonisation and statistics grid side), by scene id: `add` each new one, then `keep` them once the answer is complete. */
    entriesOf(box: BBox, bandIds: readonly string[], mask: ClearMask, harmonize: HarmonizeTarget | undefined, maxSide: number) {
      const key = `${box.minLon},${box.minLat},${box.maxLon},${box.maxLat}|${bandIds.join(',')}|${maskToText(mask)}|${harmonize ?? ''}|${maxSide}`;
      const entries = series.get(key) ?? new Map<string, LandsatDataEntry>();
      return {
        get: (sceneId: string) => entries.get(sceneId),
        add: (sceneId: string, entry: LandsatDataEntry) => void entries.set(sceneId, entry),
        /** Once the answer is complete (or stopped: what was computed stays useful): counts the entries' memory, evicting older requests' past the budget. */
        keep: () => void (entries.size > 0 && series.set(key, entries)),
      };
    },
  };
}
