/** A WGS84 position in GeoJSON/STAC axis order: [longitude, latitude] in degrees. */
export type LngLat = [lon: number, lat: number];

/** A WGS84 box using the names the seed page sends (LON_UL=minLon, LAT_UR=minLat, LON_UR=maxLon, LAT_UL=maxLat). */
export interface BBox {
  minLon: number;
  minLat: number;
  maxLon: number;
  maxLat: number;
}

const EARTH_RADIUS_M = 6_371_008.8;
const toRad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres between two [lon, lat] positions. */
export function haversineMeters(a: LngLat, b: LngLat): number {
  const dLat = toRad(b[1] - a[1]);
  const dLon = toRad(b[0] - a[0]);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a[1])) * Math.cos(toRad(b[1])) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Largest east-west and north-south extent of a box, in metres. */
export function bboxExtentMeters(box: BBox): { widthM: number; heightM: number } {
  const midLat = (box.minLat + box.maxLat) / 2;
  return {
    widthM: haversineMeters([box.minLon, midLat], [box.maxLon, midLat]),
    heightM: haversineMeters([box.minLon, box.minLat], [box.minLon, box.maxLat]),
  };
}
