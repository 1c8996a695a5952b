/**
 * The demo section of `npm run bench`: the synthetic archive's cold answers at places never asked
 * before (each run a different place, a fresh block cache), through the real service and COG reader.
 * Targets (issue 10): first pixel?latest=true <= 1 s; a one-year 3 x 3 series (5 bands + QA) <= 3 s.
 */
import { createDemoCatalog } from '../src/core/demo/createDemoCatalog.js';
import { createLandsatService } from '../src/core/landsat/landsatService.js';
import { createBlockCache } from '../src/core/raster/blockCache.js';
import type { LngLat } from '../src/core/geo/lngLat.js';

const PLACES: Array<{ name: string; lngLat: LngLat }> = [
  { name: 'Tokyo', lngLat: [139.6917, 35.6895] },
  { name: 'Nairobi', lngLat: [36.8219, -1.2921] },
  { name: 'Lima', lngLat: [-77.0428, -12.0464] },
  { name: 'Berlin', lngLat: [13.405, 52.52] },
  { name: 'Perth', lngLat: [115.8605, -31.9505] },
];

const ms = (start: bigint) => Math.round(Number(process.hrtime.bigint() - start) / 1e5) / 10;
const spread = (v: number[]) => ({ runs: v, min: Math.min(...v), median: [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)], max: Math.max(...v) });

export async function benchDemoArchive(log: (msg: string) => void) {
  const catalog = createDemoCatalog();
  // As in the server, where the coastline index loads in the background right after start.
  const preloadStart = process.hrtime.bigint();
  await catalog.ready;
  const preloadMs = ms(preloadStart);
  const now = new Date();
  const filters = {
    startDate: new Date(now.getTime() - 365 * 86_400_000).toISOString().slice(0, 10),
    endDate: now.toISOString().slice(0, 10),
    cloudCoverage: 100,
    bands: ['B02', 'B03', 'B04', 'B05', 'B06'] as ('B02' | 'B03' | 'B04' | 'B05' | 'B06')[],
  };
  const rssBefore = process.memoryUsage().rss;
  const latestMs: number[] = [];
  const seriesMs: number[] = [];
  const seriesScenes: number[] = [];
  for (const [i, place] of PLACES.entries()) {
    log(`demo archive: ${place.name} (never asked before)...`);
    const service = createLandsatService({ catalog, cache: createBlockCache({ maxBytes: 256 * 1024 * 1024 }), maxScenes: 1000 });
    let t = process.hrtime.bigint();
    const latest = await service.readPixels(place.lngLat, filters, { latest: true });
    latestMs.push(ms(t));
    if (latest.scenes.length !== 1) throw new Error(`no demo scene at ${place.name}`);
    // The series at a point 5 km away: new pixels, new tiles.
    const other: LngLat = [place.lngLat[0] + 0.05 * (i + 1), place.lngLat[1] + 0.03];
    t = process.hrtime.bigint();
    const series = await service.readPixels(other, filters);
    seriesMs.push(ms(t));
    seriesScenes.push(series.scenes.length);
  }
  return {
    synthetic: true,
    places: PLACES.map((p) => p.name),
    landPolygonsPreloadMs: preloadMs,
    firstPixelLatestMs: spread(latestMs),
    series3x3OneYear: { bands: [...filters.bands, 'QA_PIXEL'], scenes: seriesScenes, ms: spread(seriesMs) },
    // The archive writes no file: rasters are virtual GeoTIFFs computed on read; memory holds a bounded set of recent tiles.
    diskBytes: 0,
    rssGrowthMB: Math.round((process.memoryUsage().rss - rssBefore) / 1e6),
  };
}
