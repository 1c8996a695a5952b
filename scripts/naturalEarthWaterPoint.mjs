// A label point for a Natural Earth sea, gulf or bay from its bounding box: the point of the box nearest
// its centre that lies on water in Natural Earth's 1:50m land (the `world-atlas` package the page already
// bundles, ISC, made from Natural Earth); and the same on land for a region (a desert, range, plain,
// peninsula: ne_110m_geography_regions_polys), whose box's centre can lie at sea (a peninsula's, a
// coastal plain's). Why not the polygon's own pole of inaccessibility (polylabel, as
// for the lakes): the marine layer's outlines are most of its 529,206 characters and were not copied by
// hand (scripts/naturalEarth/README.md); its GeoJSON gives each feature's bounding box, which was.
// A box's centre alone can fall on land (a peninsula, an island), hence the search outward from it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';

const require = createRequire(import.meta.url);

/** Latitude band height (degrees) of the edge index below. */
const BAND = 0.5;

/**
 * Land polygons (outer ring and holes) with their bounding boxes, for a quick reject, and their edges by
 * latitude band: a ray from a point crosses only edges that reach its latitude, and Eurasia's box (it
 * crosses the antimeridian) holds every point of the Pacific, so testing all its edges each time made
 * the search of an island group's box take seconds.
 */
function readLand() {
  const topology = JSON.parse(readFileSync(require.resolve('world-atlas/land-50m.json'), 'utf8'));
  const land = feature(topology, topology.objects.land);
  const geometries = land.type === 'FeatureCollection' ? land.features.map((f) => f.geometry) : [land.geometry];
  const polygons = geometries.flatMap((g) => (g.type === 'Polygon' ? [g.coordinates] : g.coordinates));
  return polygons.map((rings) => {
    const xs = rings[0].map((p) => p[0]);
    const ys = rings[0].map((p) => p[1]);
    const bands = new Map();
    for (const ring of rings)
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
        const edge = [ring[i][0], ring[i][1], ring[j][0], ring[j][1]];
        const low = Math.floor(Math.min(edge[1], edge[3]) / BAND);
        const high = Math.floor(Math.max(edge[1], edge[3]) / BAND);
        for (let b = low; b <= high; b++) {
          if (!bands.has(b)) bands.set(b, []);
          bands.get(b).push(edge);
        }
      }
    return { bands, box: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)] };
  });
}

let land;

/** Even-odd ray casting over a polygon's edges at the point's latitude (holes count as outside). */
function insideEdges([x, y], bands) {
  let inside = false;
  for (const [xi, yi, xj, yj] of bands.get(Math.floor(y / BAND)) ?? []) {
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Whether [lon, lat] lies on Natural Earth's 1:50m land. */
export function onLand(point) {
  land ??= readLand();
  const [x, y] = point;
  return land.some(({ bands, box }) => x >= box[0] && x <= box[2] && y >= box[1] && y <= box[3] && insideEdges(point, bands));
}

/**
 * The water point of bbox [west, south, east, north] nearest its centre, searched on a 0.05° grid in
 * squares of growing size; null when the box holds no water point (none of the layer's seas).
 */
export function waterPointOfBox(box) {
  return pointOfBox(box, false);
}

/**
 * The land point of bbox [west, south, east, north] nearest its centre: the centre itself when on land,
 * else a point with land `marginDegrees` north, south, east and west of it too, so that a range's or a
 * plain's label stands inland, not on the shore the search reached first. Null when none.
 */
export function landPointOfBox(box, marginDegrees = 0) {
  return pointOfBox(box, true, marginDegrees);
}

function pointOfBox([west, south, east, north], wantLand, margin = 0) {
  // The centre itself needs no margin: only a point the search moved to might stand on the shore.
  const fits = ([x, y], r) => onLand([x, y]) === wantLand && (margin === 0 || r === 0 || [[x + margin, y], [x - margin, y], [x, y + margin], [x, y - margin]].every((q) => onLand(q) === wantLand));
  const step = 0.05;
  const cx = (west + east) / 2;
  const cy = (south + north) / 2;
  const reach = Math.ceil(Math.max(east - west, north - south) / 2 / step);
  for (let r = 0; r <= reach; r++) {
    // The square of "radius" r around the centre, nearest points first.
    const ring = [];
    for (let i = -r; i <= r; i++) for (let j = -r; j <= r; j++) if (Math.max(Math.abs(i), Math.abs(j)) === r) ring.push([cx + i * step, cy + j * step]);
    ring.sort((a, b) => Math.hypot(a[0] - cx, a[1] - cy) - Math.hypot(b[0] - cx, b[1] - cy));
    for (const p of ring) if (p[0] >= west && p[0] <= east && p[1] >= south && p[1] <= north && fits(p, r)) return p;
  }
  return null;
}
