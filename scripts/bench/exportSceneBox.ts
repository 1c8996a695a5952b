/**
 * `BENCH_ONLY=export npm run bench`: issue 35's default-area GeoTIFF, i.e. the whole scene box of the
 * default place's summer 2024 scene, bands B04,B03,B02 as DN, on the embedded demo archive. The full
 * resolution exceeds the 50 M value cap, so the export reads internal overview 1 (60 m, ~930 demo
 * tiles synthesized). Each run with a fresh block cache; the synthesis workers' own caches are
 * bounded below one export's tiles, so every run synthesizes its tiles again (BENCH_RUNS, default 3).
 */
import { createHash } from 'node:crypto';
import { createDemoCatalog } from '../../src/core/demo/createDemoCatalog.js';
import { createExporter } from '../../src/core/export/createExporter.js';
import { findSceneById } from '../../src/core/landsat/findSceneById.js';
import { createBlockCache } from '../../src/core/raster/blockCache.js';

const SCENE_ID = 'LC08_L2SP_015028_20240606_SYNTHETIC';

export async function benchExportSceneBox() {
  const runs = Number(process.env.BENCH_RUNS ?? 3);
  const catalog = createDemoCatalog();
  await catalog.ready;
  const scene = await findSceneById(catalog, SCENE_ID);
  const [minLon, minLat, maxLon, maxLat] = scene.bboxLngLat;
  const seconds: number[] = [];
  const files = new Set<string>();
  let last: { width: number; height: number; pixelSizeM: number; bytes: number } | null = null;
  for (let i = 0; i < runs; i++) {
    const exportScene = createExporter({ catalog, cache: createBlockCache({ maxBytes: 256 * 1024 * 1024 }) });
    const start = process.hrtime.bigint();
    const file = await exportScene({ sceneId: SCENE_ID, bands: ['B04', 'B03', 'B02'], box: { minLon, minLat, maxLon, maxLat }, format: 'dn' });
    seconds.push(Math.round(Number(process.hrtime.bigint() - start) / 1e7) / 100);
    files.add(createHash('sha1').update(file.tiff).digest('hex'));
    last = { width: file.width, height: file.height, pixelSizeM: file.pixelSizeM, bytes: file.tiff.length };
  }
  const sorted = [...seconds].sort((a, b) => a - b);
  return {
    synthetic: true,
    scene: SCENE_ID,
    bands: 'B04,B03,B02 (dn), the scene box',
    ...last,
    // Every run writes the same bytes (the demo is deterministic): one hash.
    sha1: [...files],
    seconds: { runs: seconds, min: sorted[0], median: sorted[Math.floor(sorted.length / 2)], max: sorted[sorted.length - 1] },
  };
}
