import type { FastifyBaseLogger } from 'fastify';
import type { DemoCatalog } from '../core/demo/createDemoCatalog.js';
import { DEFAULT_POINT } from '../shared/defaults.js';

/**
 * Writes the demo scenes at the page's default point for the last `days`, newest first, in the
 * background, so the first "Fetch Data" on a fresh machine finds them ready. Returns a stop function.
 */
export function pregenerateDemoScenes(catalog: DemoCatalog, days: number, log: FastifyBaseLogger): () => void {
  if (days <= 0) return () => {};
  let stopped = false;
  const since = new Date(Date.now() - days * 86_400_000).toISOString();
  const point: [number, number, number, number] = [DEFAULT_POINT.lon, DEFAULT_POINT.lat, DEFAULT_POINT.lon, DEFAULT_POINT.lat];
  void (async () => {
    const found = await catalog.search({ bboxLngLat: point, startDate: since.slice(0, 10), endDate: '9999-12-31', maxCloudCover: 100, limit: 10_000 });
    const scenes = [...found.scenes].reverse();
    const started = Date.now();
    for (const scene of scenes) {
      if (stopped) return;
      await catalog.generateScene(scene.id);
    }
    log.info({ scenes: scenes.length, ms: Date.now() - started }, 'synthetic demo scenes at the default point are ready');
  })().catch((err: unknown) => log.warn({ err }, 'pre-generating synthetic demo scenes failed; they will be generated on first use'));
  return () => {
    stopped = true;
  };
}
