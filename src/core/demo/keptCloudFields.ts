/**
 * Whole cloud fields that a search built for its cloud percents, kept for the counts that follow it.
 * A scene box's statistics search every candidate's percent (a whole field each, ~0.5 ms) and then count
 * the scenes that passed, which builds each one's field again, on the event loop to hand over to the
 * synthesis worker or in the worker itself: in the 40-year record at cloud 50 % that second build was
 * ~8 % of the server's CPU (docs/performance.md, twenty-second round). The search keeps the fields of the
 * scenes it lets through, on the thread that built them, and the count takes its scene's field from
 * here (demoScenes.ts' sceneClouds and cloudsToHandOver). One store per thread (module state).
 *
 * Bounded: ~75 KB a field (amounts and cloud counts, no block bits), at most FIELDS_MB per thread, the
 * oldest kept dropped first; a field nobody took within KEPT_MS goes (a search whose counts never came:
 * its client left, or another caller searched). Fields dropped give their buffers back for later builds.
 * lru-cache, as elsewhere here: its size bound, ages and disposal are what this needs.
 */
import { LRUCache } from 'lru-cache';
import type { SceneClouds } from './sceneClouds.js';
import { releaseHandOverField } from './cloudFieldBuffers.js';

/**
 * Most MB of fields kept per thread. The 40-year record at the page's default cloud 50 % keeps ~465 a
 * thread (~35 MB); higher limits let more through, and the rest of them are built again as before.
 */
const FIELDS_MB = 80;
/** Longest a field waits for its count: the counts of a 40-year record end within seconds of the search. */
const KEPT_MS = 30_000;

const kept = new LRUCache<string, SceneClouds>({
  maxSize: FIELDS_MB * 1024 * 1024,
  sizeCalculation: (c) => c.amount.byteLength + c.count.byteLength,
  ttl: KEPT_MS,
  ttlAutopurge: true,
  // A field taken (deleted by takeKeptCloudField) is its taker's; one dropped by size or age is nobody's.
  dispose: (clouds, _id, reason) => {
    if (reason === 'evict' || reason === 'expire') releaseHandOverField(clouds);
  },
});

/** Keeps a whole field without block bits (createSceneCloudsToHandOver) for the count of its scene. */
export function keepCloudField(sceneId: string, clouds: SceneClouds): void {
  kept.set(sceneId, clouds);
}

/** The scene's kept field, now the caller's (it is no longer kept), or undefined. */
export function takeKeptCloudField(sceneId: string): SceneClouds | undefined {
  const clouds = kept.get(sceneId);
  if (clouds) kept.delete(sceneId);
  return clouds;
}

/** How many fields this thread keeps (tests). */
export function keptCloudFieldCount(): number {
  return kept.size;
}
