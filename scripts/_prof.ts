import { createDemoCatalog } from '/work/wt/first/src/core/demo/createDemoCatalog.js';
import { createBlockCache } from '/work/wt/first/src/core/raster/blockCache.js';
import { createSceneReader } from '/work/wt/first/src/core/raster/sceneReader.js';
import { findWrs2Tiles, seedBBoxFromTile } from '/work/wt/first/src/core/wrs2/wrs2.js';
const cat = createDemoCatalog();
await cat.ready;
const tile = findWrs2Tiles([-79.2165, 45.3267])[0];
const box = seedBBoxFromTile(tile);
const found = await cat.search({ bboxLngLat: [box.minLon, box.minLat, box.maxLon, box.maxLat], startDate: '2025-11-23', endDate: '2026-11-23', maxCloudCover: 100, limit: 1000 });
const own = found.scenes.filter((s) => s.wrsPath === tile.path && s.wrsRow === tile.row);
console.log('scenes', found.scenes.length, 'own', own.length);
const maxSize = Number(process.argv[2] ?? 512);
const cache = createBlockCache({ maxBytes: 512 * 1024 * 1024 });
for (const n of [1, 4]) {
  const t0 = performance.now();
  const part = own.slice(n === 1 ? 0 : 1, n === 1 ? 1 : 5);
  const res = await Promise.all(part.map((s) => createSceneReader({ cache, assetHref: (a) => s.assets[a]! }).readBox(box, ['blue','green','red','nir08','coastal','qa_pixel'] as any, { maxSize })));
  console.log(n, 'scenes', (performance.now() - t0).toFixed(0), 'ms', res[0].width, res[0].height, 'level', res[0].overviewLevel, 'px', res[0].pixelSizeM.toFixed(0));
}
process.exit(0);
