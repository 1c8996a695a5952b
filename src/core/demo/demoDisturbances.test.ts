import { describe, expect, it } from 'vitest';
import { applyDisturbance, CELL_KM, cellPatch, DISTURBANCE_KINDS, inPatch, kindFits, patchAt, severityOn, type DisturbancePatch } from './demoDisturbances.js';
import { EARTH_RADIUS_KM, earthKm } from './demoGroundNoise.js';
import { Cover } from './demoLandCover.js';

const at = new Float64Array(3);
const km = (lon: number, lat: number) => (earthKm(lon, lat, at, 0), [at[0], at[1], at[2]] as const);

/** Samples a square of `sideKm` around a point every 100 m: share of ground in a patch, distinct patches. */
function survey(lon0: number, lat0: number, sideKm: number): { share: number; patches: DisturbancePatch[] } {
  const steps = Math.round(sideKm / 0.1);
  const patches = new Set<DisturbancePatch>();
  const seen = new Map<string, DisturbancePatch>();
  let inside = 0;
  for (let a = 0; a < steps; a++) {
    for (let b = 0; b < steps; b++) {
      const lat = lat0 + (a * 0.1) / 111.32;
      const lon = lon0 + (b * 0.1) / (111.32 * Math.cos((lat0 * Math.PI) / 180));
      const [x, y, z] = km(lon, lat);
      const p = patchAt(x, y, z);
      if (!p || !inPatch(p, x, y, z, 0)) continue;
      inside++;
      const key = `${p.x},${p.y},${p.z}`;
      if (!seen.has(key)) seen.set(key, p);
      patches.add(seen.get(key)!);
    }
  }
  return { share: inside / (steps * steps), patches: [...patches] };
}

describe('synthetic disturbances', () => {
  it('are a pure function of the cell: the same patch on every call, in any order', () => {
    // Cells the ground passes through: 500 points along a meridian and a parallel.
    const cells = Array.from({ length: 500 }, (_, n) => km(-79 + (n % 2) * n * 0.01, 45 + ((n + 1) % 2) * n * 0.01).map((v) => Math.floor(v / CELL_KM)));
    const first = cells.map(([i, j, k]) => cellPatch(i, j, k));
    const again = [...cells].reverse().map(([i, j, k]) => cellPatch(i, j, k)).reverse();
    expect(again).toEqual(first);
    expect(first.filter(Boolean).length).toBeGreaterThan(0);
    // And the effect on a pixel is the same on every call.
    const run = () => {
      const rho = [0.02, 0.022, 0.04, 0.025, 0.23, 0.11, 0.045];
      const out = { water: false };
      const kelvin = applyDisturbance(rho, Cover.conifer, ...km(-79.2719, 45.3116), 0.1, 12000, out);
      return { rho, kelvin, water: out.water };
    };
    expect(run()).toEqual(run());
  });

  it('are rare and patchy: 0.5-6 % of the ground ever disturbed, 1-8 patches per 100 km^2, patches 0.3-3 km across', () => {
    // Four 20 x 20 km squares on different continents and latitudes (100 m sampling).
    let patches = 0;
    let share = 0;
    const sizes: number[] = [];
    const squares = [[-79.4, 45.2], [36.7, -1.4], [24.0, 68.0], [-60.0, -30.0]] as const;
    for (const [lon, lat] of squares) {
      const s = survey(lon, lat, 20);
      share += s.share / squares.length;
      patches += s.patches.length;
      for (const p of s.patches) sizes.push(2 * p.radiusKm);
      expect(s.share, `${lat}, ${lon}`).toBeLessThan(0.08);
    }
    const per100Km2 = patches / ((squares.length * 400) / 100);
    expect(share).toBeGreaterThan(0.005);
    expect(share).toBeLessThan(0.06);
    expect(per100Km2).toBeGreaterThanOrEqual(1);
    expect(per100Km2).toBeLessThanOrEqual(8);
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(0.3);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(2.4);
    // Every kind occurs.
    const kinds = new Set<string>();
    for (let i = 0; i < 3000; i++) {
      const p = cellPatch(i, 1595 - (i % 7), 0);
      if (p) kinds.add(p.kind);
    }
    expect([...kinds].sort()).toEqual([...DISTURBANCE_KINDS].sort());
  });

  it('put every patch centre on the ground (Earth radius), with an onset between 1986 and 2023', () => {
    for (let n = 0; n < 2000; n++) {
      const p = cellPatch(1000 - n, 400 + (n % 13), 1270 + (n % 5));
      if (!p) continue;
      expect(Math.hypot(p.x, p.y, p.z)).toBeCloseTo(EARTH_RADIUS_KM, 6);
      const onset = new Date(p.onsetDay * 86_400_000).toISOString().slice(0, 10);
      expect(onset >= '1986-01-01' && onset <= '2023-12-31', onset).toBe(true);
    }
  });

  it('strike at the onset and no earlier; fires and harvests recover, floods recede, building stays', () => {
    const patch = (kind: DisturbancePatch['kind']): DisturbancePatch => ({ kind, x: 0, y: 0, z: EARTH_RADIUS_KM, radiusKm: 1, onsetDay: 10_000, timeDays: 1000 });
    for (const kind of DISTURBANCE_KINDS) expect(severityOn(patch(kind), 9_999), kind).toBe(0);
    expect(severityOn(patch('fire'), 10_000)).toBe(1);
    expect(severityOn(patch('fire'), 13_000)).toBeLessThan(0.1);
    expect(severityOn(patch('flood'), 10_500)).toBe(1);
    expect(severityOn(patch('flood'), 11_200)).toBe(0);
    expect(severityOn(patch('building'), 10_500)).toBeCloseTo(0.5, 10);
    expect(severityOn(patch('building'), 20_000)).toBe(1);
  });

  it('only strike ground they fit: no harvest of a cornfield, no building on a forest, nothing on water or ice', () => {
    expect(kindFits('harvest', Cover.crops)).toBe(false);
    expect(kindFits('harvest', Cover.conifer)).toBe(true);
    expect(kindFits('building', Cover.deciduous)).toBe(false);
    for (const kind of DISTURBANCE_KINDS) {
      expect(kindFits(kind, Cover.water)).toBe(false);
      expect(kindFits(kind, Cover.ice)).toBe(false);
    }
  });
});
