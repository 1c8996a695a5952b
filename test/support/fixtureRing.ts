import proj4 from 'proj4';

/**
 * The fixture scene's grid (its STAC item's proj:transform [448.30078125, 0, 528285, 0, -455.91796875,
 * -1482285], EPSG:32619, as gdalinfo reports it), and polygons drawn on it for the area tests.
 */
export const PX = 448.30078125;
export const PY = 455.91796875;
const toLngLat = proj4('+proj=utm +zone=19 +datum=WGS84 +units=m +no_defs', '+proj=longlat +datum=WGS84 +no_defs');

/** A ring (lon, lat) around whole pixels cols [c0, c1) x rows [r0, r1) of the fixture scene, a quarter pixel inside their outer edges. */
export function ringAround(c0: number, r0: number, c1: number, r1: number): [number, number][] {
  const x0 = 528285 + (c0 + 0.25) * PX;
  const x1 = 528285 + (c1 - 0.25) * PX;
  const y0 = -1482285 - (r0 + 0.25) * PY;
  const y1 = -1482285 - (r1 - 0.25) * PY;
  return [[x0, y0], [x0, y1], [x1, y1], [x1, y0], [x0, y0]].map((xy) => toLngLat.forward(xy) as [number, number]);
}
