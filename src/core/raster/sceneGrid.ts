/**
 * Maps WGS84 [lon, lat] to pixels of a scene's grid and back, with proj4.
 *
 * Landsat Collection 2 keeps the NORTH UTM zone of the path/row for scenes south of the equator
 * and writes negative northings (EPSG:326xx, y < 0) instead of switching to EPSG:327xx; proj4's
 * +proj=utm without +south does exactly that, so no special case is needed as long as the EPSG
 * code of the file is honoured. https://www.usgs.gov/faqs/why-do-landsat-scenes-southern-hemisphere-display-negative-utm-values
 */
import proj4 from 'proj4';
import type { BBox, LngLat } from '../geo/lngLat.js';

export interface SceneGridSpec {
  epsg: number;
  /** Upper-left CORNER of the upper-left pixel (GDAL convention, after any PixelIsPoint shift), in CRS units. */
  originX: number;
  originY: number;
  /** Pixel size in CRS units, both positive (y grows downwards in rows). */
  pixelSizeX: number;
  pixelSizeY: number;
  width: number;
  height: number;
}

/** Fractional pixel position: col 2.5 is the centre of column 2. */
export interface PixelPoint {
  col: number;
  row: number;
}

export interface ProjectedBounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export interface SceneGrid extends SceneGridSpec {
  /** 'EPSG:32619' */
  readonly crs: string;
  lngLatToProjected(lngLat: LngLat): [x: number, y: number];
  projectedToLngLat(xy: [number, number]): LngLat;
  /** Fractional pixel coordinates; floor() gives the pixel containing the point. */
  lngLatToPixel(lngLat: LngLat): PixelPoint;
  /** Centre of pixel (col,row) for integer inputs. */
  pixelCenterToLngLat(col: number, row: number): LngLat;
  /** Projected bounds of a WGS84 box, densified along its edges (UTM bends lon/lat lines). */
  bboxToProjected(box: BBox): ProjectedBounds;
  /** Whole-pixel window [col0,row0,col1,row1) covering the box, clipped to the raster (may be empty). */
  bboxToPixelWindow(box: BBox): [number, number, number, number];
  contains(col: number, row: number): boolean;
}

/** proj4 definition for the CRSs Landsat Collection 2 uses (UTM north/south, polar stereographic). */
export function projDefinitionForEpsg(epsg: number): string {
  if (epsg >= 32601 && epsg <= 32660) return `+proj=utm +zone=${epsg - 32600} +datum=WGS84 +units=m +no_defs`;
  if (epsg >= 32701 && epsg <= 32760) return `+proj=utm +zone=${epsg - 32700} +south +datum=WGS84 +units=m +no_defs`;
  if (epsg === 3031) return '+proj=stere +lat_0=-90 +lat_ts=-71 +lon_0=0 +x_0=0 +y_0=0 +datum=WGS84 +units=m +no_defs';
  if (epsg === 3413) return '+proj=stere +lat_0=90 +lat_ts=70 +lon_0=-45 +x_0=0 +y_0=0 +datum=WGS84 +units=m +no_defs';
  if (epsg === 4326) return '+proj=longlat +datum=WGS84 +no_defs';
  throw new RangeError(`unsupported raster CRS EPSG:${epsg}`);
}

const converters = new Map<number, proj4.Converter>();
function converterFor(epsg: number): proj4.Converter {
  let c = converters.get(epsg);
  if (!c) {
    c = proj4('+proj=longlat +datum=WGS84 +no_defs', projDefinitionForEpsg(epsg));
    converters.set(epsg, c);
  }
  return c;
}

export function createSceneGrid(spec: SceneGridSpec): SceneGrid {
  const conv = converterFor(spec.epsg);
  const { originX, originY, pixelSizeX, pixelSizeY, width, height } = spec;
  const toXY = (lngLat: LngLat) => conv.forward([lngLat[0], lngLat[1]]) as [number, number];
  const grid: SceneGrid = {
    ...spec,
    crs: `EPSG:${spec.epsg}`,
    lngLatToProjected: toXY,
    projectedToLngLat: (xy) => conv.inverse([xy[0], xy[1]]) as LngLat,
    lngLatToPixel(lngLat) {
      const [x, y] = toXY(lngLat);
      return { col: (x - originX) / pixelSizeX, row: (originY - y) / pixelSizeY };
    },
    pixelCenterToLngLat(col, row) {
      return conv.inverse([originX + (col + 0.5) * pixelSizeX, originY - (row + 0.5) * pixelSizeY]) as LngLat;
    },
    bboxToProjected(box) {
      const steps = 16;
      let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
      for (let i = 0; i <= steps; i++) {
        const t = i / steps;
        const lon = box.minLon + (box.maxLon - box.minLon) * t;
        const lat = box.minLat + (box.maxLat - box.minLat) * t;
        for (const p of [[lon, box.minLat], [lon, box.maxLat], [box.minLon, lat], [box.maxLon, lat]] as LngLat[]) {
          const [x, y] = toXY(p);
          if (x < minX) minX = x;
          if (x > maxX) maxX = x;
          if (y < minY) minY = y;
          if (y > maxY) maxY = y;
        }
      }
      return { minX, minY, maxX, maxY };
    },
    bboxToPixelWindow(box) {
      const b = grid.bboxToProjected(box);
      const col0 = Math.max(0, Math.floor((b.minX - originX) / pixelSizeX));
      const col1 = Math.min(width, Math.ceil((b.maxX - originX) / pixelSizeX));
      const row0 = Math.max(0, Math.floor((originY - b.maxY) / pixelSizeY));
      const row1 = Math.min(height, Math.ceil((originY - b.minY) / pixelSizeY));
      return [col0, row0, Math.max(col0, col1), Math.max(row0, row1)];
    },
    contains: (col, row) => col >= 0 && row >= 0 && col < width && row < height,
  };
  return grid;
}

/**
 * The grid of a COG as GDAL sees it (PixelIsPoint already shifted to the corner by the reader). Takes
 * cogHeader.ts's `CogGeo` by its shape, so this module does not import the header parser that imports it.
 */
export function sceneGridFromCogGeo(geo: Omit<SceneGridSpec, 'epsg'> & { epsg: number | null }): SceneGrid {
  if (geo.epsg === null) throw new Error('raster has no EPSG code');
  return createSceneGrid({
    epsg: geo.epsg,
    originX: geo.originX,
    originY: geo.originY,
    pixelSizeX: geo.pixelSizeX,
    pixelSizeY: geo.pixelSizeY,
    width: geo.width,
    height: geo.height,
  });
}
