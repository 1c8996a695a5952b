import proj4 from 'proj4';
import type { LngLat } from '../geo/lngLat.js';

export const DEMO_WINDOW_PX = 512;
export const DEMO_PIXEL_SIZE_M = 30;

/** A 512 x 512 px window at 30 m on a UTM grid, centred on a place, as one demo scene's raster grid. */
export interface DemoWindow {
  epsg: number;
  width: number;
  height: number;
  pixelSizeM: number;
  /** Easting/northing of the CENTRE of the first (top-left) pixel, as Collection 2 tie points are (PixelIsPoint). */
  originX: number;
  originY: number;
  /** STAC proj:transform (pixel corner, GDAL order). */
  projTransform: [number, number, number, number, number, number];
  footprintLngLat: LngLat[];
  bboxLngLat: [number, number, number, number];
  /**
   * Affine map from pixel (col, row) to metres east/north of the place, used by the land-cover and
   * cloud fields so that overlapping windows (other path/rows, other UTM zones) show the same ground.
   */
  localX: { c0: number; perCol: number; perRow: number };
  localY: { c0: number; perCol: number; perRow: number };
}

export const M_PER_DEG_LAT = 110_574;
export const M_PER_DEG_LON_EQUATOR = 111_320;

/** UTM zone number of a longitude (no Norway/Svalbard exceptions: WRS-2 scene centres decide the zone). */
export function utmZoneOf(lon: number): number {
  return Math.min(60, Math.max(1, Math.floor((lon + 180) / 6) + 1));
}

/**
 * Landsat Collection 2 grids every scene in the NORTH zone of its scene centre, also south of the
 * equator, where northings are negative (see the fixture scene: EPSG:32619 at 14.7 degrees south;
 * https://www.usgs.gov/faqs/why-do-landsat-scenes-southern-hemisphere-display-negative-utm-values).
 */
export function createDemoWindow(placeLngLat: LngLat, sceneCentreLngLat: LngLat): DemoWindow {
  const zone = utmZoneOf(sceneCentreLngLat[0]);
  const utm = `+proj=utm +zone=${zone} +datum=WGS84 +units=m +no_defs`;
  const toUtm = proj4('EPSG:4326', utm);
  const [e, n] = toUtm.forward([placeLngLat[0], placeLngLat[1]]);
  const size = DEMO_WINDOW_PX;
  const px = DEMO_PIXEL_SIZE_M;
  // Pixel centres on multiples of 30 m, as on the real Landsat grid; the place sits in pixel (256, 256).
  const originX = Math.round(e / px) * px - (size / 2) * px;
  const originY = Math.round(n / px) * px + (size / 2) * px;
  const cornerX = originX - px / 2;
  const cornerY = originY + px / 2;
  const toLngLat = (x: number, y: number): LngLat => {
    const [lon, lat] = toUtm.inverse([x, y]);
    return [round6(lon), round6(lat)];
  };
  const ring: LngLat[] = [
    toLngLat(cornerX, cornerY),
    toLngLat(cornerX + size * px, cornerY),
    toLngLat(cornerX + size * px, cornerY - size * px),
    toLngLat(cornerX, cornerY - size * px),
  ];
  ring.push([...ring[0]] as LngLat);
  const lons = ring.map((p) => p[0]);
  const lats = ring.map((p) => p[1]);

  const [lon0, lat0] = placeLngLat;
  const mPerDegLon = M_PER_DEG_LON_EQUATOR * Math.cos((lat0 * Math.PI) / 180);
  const local = (col: number, row: number) => {
    const [lon, lat] = toUtm.inverse([originX + col * px, originY - row * px]);
    return [(lon - lon0) * mPerDegLon, (lat - lat0) * M_PER_DEG_LAT];
  };
  const p00 = local(0, 0);
  const p10 = local(size - 1, 0);
  const p01 = local(0, size - 1);
  return {
    epsg: 32600 + zone,
    width: size,
    height: size,
    pixelSizeM: px,
    originX,
    originY,
    projTransform: [px, 0, cornerX, 0, -px, cornerY],
    footprintLngLat: ring,
    bboxLngLat: [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)],
    localX: { c0: p00[0], perCol: (p10[0] - p00[0]) / (size - 1), perRow: (p01[0] - p00[0]) / (size - 1) },
    localY: { c0: p00[1], perCol: (p10[1] - p00[1]) / (size - 1), perRow: (p01[1] - p00[1]) / (size - 1) },
  };
}

function round6(v: number): number {
  return Math.round(v * 1e6) / 1e6;
}
