import { describe, expect, it } from 'vitest';
import { WARM_UP_QA, WARM_UP_SCENES, WARM_UP_SIDE, warmUpAreaCode, warmUpPolygonPixels, warmUpRasters } from './areaWarmUp.js';

/** Even-odd rule: is (x, y) inside the ring (pixel coordinates)? Written out here, not pointInRing.ts, so the expected counts come from no product code. */
function insideRing(ring: [number, number][], x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Pixels of a `side` x `side` grid whose centre lies inside the ring scaled by 1/`factor` (GDAL's rule). */
function centresInside(factor: number): number[] {
  const ring = warmUpPolygonPixels().map(([x, y]) => [x / factor, y / factor] as [number, number]);
  const side = WARM_UP_SIDE / factor;
  const found: number[] = [];
  for (let row = 0; row < side; row++) for (let col = 0; col < side; col++) if (insideRing(ring, col + 0.5, row + 0.5)) found.push(row * side + col);
  return found;
}

const reflectance = (dn: number) => dn * 0.0000275 - 0.2;

describe('the archive warm-up (areaWarmUp.ts)', () => {
  it("measures its own archive through the area code: at 30 m the values of its rasters; the year on the first overview", async () => {
    const { full, year } = await warmUpAreaCode();

    // Expected from the rasters themselves, with the polygon in pixel coordinates: no area code.
    const { reflectanceDn, qa } = warmUpRasters();
    const inside = centresInside(1);
    const imaged = inside.filter((i) => qa[i] !== WARM_UP_QA.fill);
    const clearValues = imaged.filter((i) => qa[i] === WARM_UP_QA.clear).map((i) => reflectance(reflectanceDn[i]));
    const mean = clearValues.reduce((s, v) => s + v, 0) / clearValues.length;
    expect(clearValues.length).toBeGreaterThan(imaged.length / 2);
    expect(clearValues.length).toBeLessThan(imaged.length);

    // Two scenes at 30 m, one of them cloudy enough that its QA_PIXEL is read first: the same counts.
    expect(full.overviewLevel).toBe(0);
    expect(full.synthetic).toBe(true);
    expect(full.scenes.map((e) => e.scene.cloudCover)).toEqual([8, 62]);
    for (const entry of full.scenes) {
      expect(entry.pixelSizeM).toBe(30);
      expect(entry.pixelCount).toBe(imaged.length);
      expect(entry.clearCount).toBe(clearValues.length);
      expect(entry.bands.B04.count).toBe(clearValues.length);
      expect(entry.bands.B04.mean).toBeCloseTo(mean, 9);
      expect(entry.bands.B04.min).toBeCloseTo(clearValues.reduce((a, b) => Math.min(a, b)), 12);
      expect(entry.bands.B04.max).toBeCloseTo(clearValues.reduce((a, b) => Math.max(a, b)), 12);
    }

    // The year: past the pixel budget, so on the first overview (60 m), every scene.
    expect(year.overviewLevel).toBe(1);
    expect(year.scenes).toHaveLength(WARM_UP_SCENES);
    const insideAt60m = centresInside(2).length;
    for (const entry of year.scenes) {
      expect(entry.pixelSizeM).toBe(60);
      expect(entry.pixelCount).toBe(insideAt60m);
    }
  }, 120_000);
});
