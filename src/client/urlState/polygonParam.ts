/**
 * A polygon in a link: `poly=lon,lat,lon,lat,...` with rings split by `;` and polygons by `!`, each
 * coordinate rounded to 5 decimals (about 1 m, finer than a 30 m pixel needs). Written by hand: no
 * library encodes GeoJSON this compactly and readably for a query string (polyline encodings are
 * shorter but unreadable, and lose the ring structure of holes).
 */
type Ring = number[][];
type PolygonRings = Ring[];

/** Longest `poly` value a link carries; past it the page says the polygon is not in the link. */
export const POLY_PARAM_MAX_CHARS = 4000;

/** The polygons of a Polygon, MultiPolygon, Feature or one-feature FeatureCollection, or null for anything else. */
export function polygonsOf(value: unknown): PolygonRings[] | null {
  const v = value as { type?: string; coordinates?: unknown; geometry?: unknown; features?: unknown[] } | null;
  if (!v || typeof v !== 'object') return null;
  if (v.type === 'Feature') return polygonsOf(v.geometry);
  if (v.type === 'FeatureCollection') return Array.isArray(v.features) && v.features.length === 1 ? polygonsOf(v.features[0]) : null;
  if (v.type === 'Polygon' && Array.isArray(v.coordinates)) return [v.coordinates as PolygonRings];
  if (v.type === 'MultiPolygon' && Array.isArray(v.coordinates)) return v.coordinates as PolygonRings[];
  return null;
}

const round5 = (n: number) => Math.round(n * 1e5) / 1e5;

/** The `poly` value of a polygon, or null when it is no polygon or too long for a link. */
export function encodePolygonParam(value: unknown): string | null {
  const polygons = polygonsOf(value);
  if (!polygons) return null;
  const text = polygons.map((rings) => rings.map((ring) => ring.flatMap(([lon, lat]) => [round5(lon), round5(lat)]).join(',')).join(';')).join('!');
  return text.length <= POLY_PARAM_MAX_CHARS ? text : null;
}

/** A `poly` value as GeoJSON, or the problem with it in words. */
export function decodePolygonParam(text: string): { geometry: { type: 'Polygon' | 'MultiPolygon'; coordinates: number[][][] | number[][][][] } } | { problem: string } {
  const polygons: number[][][][] = [];
  for (const polygonText of text.split('!')) {
    const rings: number[][][] = [];
    for (const ringText of polygonText.split(';')) {
      const numbers = ringText.split(',').map((s) => (s.trim() === '' ? Number.NaN : Number(s)));
      if (numbers.some((n) => !Number.isFinite(n))) return { problem: 'poly holds something that is not a number: it takes lon,lat pairs separated by commas (rings by ";")' };
      if (numbers.length % 2 !== 0) return { problem: 'poly has an odd count of numbers: it takes lon,lat pairs' };
      const ring: number[][] = [];
      for (let i = 0; i < numbers.length; i += 2) ring.push([numbers[i], numbers[i + 1]]);
      if (ring.some(([lon, lat]) => Math.abs(lon) > 180 || Math.abs(lat) > 90)) return { problem: 'poly has a corner outside -180 to 180 (lon) or -90 to 90 (lat)' };
      const first = ring[0];
      const last = ring[ring.length - 1];
      if (first && last && (first[0] !== last[0] || first[1] !== last[1])) ring.push([...first]);
      if (ring.length < 4) return { problem: 'poly has a ring of fewer than 3 corners' };
      rings.push(ring);
    }
    polygons.push(rings);
  }
  return { geometry: polygons.length === 1 ? { type: 'Polygon', coordinates: polygons[0] } : { type: 'MultiPolygon', coordinates: polygons } };
}
