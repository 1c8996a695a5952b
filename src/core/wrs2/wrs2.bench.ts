import { predictOverpasses } from '../overpass/overpass.js';
import type { LngLat } from '../geo/lngLat.js';
import { findWrs2Tiles } from './wrs2.js';

/** Deterministic pseudo-random points (mulberry32), so runs are comparable; latitudes where Landsat images. */
function benchPoints(n: number): LngLat[] {
  let s = 0x5eed;
  const rand = () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return Array.from({ length: n }, () => [rand() * 360 - 180, rand() * 160 - 80] as LngLat);
}

function perSecond(fn: (p: LngLat) => unknown, points: LngLat[], minMs: number): number {
  let calls = 0;
  const start = performance.now();
  let elapsed = 0;
  do {
    for (const p of points) fn(p);
    calls += points.length;
    elapsed = performance.now() - start;
  } while (elapsed < minMs);
  return (calls / elapsed) * 1000;
}

/** Point lookups per second (findWrs2Tiles) and 32-day overpass predictions per second, on one core. */
export async function benchWrs2AndOverpass(): Promise<{ lookupsPerSecond: number; overpassPredictionsPerSecond: number }> {
  const points = benchPoints(2000);
  const from = new Date('2024-03-01T00:00:00Z');
  // warm up (JIT, footprint cache)
  perSecond((p) => findWrs2Tiles(p), points, 200);
  const lookupsPerSecond = perSecond((p) => findWrs2Tiles(p), points, 1000);
  const overpassPredictionsPerSecond = perSecond((p) => predictOverpasses(p, from, 32), points.slice(0, 500), 1000);
  return { lookupsPerSecond: Math.round(lookupsPerSecond), overpassPredictionsPerSecond: Math.round(overpassPredictionsPerSecond) };
}
