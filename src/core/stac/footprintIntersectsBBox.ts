import { pointInRing } from '../geo/pointInRing.js';
import type { LngLat } from '../geo/lngLat.js';

type BBoxLngLat = readonly [minLon: number, minLat: number, maxLon: number, maxLat: number];

/**
 * Whether a scene footprint (closed ring in [lon, lat]) and a query box share at least one point,
 * boundaries included, so a degenerate box (a point query) on a footprint edge counts.
 *
 * Footprints crossing the antimeridian are stored unwrapped (longitudes beyond 180), so the box is
 * also tried shifted by ±360°; a box with minLon > maxLon (the STAC way of crossing it) is split.
 * Testing the footprint rather than the item bbox matters: Landsat scenes are tilted quadrilaterals
 * whose bbox corners lie up to ~20 km outside the imaged area.
 */
export function footprintIntersectsBBox(ringLngLat: readonly LngLat[], bboxLngLat: BBoxLngLat): boolean {
  if (ringLngLat.length < 3) return false;
  const [minLon, minLat, maxLon, maxLat] = bboxLngLat;
  const boxes: BBoxLngLat[] = minLon > maxLon ? [[minLon, minLat, 180, maxLat], [-180, minLat, maxLon, maxLat]] : [bboxLngLat];
  let ringMinLon = Infinity;
  let ringMaxLon = -Infinity;
  for (const [lon] of ringLngLat) {
    ringMinLon = Math.min(ringMinLon, lon);
    ringMaxLon = Math.max(ringMaxLon, lon);
  }
  const shifts = [0, ...(ringMaxLon > 180 ? [360] : []), ...(ringMinLon < -180 ? [-360] : [])];
  return boxes.some((box) => shifts.some((shift) => ringIntersectsBox(ringLngLat, [box[0] + shift, box[1], box[2] + shift, box[3]])));
}

function ringIntersectsBox(ring: readonly LngLat[], box: BBoxLngLat): boolean {
  const [minLon, minLat, maxLon, maxLat] = box;
  let anyLeft = true, anyRight = true, anyBelow = true, anyAbove = true;
  for (const [lon, lat] of ring) {
    if (lon >= minLon && lon <= maxLon && lat >= minLat && lat <= maxLat) return true;
    anyLeft &&= lon < minLon;
    anyRight &&= lon > maxLon;
    anyBelow &&= lat < minLat;
    anyAbove &&= lat > maxLat;
  }
  if (anyLeft || anyRight || anyBelow || anyAbove) return false;
  const corners: LngLat[] = [[minLon, minLat], [maxLon, minLat], [maxLon, maxLat], [minLon, maxLat]];
  if (corners.some((corner) => pointInRing(corner, ring))) return true;
  for (let i = 0; i < ring.length - 1; i++) {
    for (let k = 0; k < 4; k++) {
      if (segmentsIntersect(ring[i], ring[i + 1], corners[k], corners[(k + 1) % 4])) return true;
    }
  }
  // An open ring's closing edge.
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (first[0] !== last[0] || first[1] !== last[1]) {
    for (let k = 0; k < 4; k++) if (segmentsIntersect(last, first, corners[k], corners[(k + 1) % 4])) return true;
  }
  return false;
}

function orientation(a: LngLat, b: LngLat, c: LngLat): number {
  const value = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
  return value > 0 ? 1 : value < 0 ? -1 : 0;
}

function onSegment(a: LngLat, b: LngLat, p: LngLat): boolean {
  return Math.min(a[0], b[0]) <= p[0] && p[0] <= Math.max(a[0], b[0]) && Math.min(a[1], b[1]) <= p[1] && p[1] <= Math.max(a[1], b[1]);
}

function segmentsIntersect(p1: LngLat, p2: LngLat, q1: LngLat, q2: LngLat): boolean {
  const o1 = orientation(p1, p2, q1);
  const o2 = orientation(p1, p2, q2);
  const o3 = orientation(q1, q2, p1);
  const o4 = orientation(q1, q2, p2);
  if (o1 !== o2 && o3 !== o4) return true;
  return (
    (o1 === 0 && onSegment(p1, p2, q1)) ||
    (o2 === 0 && onSegment(p1, p2, q2)) ||
    (o3 === 0 && onSegment(q1, q2, p1)) ||
    (o4 === 0 && onSegment(q1, q2, p2))
  );
}
