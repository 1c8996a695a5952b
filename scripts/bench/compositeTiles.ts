/**
 * Bench entries of issue 37 (map tiles) on the embedded default, the synthetic demo archive, in process
 * through the app's routes (app.inject: routing, validation, heavy queue, encoding included):
 * - a composite tile at zoom 10 over one year (method latest, PNG), cold: each place's tile is asked
 *   for the first time (nothing of it cached), after one warm-up tile elsewhere starts the workers.
 *   Target 2 s. The same tiles as `median`, then a repeat (warm) of the latest ones.
 * - a scene tile at zoom 10, cold, at the same places.
 */
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { tileAtLngLat } from '../../src/core/tiles/webMercatorQuad.js';
import type { LngLat } from '../../src/core/geo/lngLat.js';

const log = (msg: string) => process.stderr.write(`${msg}\n`);
const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;
function spread(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return { minMs: round(sorted[0]), medianMs: round(sorted[Math.floor(sorted.length / 2)]), maxMs: round(sorted[sorted.length - 1]), runs: values.map((v) => round(v)) };
}

/** Land places on several continents and latitudes (different UTM zones, overlap of path/rows). */
const PLACES: LngLat[] = [
  [10.2, 50.1],
  [-60.3, -3.2],
  [100.5, 15.2],
  [-100.2, 40.3],
  [24.1, -28.7],
  [134.2, -24.6],
  [77.4, 23.1],
  [-47.9, -15.8],
];
const WARM_UP: LngLat = [2.35, 48.85];
const YEAR = 'startDate=2023-01-01&endDate=2023-12-31&cloudCoverage=100';

export async function benchCompositeTiles() {
  const app = await buildApp(
    loadConfig({
      LANDSAT_SOURCE: 'demo',
      DATABASE_PATH: ':memory:',
      OUTBOX_DIR: path.join(os.tmpdir(), `landsat-otf-bench-outbox-${process.pid}`),
      STATIC_DIR: path.join(os.tmpdir(), 'landsat-otf-no-static'),
      SCHEDULER_INTERVAL_MS: '0',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_PER_MINUTE: '1000000',
    }),
  );
  try {
    const time = async (url: string) => {
      const start = performance.now();
      const res = await app.inject(url);
      const took = performance.now() - start;
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      return { took, scenes: String(res.headers['x-composite-scenes'] ?? ''), sceneId: String(res.headers['x-scene-id'] ?? '') };
    };
    const composite = (p: LngLat, method: string) => {
      const t = tileAtLngLat(p, 10);
      return `/api/composite/tiles/WebMercatorQuad/10/${t.x}/${t.y}.png?${YEAR}&method=${method}`;
    };
    const firstStart = performance.now();
    await time(composite(WARM_UP, 'latest'));
    const firstTileOfServerMs = performance.now() - firstStart;
    const latest: number[] = [];
    const scenesRead: string[] = [];
    for (const p of PLACES) {
      const r = await time(composite(p, 'latest'));
      latest.push(r.took);
      scenesRead.push(r.scenes);
      log(`composite latest z10 ${p.join(',')}: ${Math.round(r.took)} ms, scenes ${r.scenes}`);
    }
    const warm: number[] = [];
    for (const p of PLACES) warm.push((await time(composite(p, 'latest'))).took);
    const median: number[] = [];
    for (const p of PLACES) {
      const r = await time(composite(p, 'median'));
      median.push(r.took);
      log(`composite median z10 ${p.join(',')}: ${Math.round(r.took)} ms, scenes ${r.scenes}`);
    }
    // Scene tiles: the newest scene over each place in the year (the scenes API names it), its z10 tile cold.
    const scene: number[] = [];
    for (const p of PLACES) {
      const found = await app.inject(`/api/scenes?LON_UL=${p[0] - 0.01}&LAT_UR=${p[1] - 0.01}&LON_UR=${p[0] + 0.01}&LAT_UL=${p[1] + 0.01}&startDate=2022-01-01&endDate=2022-12-31&cloudCoverage=100`);
      const scenes = found.json().scenes as { id: string }[] | undefined;
      if (!scenes?.length) continue;
      const t = tileAtLngLat(p, 10);
      scene.push((await time(`/api/scenes/${scenes[scenes.length - 1].id}/tiles/WebMercatorQuad/10/${t.x}/${t.y}.png`)).took);
    }
    return {
      note: 'in process (app.inject), synthetic demo archive; cold = first ask of the tile after one warm-up tile elsewhere',
      compositeLatestZoom10OneYearColdMs: { ...spread(latest), targetMs: 2000, scenesReadOfFound: scenesRead },
      compositeLatestZoom10OneYearWarmMs: spread(warm),
      compositeMedianZoom10OneYearColdMs: spread(median),
      sceneTileZoom10ColdMs: spread(scene),
      firstTileOfFreshServerMs: round(firstTileOfServerMs),
    };
  } finally {
    await app.close();
  }
}
