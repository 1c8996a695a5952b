import { loadConfig } from './src/server/config.js';
import { createDemoCatalog } from './src/core/demo/createDemoCatalog.js';
import { createBlockCache } from './src/core/raster/blockCache.js';
import { createCompositeTiles } from './src/core/tiles/compositeTiles.js';
import { tileAtLngLat, tileBoundsLngLat } from './src/core/tiles/webMercatorQuad.js';
import { DEFAULT_MASK } from './src/core/raster/clearPixel.js';
const catalog = await (createDemoCatalog as any)({});
const cache = createBlockCache({ maxBytes: 512 << 20 } as any);
const c = createCompositeTiles({ catalog, cache, softwareVersion: 'x' });
for (const [lon, lat] of [[20.2, 45.1], [10.2, 50.1], [-60.3, -3.2], [100.5, 15.2], [-100.2, 40.3]]) {
  const t = tileAtLngLat([lon, lat], 10);
  let s = performance.now();
  const found = await catalog.search({ bboxLngLat: tileBoundsLngLat(t), startDate: '2023-01-01', endDate: '2023-12-31', maxCloudCover: 100, limit: 600 });
  const searchMs = performance.now() - s;
  s = performance.now();
  const r = await c.tile(t, 'png', { startDate: '2023-01-01', endDate: '2023-12-31', cloudCoverage: 100, method: 'latest', bands: ['B04', 'B03', 'B02'], mask: DEFAULT_MASK });
  console.log(lon, lat, found.scenes.length, 'search', Math.round(searchMs), 'tile', Math.round(performance.now() - s), r.scenesRead);
}
process.exit(0);
