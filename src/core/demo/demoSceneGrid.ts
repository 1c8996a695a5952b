import proj4 from 'proj4';
import type { LngLat } from '../geo/lngLat.js';
import { wrs2Tile } from '../wrs2/wrs2.js';

export const DEMO_PIXEL_SIZE_M = 30;
/** Cloud and validity are decided per 8 x 8 pixel block (240 m): see demoClouds.ts. */
export const BLOCK_PX = 8;
/** Cloud amounts live on 64 x 64 pixel cells (1.9 km) of 8 x 8 blocks. */
export const CELL_PX = 64;
export const TILE_PX = 128;
/** Grid corners are multiples of one cloud cell (64 px of 30 m), hence of every overview pixel (at most 16 px). */
export const ALIGN_M = CELL_PX * 30;
/** Internal overviews, as factors of the full resolution (the COG reader picks one for large boxes). */
export const OVERVIEW_FACTORS = [2, 4, 8, 16] as const;

/**
 * The raster grid every synthetic scene of one WRS-2 path/row shares: 30 m pixels on the UTM NORTH
 * zone of the scene centre (Collection 2 grids southern scenes in north zones with negative
 * northings: https://www.usgs.gov/faqs/why-do-landsat-scenes-southern-hemisphere-display-negative-utm-values),
 * covering the nominal footprint's projected box. As in real scenes, pixels outside the footprint are
 * fill; here validity is decided per 8 x 8 block, which makes the cloud fraction exactly computable.
 */
export interface DemoSceneGrid {
  path: number;
  row: number;
  epsg: number;
  /** Upper-left CORNER of the upper-left pixel, metres. */
  cornerX: number;
  cornerY: number;
  /** Multiples of CELL_PX, so blocks and cells tile the raster exactly. */
  width: number;
  height: number;
  /** Footprint corners in full-resolution pixel coordinates (x right, y down), convex, clockwise on the map. */
  footprintPx: Array<[number, number]>;
  footprintLngLat: LngLat[];
  bboxLngLat: [number, number, number, number];
  centerLngLat: LngLat;
  /** Projected metres -> [lon, lat]. */
  toLngLat(x: number, y: number): LngLat;
}

/**
 * Grids of the path/rows asked lately, least recently used first (Map order). Bounded: the per-grid
 * caches (footprint validity, cloud nodes, swath axes, block spans) are WeakMaps keyed by the grid, so
 * a grid dropped here takes them along. Unbounded, each path/row ever asked stayed, ~130 KB of heap
 * each (~400 small per-cell arrays of footprint validity, cloud nodes), in the main thread and the
 * synthesis worker alike: under issue 27's mixed soak their heaps grew with the places asked (197 grids
 * after 2 minutes). A request touches a few path/rows; rebuilding an evicted one with its cloud
 * validity is ~30 ms (measured on a busy 2-core machine), so 128 (~16 MB) keeps many places warm.
 */
const grids = new Map<number, DemoSceneGrid>();
const MAX_GRIDS = 128;

export function utmZoneOf(lon: number): number {
  const wrapped = ((((lon + 180) % 360) + 360) % 360) - 180;
  return Math.min(60, Math.max(1, Math.floor((wrapped + 180) / 6) + 1));
}

export function demoSceneGrid(path: number, row: number): DemoSceneGrid {
  const key = path * 1000 + row;
  const cached = grids.get(key);
  if (cached) {
    grids.delete(key);
    grids.set(key, cached);
    return cached;
  }
  const tile = wrs2Tile(path, row);
  const zone = utmZoneOf(tile.centerLngLat[0]);
  const epsg = 32600 + zone;
  const converter = proj4('EPSG:4326', `+proj=utm +zone=${zone} +datum=WGS84 +units=m +no_defs`);
  const corners = tile.polygonLngLat.slice(0, 4).map((p) => converter.forward([p[0], p[1]]) as [number, number]);
  const px = DEMO_PIXEL_SIZE_M;
  // The upper-left corner sits on the zone's 1,920 m cell lattice (ALIGN_M), so every scene of a UTM
  // zone shares pixel centres, 8 x 8 blocks and cloud cells at every level: overlapping scenes then
  // sample the very same ground points, and their clouds the very same cells.
  const minX = Math.floor(Math.min(...corners.map((c) => c[0])) / ALIGN_M) * ALIGN_M;
  const maxY = Math.ceil(Math.max(...corners.map((c) => c[1])) / ALIGN_M) * ALIGN_M;
  const maxX = Math.max(...corners.map((c) => c[0]));
  const minY = Math.min(...corners.map((c) => c[1]));
  const width = Math.ceil((maxX - minX) / px / CELL_PX) * CELL_PX;
  const height = Math.ceil((maxY - minY) / px / CELL_PX) * CELL_PX;
  const footprintPx = corners.map(([x, y]) => [(x - minX) / px, (maxY - y) / px] as [number, number]);
  const lons = tile.polygonLngLat.map((p) => p[0]);
  const lats = tile.polygonLngLat.map((p) => p[1]);
  const grid: DemoSceneGrid = {
    path,
    row,
    epsg,
    cornerX: minX,
    cornerY: maxY,
    width,
    height,
    footprintPx,
    footprintLngLat: tile.polygonLngLat.map((p) => [round6(p[0]), round6(p[1])] as LngLat),
    bboxLngLat: [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)],
    centerLngLat: tile.centerLngLat,
    toLngLat: (x, y) => converter.inverse([x, y]) as LngLat,
  };
  grids.set(key, grid);
  if (grids.size > MAX_GRIDS) grids.delete(grids.keys().next().value!);
  return grid;
}

const spansByGrid = new WeakMap<DemoSceneGrid, Float64Array>();

/**
 * Per block row, the range of block-centre x (pixels) inside the convex footprint: [min, max] at
 * 2 * by, 2 * by + 1 (empty when min > max). Validity is then two comparisons per block.
 */
export function blockRowSpans(grid: DemoSceneGrid): Float64Array {
  let spans = spansByGrid.get(grid);
  if (spans) return spans;
  const rows = grid.height / BLOCK_PX;
  spans = new Float64Array(rows * 2);
  const p = grid.footprintPx;
  for (let by = 0; by < rows; by++) {
    const y = (by + 0.5) * BLOCK_PX;
    let min = Infinity;
    let max = -Infinity;
    for (let i = 0; i < 4; i++) {
      const [ax, ay] = p[i];
      const [bx, bY] = p[(i + 1) % 4];
      if ((ay <= y && y <= bY) || (bY <= y && y <= ay)) {
        const x = ay === bY ? Math.min(ax, bx) : ax + ((y - ay) / (bY - ay)) * (bx - ax);
        const x2 = ay === bY ? Math.max(ax, bx) : x;
        min = Math.min(min, x);
        max = Math.max(max, x2);
      }
    }
    spans[2 * by] = min;
    spans[2 * by + 1] = max;
  }
  spansByGrid.set(grid, spans);
  return spans;
}

/** A block is valid (not fill) when its centre lies inside the footprint. */
export function blockValid(grid: DemoSceneGrid, bx: number, by: number): boolean {
  if (by < 0 || by >= grid.height / BLOCK_PX) return false;
  const spans = blockRowSpans(grid);
  const x = (bx + 0.5) * BLOCK_PX;
  return x >= spans[2 * by] && x <= spans[2 * by + 1];
}

function round6(v: number): number {
  return Math.round(v * 1e6) / 1e6;
}
