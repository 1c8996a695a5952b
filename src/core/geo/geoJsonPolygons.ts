import type { BBox, LngLat } from './lngLat.js';

/** One polygon: outer ring first, then holes; each ring closed ([0] equals [last]), [lon, lat]. */
export type PolygonLngLat = LngLat[][];

/** The geometry is not a usable polygon: the API answers 400 with this message. */
export class GeometryError extends Error {
  override readonly name = 'GeometryError';
  readonly statusCode = 400;
  readonly code = 'invalid_geometry';
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function position(v: unknown, where: string): LngLat {
  if (!Array.isArray(v) || v.length < 2 || typeof v[0] !== 'number' || typeof v[1] !== 'number' || !Number.isFinite(v[0]) || !Number.isFinite(v[1])) {
    throw new GeometryError(`${where} is not a [longitude, latitude] position of numbers.`);
  }
  const [lon, lat] = v as number[];
  if (lon < -180 || lon > 180 || lat < -90 || lat > 90) throw new GeometryError(`${where} [${lon}, ${lat}] is outside WGS 84 (longitude -180..180, latitude -90..90); GeoJSON puts longitude first.`);
  return [lon, lat];
}

function ring(v: unknown, where: string): LngLat[] {
  if (!Array.isArray(v)) throw new GeometryError(`${where} is not an array of positions.`);
  const points = v.map((p, i) => position(p, `${where} position ${i}`));
  if (points.length < 4) throw new GeometryError(`${where} has ${points.length} positions; a closed ring needs at least 4 (the last repeating the first).`);
  const [a, b] = [points[0], points[points.length - 1]];
  if (a[0] !== b[0] || a[1] !== b[1]) throw new GeometryError(`${where} is not closed: its last position must repeat its first.`);
  return points;
}

function polygon(v: unknown, where: string): PolygonLngLat {
  if (!Array.isArray(v) || v.length === 0) throw new GeometryError(`${where} has no rings.`);
  return v.map((r, i) => ring(r, i === 0 ? `${where} outer ring` : `${where} hole ${i}`));
}

/**
 * Reads a GeoJSON Polygon, MultiPolygon, Feature of one, or a FeatureCollection of exactly one such
 * Feature (RFC 7946, WGS 84) into polygons, and refuses in words what is not one: wrong types,
 * unclosed rings, out-of-range positions, self-intersecting rings or rings crossing each other.
 */
export function parseGeoJsonPolygons(input: unknown): PolygonLngLat[] {
  if (!isObject(input)) throw new GeometryError('The geometry must be a GeoJSON object (Polygon, MultiPolygon, Feature or FeatureCollection).');
  let geometry: unknown = input;
  if (input.type === 'FeatureCollection') {
    const features = input.features;
    if (!Array.isArray(features) || features.length !== 1) {
      throw new GeometryError(`A FeatureCollection must hold exactly one Feature here; it holds ${Array.isArray(features) ? features.length : 'no'} features. Send one polygon or a MultiPolygon.`);
    }
    geometry = features[0];
  }
  if (isObject(geometry) && geometry.type === 'Feature') geometry = geometry.geometry;
  if (!isObject(geometry)) throw new GeometryError('The Feature has no geometry.');
  let polygons: PolygonLngLat[];
  if (geometry.type === 'Polygon') polygons = [polygon(geometry.coordinates, 'Polygon')];
  else if (geometry.type === 'MultiPolygon') {
    if (!Array.isArray(geometry.coordinates) || geometry.coordinates.length === 0) throw new GeometryError('The MultiPolygon has no polygons.');
    polygons = geometry.coordinates.map((p, i) => polygon(p, `MultiPolygon polygon ${i}`));
  } else {
    throw new GeometryError(`The geometry is a ${String(geometry.type)}; an area must be a Polygon or MultiPolygon (a point or line holds no pixels).`);
  }
  for (const [i, p] of polygons.entries()) {
    const crossing = firstCrossing(p);
    if (crossing) throw new GeometryError(`${polygons.length > 1 ? `Polygon ${i}` : 'The polygon'} is self-intersecting: ${crossing}. Fix the outline (e.g. QGIS "Fix geometries") and send it again.`);
  }
  return polygons;
}

interface Segment {
  a: LngLat;
  b: LngLat;
  ring: number;
  index: number;
  ringLength: number;
}

const orient = (p: LngLat, q: LngLat, r: LngLat) => Math.sign((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]));
const onSegment = (p: LngLat, q: LngLat, r: LngLat) => Math.min(p[0], r[0]) <= q[0] && q[0] <= Math.max(p[0], r[0]) && Math.min(p[1], r[1]) <= q[1] && q[1] <= Math.max(p[1], r[1]);

function intersects(s: Segment, t: Segment): boolean {
  const o1 = orient(s.a, s.b, t.a);
  const o2 = orient(s.a, s.b, t.b);
  const o3 = orient(t.a, t.b, s.a);
  const o4 = orient(t.a, t.b, s.b);
  if (o1 !== o2 && o3 !== o4) return true;
  return (o1 === 0 && onSegment(s.a, t.a, s.b)) || (o2 === 0 && onSegment(s.a, t.b, s.b)) || (o3 === 0 && onSegment(t.a, s.a, t.b)) || (o4 === 0 && onSegment(t.a, s.b, t.b));
}

/** Neighbouring edges of one ring share a vertex by construction; any other contact is a crossing. */
function adjacent(s: Segment, t: Segment): boolean {
  if (s.ring !== t.ring) return false;
  const d = Math.abs(s.index - t.index);
  return d === 1 || d === s.ringLength - 1;
}

/** The first pair of edges that touch or cross (sweep over x), in words; null when the rings are simple and apart. */
function firstCrossing(p: PolygonLngLat): string | null {
  const segments: Segment[] = [];
  p.forEach((r, ri) => {
    for (let i = 0; i + 1 < r.length; i++) segments.push({ a: r[i], b: r[i + 1], ring: ri, index: i, ringLength: r.length - 1 });
  });
  const minX = (s: Segment) => Math.min(s.a[0], s.b[0]);
  const maxX = (s: Segment) => Math.max(s.a[0], s.b[0]);
  segments.sort((s, t) => minX(s) - minX(t));
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i];
    for (let j = i + 1; j < segments.length && minX(segments[j]) <= maxX(s); j++) {
      const t = segments[j];
      if (adjacent(s, t)) continue;
      if (Math.max(s.a[1], s.b[1]) < Math.min(t.a[1], t.b[1]) || Math.max(t.a[1], t.b[1]) < Math.min(s.a[1], s.b[1])) continue;
      if (intersects(s, t)) {
        const name = (x: Segment) => `${x.ring === 0 ? 'outer ring' : `hole ${x.ring}`} edge ${x.index}`;
        return `${name(s)} (${s.a.join(', ')} → ${s.b.join(', ')}) meets ${name(t)} (${t.a.join(', ')} → ${t.b.join(', ')})`;
      }
    }
  }
  return null;
}

/** [minX, minY, maxX, maxY] of the polygons' outer rings, in whatever axes their vertices have. */
export function outerRingsExtent(polygons: readonly (readonly (readonly [number, number])[])[][]): [number, number, number, number] {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const p of polygons) {
    for (const [x, y] of p[0]) {
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
    }
  }
  return [minX, minY, maxX, maxY];
}

/** The lon/lat box around the polygons' outer rings. */
export function polygonsBBox(polygons: PolygonLngLat[]): BBox {
  const [minLon, minLat, maxLon, maxLat] = outerRingsExtent(polygons);
  return { minLon, minLat, maxLon, maxLat };
}
