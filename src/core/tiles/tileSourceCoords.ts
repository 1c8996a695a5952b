/**
 * Where each pixel centre of a WebMercatorQuad tile lies in a scene's projected CRS (UTM or polar
 * stereographic), as GDAL's warper finds it: an exact proj4 transform on a lattice every 8 pixels,
 * interpolated bilinearly in between when that stays within a hundredth of a 30 m pixel of the exact
 * answer at the lattice cells' centres (GDAL's approximate transformer does the same with 0.125 px),
 * exact at every pixel otherwise (low zooms, far from the zone's meridian). 65 536 exact transforms
 * cost ~40 ms of proj4; the lattice ~2 ms.
 */
import proj4 from 'proj4';
import { LRUCache } from 'lru-cache';
import { projDefinitionForEpsg } from '../raster/sceneGrid.js';
import { TILE_SIZE_PX, tilePixelCentre, type TileAddress } from './webMercatorQuad.js';

export interface TileSourceCoords {
  /** Projected x and y of each tile pixel centre, row-major TILE_SIZE_PX x TILE_SIZE_PX. */
  x: Float64Array;
  y: Float64Array;
}

const STEP = 8;
/** Largest interpolation error accepted, metres: 1 % of a Landsat 30 m pixel. */
const MAX_ERROR_M = 0.3;

const converters = new Map<number, proj4.Converter>();
function fromMercator(epsg: number): proj4.Converter {
  let c = converters.get(epsg);
  if (!c) converters.set(epsg, (c = proj4('EPSG:3857', projDefinitionForEpsg(epsg))));
  return c;
}

// A composite samples many scenes of one zone on the same tile: the coordinates are worked out once (1 MB each).
const computed = new LRUCache<string, TileSourceCoords>({ max: 24 });

export function tileSourceCoords(tile: TileAddress, epsg: number): TileSourceCoords {
  const key = `${tile.z}/${tile.x}/${tile.y}:${epsg}`;
  let coords = computed.get(key);
  if (!coords) computed.set(key, (coords = compute(tile, epsg)));
  return coords;
}

function compute(tile: TileAddress, epsg: number): TileSourceCoords {
  const conv = fromMercator(epsg);
  const n = TILE_SIZE_PX;
  const exact = (col: number, row: number) => conv.forward(tilePixelCentre(tile, col, row)) as [number, number];
  const cells = n / STEP;
  const lattice: [number, number][] = [];
  for (let r = 0; r <= cells; r++) for (let c = 0; c <= cells; c++) lattice.push(exact(c * STEP, r * STEP));
  const at = (c: number, r: number) => lattice[r * (cells + 1) + c];
  const interpolate = (col: number, row: number): [number, number] => {
    const c = Math.min(cells - 1, Math.floor(col / STEP));
    const r = Math.min(cells - 1, Math.floor(row / STEP));
    const u = (col - c * STEP) / STEP;
    const v = (row - r * STEP) / STEP;
    const [a, b, d, e] = [at(c, r), at(c + 1, r), at(c, r + 1), at(c + 1, r + 1)];
    return [
      (1 - v) * ((1 - u) * a[0] + u * b[0]) + v * ((1 - u) * d[0] + u * e[0]),
      (1 - v) * ((1 - u) * a[1] + u * b[1]) + v * ((1 - u) * d[1] + u * e[1]),
    ];
  };
  let smooth = lattice.every((p) => Number.isFinite(p[0]) && Number.isFinite(p[1]));
  for (let r = 0; smooth && r < cells; r++) {
    for (let c = 0; smooth && c < cells; c++) {
      const [ex, ey] = exact(c * STEP + STEP / 2, r * STEP + STEP / 2);
      const [ix, iy] = interpolate(c * STEP + STEP / 2, r * STEP + STEP / 2);
      if (!(Math.abs(ex - ix) <= MAX_ERROR_M && Math.abs(ey - iy) <= MAX_ERROR_M)) smooth = false;
    }
  }
  const x = new Float64Array(n * n);
  const y = new Float64Array(n * n);
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) {
      const [px, py] = smooth ? interpolate(col, row) : exact(col, row);
      x[row * n + col] = px;
      y[row * n + col] = py;
    }
  }
  return { x, y };
}
