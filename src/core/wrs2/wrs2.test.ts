import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { haversineMeters, type LngLat } from '../geo/lngLat.js';
import {
  findWrs2Tiles,
  seedBBoxFromTile,
  WRS2_DAY_ROWS,
  WRS2_DAY_TILE_COUNT,
  WRS2_PATHS,
  wrs2OrbitCoordinates,
  wrs2SceneCenter,
  wrs2Tile,
  wrs2TileContains,
  type Wrs2Tile,
} from './wrs2.js';
import { FIXTURES_DIR } from '../../../test/support/fixturePaths.js';

/** Published USGS WRS-2 descending scene centres (fixtures README). */
const USGS_CENTRES: Array<[path: number, row: number, lngLat: LngLat]> = [
  [77, 39, [-175.12657, 30.306216]],
  [205, 43, [-14.34466, 24.553057]],
  [68, 53, [-165.95545, 10.122443]],
  [5, 56, [-69.549593, 5.785213]],
  [33, 1, [-46.23144, 80.774791]],
  [9, 27, [-64.689397, 47.449102]],
  [52, 43, [-137.94981, 24.553057]],
  [104, 1, [-155.93101, 80.774791]],
];

interface FixtureItem {
  file: string;
  path: number;
  row: number;
  ring: LngLat[];
}

function loadFixtureItems(): FixtureItem[] {
  const files = [
    ...readdirSync(path.join(FIXTURES_DIR, 'stac-items')).map((f) => path.join(FIXTURES_DIR, 'stac-items', f)),
    ...readdirSync(path.join(FIXTURES_DIR, 'landsat-c2-l2')).flatMap((dir) =>
      readdirSync(path.join(FIXTURES_DIR, 'landsat-c2-l2', dir))
        .filter((f) => f.endsWith('.json') && !f.endsWith('_MTL.json'))
        .map((f) => path.join(FIXTURES_DIR, 'landsat-c2-l2', dir, f)),
    ),
  ].filter((f) => f.endsWith('.json'));
  return files.map((file) => {
    const item = JSON.parse(readFileSync(file, 'utf8'));
    return {
      file,
      path: Number(item.properties['landsat:wrs_path']),
      row: Number(item.properties['landsat:wrs_row']),
      ring: item.geometry.coordinates[0] as LngLat[],
    };
  });
}

const key = (t: { path: number; row: number }) => `${t.path}/${t.row}`;

/** Every daytime tile, the brute-force reference the fast lookup must agree with. */
let allTiles: Wrs2Tile[] | undefined;
function bruteForce(lngLat: LngLat): string[] {
  allTiles ??= Array.from({ length: WRS2_PATHS }, (_, i) => WRS2_DAY_ROWS.map((row) => wrs2Tile(1 + i, row))).flat();
  return allTiles.filter((t) => wrs2TileContains(t, lngLat)).map(key).sort();
}

describe('wrs2SceneCenter', () => {
  it.each(USGS_CENTRES)('path %i row %i is within 1 km of the USGS centre', (p, r, usgs) => {
    const centre = wrs2SceneCenter(p, r);
    expect(haversineMeters(centre, usgs)).toBeLessThan(1000);
    // the model is the USGS one: in practice it lands within a few tens of metres
    expect(haversineMeters(centre, usgs)).toBeLessThan(100);
  });

  it('puts row 60 on the equator and paths 360/233 degrees apart, numbered westward', () => {
    expect(wrs2SceneCenter(1, 60)[1]).toBeCloseTo(0, 9);
    const lon1 = wrs2SceneCenter(1, 60)[0];
    const lon2 = wrs2SceneCenter(2, 60)[0];
    expect(lon1 - lon2).toBeCloseTo(360 / 233, 9);
  });

  it('keeps longitudes in [-180, 180] and rejects unknown path/rows', () => {
    for (let p = 1; p <= 233; p += 7) for (let r = 1; r <= 248; r += 11) {
      const [lon, lat] = wrs2SceneCenter(p, r);
      expect(lon).toBeGreaterThanOrEqual(-180);
      expect(lon).toBeLessThanOrEqual(180);
      expect(Math.abs(lat)).toBeLessThan(82);
    }
    expect(() => wrs2SceneCenter(0, 10)).toThrow(RangeError);
    expect(() => wrs2SceneCenter(234, 10)).toThrow(RangeError);
    expect(() => wrs2SceneCenter(10, 249)).toThrow(RangeError);
    expect(() => wrs2SceneCenter(10.5, 20)).toThrow(RangeError);
  });
});

describe('wrs2Tile', () => {
  const items = loadFixtureItems();

  it('finds the three real fixture items', () => {
    expect(items.map((i) => key(i)).sort()).toEqual(['1/70', '10/65', '47/27']);
  });

  it.each(items.map((i) => [key(i), i] as const))('footprint of %s lies within a few km of the real item footprint', (_k, item) => {
    const tile = wrs2Tile(item.path, item.row);
    expect(tile.polygonLngLat).toHaveLength(5);
    expect(tile.polygonLngLat[4]).toEqual(tile.polygonLngLat[0]);
    // STAC rings start at different corners; each nominal corner has a real corner within a few km
    // (real scenes wander a few km from nominal).
    for (const corner of tile.polygonLngLat.slice(0, 4)) {
      expect(Math.min(...item.ring.slice(0, 4).map((c) => haversineMeters(corner, c)))).toBeLessThan(12_000);
    }
  });

  it('orders corners UL, UR, LR, LL and keeps the centre inside', () => {
    const t = wrs2Tile(9, 27);
    const [ul, ur, lr, ll] = t.polygonLngLat;
    expect(ul[1]).toBeGreaterThan(ll[1]);
    expect(ur[1]).toBeGreaterThan(lr[1]);
    expect(ur[0]).toBeGreaterThan(ul[0]);
    expect(lr[0]).toBeGreaterThan(ll[0]);
    expect(wrs2TileContains(t, t.centerLngLat)).toBe(true);
  });

  it('keeps a footprint crossing the antimeridian continuous', () => {
    // path 77 row 39 is centred at 175.1 W; find a row of a path whose centre is within a degree of 180.
    const t = findWrs2Tiles([180, 0])[0];
    const lons = t.polygonLngLat.map((c) => c[0]);
    expect(Math.max(...lons) - Math.min(...lons)).toBeLessThan(5);
    expect(Math.max(...lons) > 180 || Math.min(...lons) < -180).toBe(true);
  });
});

describe('findWrs2Tiles', () => {
  const items = loadFixtureItems();

  it.each(items.map((i) => [key(i), i] as const))('finds %s at the centre of the real item footprint', (k, item) => {
    const corners = item.ring.slice(0, 4);
    const centre: LngLat = [corners.reduce((s, c) => s + c[0], 0) / 4, corners.reduce((s, c) => s + c[1], 0) / 4];
    const tiles = findWrs2Tiles(centre);
    expect(tiles[0] && key(tiles[0])).toBe(k);
  });

  it.each(USGS_CENTRES)('finds path %i row %i first at its published centre', (p, r, usgs) => {
    expect(key(findWrs2Tiles(usgs)[0])).toBe(`${p}/${r}`);
  });

  it('maps a point at any computed centre back to that path/row, nearest first (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: WRS2_PATHS }), fc.constantFrom(...WRS2_DAY_ROWS), (p, r) => {
        const tiles = findWrs2Tiles(wrs2SceneCenter(p, r));
        expect(key(tiles[0])).toBe(`${p}/${r}`);
      }),
      { numRuns: 400 },
    );
  });

  it(`returns exactly the tiles a brute-force scan of all ${WRS2_DAY_TILE_COUNT} daytime footprints returns, nearest first (property)`, () => {
    bruteForce([0, 0]);
    expect(allTiles).toHaveLength(WRS2_DAY_TILE_COUNT);
    const lat = fc.oneof(fc.double({ min: -85, max: 85, noNaN: true }), fc.double({ min: 78, max: 84, noNaN: true }), fc.double({ min: -84, max: -78, noNaN: true }));
    const lon = fc.oneof(fc.double({ min: -180, max: 180, noNaN: true }), fc.double({ min: 178, max: 180, noNaN: true }), fc.double({ min: -180, max: -178, noNaN: true }));
    fc.assert(
      fc.property(lon, lat, (x, y) => {
        const found = findWrs2Tiles([x, y]);
        expect(found.map(key).sort()).toEqual(bruteForce([x, y]));
        const d = found.map((t) => haversineMeters(t.centerLngLat, [x, y]));
        for (let i = 1; i < d.length; i++) expect(d[i]).toBeGreaterThanOrEqual(d[i - 1] - 1e-6);
      }),
      { numRuns: 100 },
    );
  });

  it('finds overlapping tiles between scenes: 2 to 4 at mid-latitudes between centres', () => {
    // halfway between the centres of 199/26 and 198/26, and of 199/26 and 199/27
    const mid = (a: LngLat, b: LngLat): LngLat => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
    const a = findWrs2Tiles(mid(wrs2SceneCenter(199, 26), wrs2SceneCenter(198, 26))).map(key);
    expect(a).toEqual(expect.arrayContaining(['199/26', '198/26']));
    const b = findWrs2Tiles(mid(wrs2SceneCenter(199, 26), wrs2SceneCenter(199, 27))).map(key);
    expect(b).toEqual(expect.arrayContaining(['199/26', '199/27']));
    const corner = findWrs2Tiles(mid(mid(wrs2SceneCenter(199, 26), wrs2SceneCenter(198, 27)), mid(wrs2SceneCenter(198, 26), wrs2SceneCenter(199, 27))));
    expect(corner.length).toBeGreaterThanOrEqual(2);
    expect(corner.length).toBeLessThanOrEqual(4);
  });

  it('handles the antimeridian: points either side share the footprint that straddles it', () => {
    const east = findWrs2Tiles([179.99, 0]).map(key);
    const west = findWrs2Tiles([-179.99, 0]).map(key);
    expect(east.length).toBeGreaterThan(0);
    expect(east.filter((k) => west.includes(k)).length).toBeGreaterThan(0);
    expect(findWrs2Tiles([180, 0]).map(key)).toEqual(findWrs2Tiles([-180, 0]).map(key));
  });

  it('covers the polar rows, and nothing at the poles or beyond the daytime grid', () => {
    expect(findWrs2Tiles([0, 90])).toEqual([]);
    expect(findWrs2Tiles([0, -90])).toEqual([]);
    expect(findWrs2Tiles([0, 86])).toEqual([]);
    const arctic = findWrs2Tiles([-46.23144, 80.774791]);
    expect(arctic.length).toBeGreaterThan(4); // tracks converge near the turning latitude
    expect(arctic.every((t) => t.row <= 3 || t.row >= 246)).toBe(true);
    const antarctic = findWrs2Tiles([0, -80]);
    expect(antarctic.length).toBeGreaterThan(4);
    expect(antarctic.every((t) => t.row >= 110 && t.row <= 122)).toBe(true);
  });

  it('returns nothing for invalid input', () => {
    expect(findWrs2Tiles([Number.NaN, 0])).toEqual([]);
    expect(findWrs2Tiles([0, 91])).toEqual([]);
  });
});

describe('rows north of row 1 (246-248), as USGS numbers them', () => {
  const prevOrbitPath = (p: number) => ((p - 16 - 1 + WRS2_PATHS) % WRS2_PATHS) + 1;
  const rowPositionOnTrack = (lngLat: LngLat, path: number) => 60 + (wrs2OrbitCoordinates(lngLat, path).alongRad * 248) / (2 * Math.PI);

  it.each([1, 33, 104, 233])('puts rows 246, 247, 248 of path p - 16 on path %i\'s track, one row apart, just north of its row 1', (p) => {
    const q = prevOrbitPath(p);
    const positions = [246, 247, 248].map((r) => rowPositionOnTrack(wrs2SceneCenter(q, r), p));
    expect(positions[0]).toBeCloseTo(-2, 6);
    expect(positions[1]).toBeCloseTo(-1, 6);
    expect(positions[2]).toBeCloseTo(0, 6);
    expect(Math.abs(wrs2OrbitCoordinates(wrs2SceneCenter(q, 248), p).acrossRad)).toBeLessThan(1e-9);
    // a row spacing (2 pi / 248 of the orbit, about 161 km on the ground) from row 248 to row 1
    const spacingKm = haversineMeters(wrs2SceneCenter(q, 248), wrs2SceneCenter(p, 1)) / 1000;
    expect(spacingKm).toBeGreaterThan(158);
    expect(spacingKm).toBeLessThan(165);
    // row 246 sits on the turning point: the northernmost scene centre of the orbit
    expect(wrs2SceneCenter(q, 246)[1]).toBeGreaterThan(wrs2SceneCenter(q, 247)[1]);
    expect(wrs2SceneCenter(q, 247)[1]).toBeGreaterThan(wrs2SceneCenter(q, 248)[1]);
    expect(wrs2SceneCenter(q, 248)[1]).toBeGreaterThan(wrs2SceneCenter(p, 1)[1]);
  });

  it.each([
    [-46.23, 81.36],
    [-20, 81.5],
    [100, 81.7],
    [170, 82.2],
  ] as Array<[number, number]>)('a point at %f, %f (above 81 N) lies first in a row 246-248 tile, not another path\'s row 1', (lon, lat) => {
    const tiles = findWrs2Tiles([lon, lat]);
    expect(tiles.length).toBeGreaterThan(0);
    expect(tiles[0].row).toBeGreaterThanOrEqual(246);
    expect(wrs2TileContains(tiles[0], [lon, lat])).toBe(true);
  });

  it('returns row 248 of path 17 at its centre, on path 33\'s track north of 33/1 (the USGS centre 80.77 N)', () => {
    const centre = wrs2SceneCenter(17, 248);
    expect(centre[1]).toBeGreaterThan(81.3);
    expect(key(findWrs2Tiles(centre)[0])).toBe('17/248');
  });

  it('finds path 33 row 1 and path 17 row 248 both, between their centres (the rows overlap)', () => {
    const a = wrs2SceneCenter(33, 1);
    const b = wrs2SceneCenter(17, 248);
    const between: LngLat = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
    expect(findWrs2Tiles(between).map(key)).toEqual(expect.arrayContaining(['33/1', '17/248']));
  });
});

describe('seedBBoxFromTile', () => {
  it('is centred on the four corners and spans the largest corner offset on each axis', () => {
    const tile = wrs2Tile(1, 70);
    const box = seedBBoxFromTile(tile);
    const corners = tile.polygonLngLat.slice(0, 4);
    const cLon = corners.reduce((s, c) => s + c[0], 0) / 4;
    const cLat = corners.reduce((s, c) => s + c[1], 0) / 4;
    expect((box.minLon + box.maxLon) / 2).toBeCloseTo(cLon, 9);
    expect((box.minLat + box.maxLat) / 2).toBeCloseTo(cLat, 9);
    for (const [lon, lat] of corners) {
      expect(lon).toBeGreaterThanOrEqual(box.minLon - 1e-9);
      expect(lon).toBeLessThanOrEqual(box.maxLon + 1e-9);
      expect(lat).toBeGreaterThanOrEqual(box.minLat - 1e-9);
      expect(lat).toBeLessThanOrEqual(box.maxLat + 1e-9);
    }
    // at least one corner touches each side of the box, on each axis
    expect(corners.some((c) => Math.abs(Math.abs(c[0] - cLon) - (box.maxLon - cLon)) < 1e-9)).toBe(true);
    expect(corners.some((c) => Math.abs(Math.abs(c[1] - cLat) - (box.maxLat - cLat)) < 1e-9)).toBe(true);
    // roughly the scene: about 2 degrees of longitude and latitude near 14 S
    expect(box.maxLon - box.minLon).toBeGreaterThan(1.8);
    expect(box.maxLon - box.minLon).toBeLessThan(2.6);
  });
});
