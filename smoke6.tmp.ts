import { createDemoCatalog } from './src/core/demo/createDemoCatalog.js';
import { createBlockCache } from './src/core/raster/blockCache.js';
import { sampleSceneTile } from './src/core/tiles/sampleSceneTile.js';
import { tileAtLngLat, tileBoundsLngLat } from './src/core/tiles/webMercatorQuad.js';
const catalog = createDemoCatalog({});
const cache = createBlockCache({ maxBytes: 512 << 20 });
for (const [lon, lat] of [[20.2, 45.1], [10.2, 50.1], [100.5, 15.2], [-100.2, 40.3]]) {
  const t = tileAtLngLat([lon, lat], 10);
  let s = performance.now();
  const found = await catalog.search({ bboxLngLat: tileBoundsLngLat(t), startDate: '2023-01-01', endDate: '2023-12-31', maxCloudCover: 100, limit: 600 });
  const line = [`search ${Math.round(performance.now() - s)}`];
  for (const scene of found.scenes.slice(-4)) {
    for (const assets of [['qa_pixel'], ['red', 'green', 'blue']] as const) {
      s = performance.now();
      const r = await sampleSceneTile([...assets], t, { cache, assetHref: (a) => catalog.resolveAssetHref(scene.assets[a]!) });
      line.push(`${assets.length}:${Math.round(performance.now() - s)}(L${r.overviewLevel})`);
    }
  }
  console.log(lon, lat, line.join(' '));
}
process.exit(0);
