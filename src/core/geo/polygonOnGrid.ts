import type { SceneGrid } from '../raster/sceneGrid.js';
import type { InsideRuns } from '../raster/byteSource.js';
import { outerRingsExtent, type PolygonLngLat } from './geoJsonPolygons.js';

/** Polygons in a grid's projected CRS: vertices reprojected, edges straight there (as gdal_rasterize treats a reprojected polygon). */
export type ProjectedPolygon = [number, number][][];

export function projectPolygons(grid: SceneGrid, polygons: PolygonLngLat[]): ProjectedPolygon[] {
  return polygons.map((p) => p.map((ring) => ring.map((lngLat) => grid.lngLatToProjected(lngLat))));
}

/** Whole-pixel window [col0,row0,col1,row1) of the grid covering the polygons' outer rings, clipped to the raster (may be empty). */
export function polygonPixelWindow(grid: SceneGrid, projected: ProjectedPolygon[]): [number, number, number, number] {
  const [minX, minY, maxX, maxY] = outerRingsExtent(projected);
  const col0 = Math.max(0, Math.floor((minX - grid.originX) / grid.pixelSizeX));
  const col1 = Math.min(grid.width, Math.ceil((maxX - grid.originX) / grid.pixelSizeX));
  const row0 = Math.max(0, Math.floor((grid.originY - maxY) / grid.pixelSizeY));
  const row1 = Math.min(grid.height, Math.ceil((grid.originY - minY) / grid.pixelSizeY));
  return [col0, row0, Math.max(col0, col1), Math.max(row0, row1)];
}

/**
 * Which pixels of a window have their CENTRE inside the polygons (GDAL's default rasterisation
 * rule, gdal_rasterize without -at), holes left out (even-odd over each polygon's rings). Row-major,
 * 1 inside, 0 outside. A scanline per pixel row: crossings of the row's centre line with every edge.
 */
export function pixelCentresInside(grid: SceneGrid, projected: ProjectedPolygon[], [col0, row0, col1, row1]: [number, number, number, number]): Uint8Array {
  const width = col1 - col0;
  const height = row1 - row0;
  const inside = new Uint8Array(Math.max(0, width * height));
  for (let r = 0; r < height; r++) {
    const y = grid.originY - (row0 + r + 0.5) * grid.pixelSizeY;
    for (const polygon of projected) {
      const xs: number[] = [];
      for (const ring of polygon) {
        for (let i = 0; i + 1 < ring.length; i++) {
          const [xa, ya] = ring[i];
          const [xb, yb] = ring[i + 1];
          // Half-open in y so a vertex on the line counts once.
          if (ya > y !== yb > y) xs.push(xa + ((y - ya) * (xb - xa)) / (yb - ya));
        }
      }
      xs.sort((a, b) => a - b);
      for (let k = 0; k + 1 < xs.length; k += 2) {
        // Centres x_c = originX + (col + 0.5) * size with xs[k] <= x_c < xs[k+1].
        const first = Math.max(col0, Math.ceil((xs[k] - grid.originX) / grid.pixelSizeX - 0.5));
        const last = Math.min(col1 - 1, Math.ceil((xs[k + 1] - grid.originX) / grid.pixelSizeX - 0.5) - 1);
        for (let c = first; c <= last; c++) inside[r * width + (c - col0)] = 1;
      }
    }
  }
  return inside;
}

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (d: number) => (d * Math.PI) / 180;

/**
 * Area on the sphere in km², holes subtracted (the spherical-excess sum used by d3-geo and Turf):
 * what the 2,500 km² limit is checked against before anything is read.
 */
export function polygonsAreaKm2(polygons: PolygonLngLat[]): number {
  const ringArea = (ring: [number, number][]) => {
    let sum = 0;
    for (let i = 0; i + 1 < ring.length; i++) {
      const [l1, p1] = ring[i];
      const [l2, p2] = ring[i + 1];
      sum += rad(l2 - l1) * (2 + Math.sin(rad(p1)) + Math.sin(rad(p2)));
    }
    return Math.abs((sum * EARTH_RADIUS_M * EARTH_RADIUS_M) / 2);
  };
  let total = 0;
  for (const p of polygons) total += ringArea(p[0]) - p.slice(1).reduce((s, hole) => s + ringArea(hole), 0);
  return total / 1e6;
}

/** A window's inside mask (pixelCentresInside) as runs along each row (InsideRuns): what a counting worker is sent instead of the mask. */
export function insideRunsOf(inside: Uint8Array, width: number, height: number): InsideRuns {
  const rowStart = new Int32Array(height + 1);
  const spans: number[] = [];
  for (let r = 0; r < height; r++) {
    rowStart[r] = spans.length / 2;
    const row = r * width;
    for (let c = 0; c < width; c++) {
      if (inside[row + c] === 0) continue;
      const from = c;
      while (c < width && inside[row + c] === 1) c++;
      spans.push(from, c);
    }
  }
  rowStart[height] = spans.length / 2;
  return { rowStart, spans: Int32Array.from(spans) };
}
