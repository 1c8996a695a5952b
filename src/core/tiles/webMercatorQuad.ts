/**
 * The OGC WebMercatorQuad tile matrix set (OGC 17-083r4, the XYZ/"slippy map" grid of every web map):
 * EPSG:3857, 256 px tiles, tile (0, 0) at the north-west corner, 2^z x 2^z tiles at zoom z.
 * https://docs.ogc.org/is/17-083r4/17-083r4.html#toc49
 */
import proj4 from 'proj4';
import type { LngLat } from '../geo/lngLat.js';

export const TILE_SIZE_PX = 256;
export const MIN_ZOOM = 0;
export const MAX_ZOOM = 18;
/** Half the side of the square the projection spans, metres (pi x the WGS 84 semi-major axis). */
export const MERCATOR_HALF_M = Math.PI * 6378137;
/** Web Mercator's latitude limit: the square's edges. */
export const MERCATOR_MAX_LAT = 85.0511287798066;

export interface TileAddress {
  z: number;
  x: number;
  y: number;
}

export interface MercatorBounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export const isTileInMatrix = ({ z, x, y }: TileAddress): boolean =>
  Number.isInteger(z) && Number.isInteger(x) && Number.isInteger(y) && z >= MIN_ZOOM && z <= MAX_ZOOM && x >= 0 && y >= 0 && x < 2 ** z && y < 2 ** z;

/** Side of one tile pixel at zoom z, in EPSG:3857 metres (156 543.03 m at zoom 0). */
export const pixelSizeM = (z: number): number => (2 * MERCATOR_HALF_M) / TILE_SIZE_PX / 2 ** z;

/** The tile's corners in EPSG:3857 metres. */
export function tileBoundsMercator({ z, x, y }: TileAddress): MercatorBounds {
  const side = (2 * MERCATOR_HALF_M) / 2 ** z;
  return { minX: -MERCATOR_HALF_M + x * side, maxX: -MERCATOR_HALF_M + (x + 1) * side, maxY: MERCATOR_HALF_M - y * side, minY: MERCATOR_HALF_M - (y + 1) * side };
}

const mercator = proj4('EPSG:3857', 'WGS84');
export const mercatorToLngLat = (xy: [number, number]): LngLat => mercator.forward(xy) as LngLat;
export const lngLatToMercator = (lngLat: LngLat): [number, number] => mercator.inverse(lngLat) as [number, number];

/** The tile's [minLon, minLat, maxLon, maxLat]. */
export function tileBoundsLngLat(tile: TileAddress): [number, number, number, number] {
  const b = tileBoundsMercator(tile);
  const [minLon, minLat] = mercatorToLngLat([b.minX, b.minY]);
  const [maxLon, maxLat] = mercatorToLngLat([b.maxX, b.maxY]);
  return [minLon, minLat, maxLon, maxLat];
}

/** EPSG:3857 coordinates of the centre of pixel (col, row) of a tile. */
export function tilePixelCentre(tile: TileAddress, col: number, row: number): [number, number] {
  const b = tileBoundsMercator(tile);
  const size = pixelSizeM(tile.z);
  return [b.minX + (col + 0.5) * size, b.maxY - (row + 0.5) * size];
}

/** The tile holding a [lon, lat] at zoom z. */
export function tileAtLngLat(lngLat: LngLat, z: number): TileAddress {
  const [mx, my] = lngLatToMercator(lngLat);
  const side = (2 * MERCATOR_HALF_M) / 2 ** z;
  const clamp = (v: number) => Math.min(2 ** z - 1, Math.max(0, Math.floor(v)));
  return { z, x: clamp((mx + MERCATOR_HALF_M) / side), y: clamp((MERCATOR_HALF_M - my) / side) };
}
