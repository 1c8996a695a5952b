import proj4 from 'proj4';
import { describe, expect, it } from 'vitest';
import { overviewForFactor } from './sampleSceneTile.js';
import { tileSourceCoords } from './tileSourceCoords.js';
import { isTileInMatrix, pixelSizeM, tileAtLngLat, tileBoundsLngLat, tileBoundsMercator, tilePixelCentre } from './webMercatorQuad.js';

// OGC 17-083r4 Annex D (WebMercatorQuad): zoom 0 cell size 156543.0339280410 m, 2^z x 2^z tiles of 256 px.
const HALF = 20037508.3427892;

describe('WebMercatorQuad', () => {
  it('has the tile matrix set table values', () => {
    expect(pixelSizeM(0)).toBeCloseTo(156543.033928041, 6);
    expect(pixelSizeM(18)).toBeCloseTo(0.5971642834779395, 12);
    expect(tileBoundsMercator({ z: 0, x: 0, y: 0 })).toEqual({ minX: expect.closeTo(-HALF, 4), maxX: expect.closeTo(HALF, 4), minY: expect.closeTo(-HALF, 4), maxY: expect.closeTo(HALF, 4) });
    const [w, s, e, n] = tileBoundsLngLat({ z: 1, x: 1, y: 0 });
    expect([w, s, e, n].map((v) => Math.round(v * 1e6) / 1e6)).toEqual([0, 0, 180, 85.051129]);
  });

  it('finds the tile holding a place, numbered from the north-west', () => {
    // OpenStreetMap's wiki example: Munich (11.5755, 48.1372) lies in tile 8/136/88.
    expect(tileAtLngLat([11.5755, 48.1372], 8)).toEqual({ z: 8, x: 136, y: 88 });
    expect(isTileInMatrix({ z: 3, x: 7, y: 7 })).toBe(true);
    expect(isTileInMatrix({ z: 3, x: 8, y: 0 })).toBe(false);
    expect(isTileInMatrix({ z: 19, x: 0, y: 0 })).toBe(false);
  });
});

describe('tile pixel centres in a scene CRS', () => {
  it('the lattice interpolation stays within 0.3 m (1 % of a 30 m pixel) of proj4 at the pixel centres (zoom 10, UTM 32N)', () => {
    const tile = tileAtLngLat([10.2, 50.1], 10);
    const { x, y } = tileSourceCoords(tile, 32632);
    const exact = proj4('EPSG:3857', '+proj=utm +zone=32 +datum=WGS84 +units=m +no_defs');
    let worst = 0;
    for (let row = 0; row < 256; row += 5) {
      for (let col = 0; col < 256; col += 3) {
        const [ex, ey] = exact.forward(tilePixelCentre(tile, col, row));
        worst = Math.max(worst, Math.abs(ex - x[row * 256 + col]), Math.abs(ey - y[row * 256 + col]));
      }
    }
    expect(worst).toBeLessThan(0.3);
  });
});

describe('the overview GDAL reads', () => {
  const levels = [1, 2, 4, 8, 16].map((f, index) => ({ index, factorX: f, factorY: f }));
  it('is the coarsest whose factor is below 1.2 x the one asked for', () => {
    expect(overviewForFactor(levels, 1)).toBe(0);
    expect(overviewForFactor(levels, 1.6)).toBe(0);
    expect(overviewForFactor(levels, 1.7)).toBe(1);
    expect(overviewForFactor(levels, 3.4)).toBe(2);
    expect(overviewForFactor(levels, 5000)).toBe(4);
  });
});
