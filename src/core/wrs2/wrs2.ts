import type { BBox, LngLat } from '../geo/lngLat.js';
import { pointInRing } from '../geo/pointInRing.js';

/**
 * WRS-2 (Worldwide Reference System 2), descending (daytime) grid, computed from the nominal
 * Landsat orbit instead of loading the 28,000-polygon USGS shapefile.
 *
 * Geometry: circular orbit of inclination 98.2096 deg, 233 orbits in 16 days, 248 rows per orbit,
 * row 60 on the descending node (equator), path 1 crossing the equator at 64.6 deg W, paths
 * numbered westward. These are the constants USGS uses in its path/row <-> lat/lon converter
 * (https://landsat.usgs.gov/landsat_acq "Convert Path/Row"; the same model as the Landsat 7
 * Science Data Users Handbook, ch. 5); scene centres computed this way match the published
 * centres within a few tens of metres (see wrs2.test.ts).
 *
 * The Earth turns under the orbit plane at one turn per mean solar day, because the orbit is
 * sun-synchronous: over one orbit that is 16/233 of a turn, i.e. exactly 16 path spacings, which
 * is why successive orbits are 16 paths apart.
 */

export interface Wrs2Tile {
  path: number;
  row: number;
  centerLngLat: LngLat;
  /** Closed ring, 5 points: UL, UR, LR, LL, UL. Longitudes are continuous around the centre (they may leave [-180, 180] near the antimeridian). */
  polygonLngLat: LngLat[];
}

export const WRS2_PATHS = 233;
export const WRS2_ROWS = 248;
/** Row on the descending node (equator). */
export const WRS2_DESCENDING_NODE_ROW = 60;
/**
 * Daytime rows (descending half of the orbit, north to south) that the USGS WRS2_descending grid holds
 * and point lookup searches: rows 1..122, and north of row 1 the last rows of the PREVIOUS path's
 * orbit, 246..248 (row 246 centred on the northern turning point, as row 122 is on the southern one).
 * Rows are numbered continuously along each orbit from row 1 (80.77 N); an orbit ends with rows
 * 246-248 just before the next orbit, 16 paths west, starts its row 1. So north of about 81 N the
 * point lies on path p's track but in path p - 16's rows 246-248 (the "end of path" rows of the
 * USGS/GCTP Space Oblique Mercator WRS definition: "a portion of Landsat rows 1 and 2 may also be
 * seen as parts of rows 246 or 247").
 */
export const WRS2_FIRST_DAY_ROW = 1;
export const WRS2_LAST_DAY_ROW = 122;
export const WRS2_FIRST_NORTH_POLAR_DAY_ROW = 246;
/** Number of daytime tiles: 233 paths x (122 + 3) rows. */
export const WRS2_DAY_TILE_COUNT = WRS2_PATHS * (WRS2_LAST_DAY_ROW + WRS2_ROWS - WRS2_FIRST_NORTH_POLAR_DAY_ROW + 1);

/** Every daytime row, north to south: 246, 247, 248, 1, 2, ..., 122. */
export const WRS2_DAY_ROWS: readonly number[] = [
  ...Array.from({ length: WRS2_ROWS - WRS2_FIRST_NORTH_POLAR_DAY_ROW + 1 }, (_, i) => WRS2_FIRST_NORTH_POLAR_DAY_ROW + i),
  ...Array.from({ length: WRS2_LAST_DAY_ROW }, (_, i) => WRS2_FIRST_DAY_ROW + i),
];

const DEG = Math.PI / 180;
const INCLINATION_RAD = 98.2096 * DEG;
const PATH1_DESCENDING_NODE_LON_DEG = -64.6;
const PATH_SPACING_DEG = 360 / WRS2_PATHS;
const ROW_SPACING_RAD = (2 * Math.PI) / WRS2_ROWS;
/** Earth rotation relative to the orbit plane per radian of orbital travel (16 days / 233 orbits). */
const EARTH_TURN_PER_ORBIT_ANGLE = 16 / WRS2_PATHS;
// WGS84 (USGS converter uses a = 6378137, b = 6356752.3): geocentric <-> geodetic latitude.
const SEMI_MAJOR_M = 6_378_137;
const SEMI_MINOR_M = 6_356_752.3;
const GEODETIC_FACTOR = (SEMI_MAJOR_M / SEMI_MINOR_M) ** 2;
const EARTH_RADIUS_M = 6_371_008.8;

/**
 * Nominal scene footprint: half extents along and across track, as central angles. Landsat 8/9
 * scenes are about 185 km across track; WRS-2 rows are 161 km apart and scenes about 180 km long,
 * so adjacent rows and paths overlap. The values were chosen so that the footprints of the real
 * items in the shared fixtures fall within a few km of these nominal quadrilaterals.
 */
const HALF_ALONG_RAD = 96_000 / EARTH_RADIUS_M;
const HALF_ACROSS_RAD = 93_000 / EARTH_RADIUS_M;
/**
 * Real footprints are parallelograms in the orbit frame: their west edge starts earlier along track
 * than their east edge, by the ratio of the Earth's surface speed (times cos lat) to the ground-track
 * speed, which is 16/233 at the equator. Measured on the fixture items: 0.043 at 47 N, 0.064 at 14 S.
 */
const SKEW_PER_COS_LAT = EARTH_TURN_PER_ORBIT_ANGLE;

const SIN_I = Math.sin(INCLINATION_RAD);
const COS_I = Math.cos(INCLINATION_RAD);

function assertPathRow(path: number, row: number): void {
  if (!Number.isInteger(path) || path < 1 || path > WRS2_PATHS) throw new RangeError(`WRS-2 path must be an integer 1..${WRS2_PATHS}, got ${path}`);
  if (!Number.isInteger(row) || row < 1 || row > WRS2_ROWS) throw new RangeError(`WRS-2 row must be an integer 1..${WRS2_ROWS}, got ${row}`);
}

/** Longitude (radians, earth-fixed) where `path` crosses the equator going south. */
function descendingNodeLonRad(path: number): number {
  return (PATH1_DESCENDING_NODE_LON_DEG - (path - 1) * PATH_SPACING_DEG) * DEG;
}

/** Central angle from the descending node to the row's scene centre (negative north of the equator). */
export function wrs2RowCentralAngleRad(row: number): number {
  return (row - WRS2_DESCENDING_NODE_ROW) * ROW_SPACING_RAD;
}

function wrapLonDeg(lonDeg: number): number {
  let l = ((((lonDeg + 180) % 360) + 360) % 360) - 180;
  if (l === -180 && lonDeg > 0) l = 180;
  return l;
}

/**
 * Ground point for a position in the orbit frame: `alongRad` central angle from the descending
 * node (time runs with it), `acrossRad` angle towards the orbit normal (east of a descending track).
 * Returns [lon, lat] with lon unwrapped (not normalised) and geodetic lat, degrees.
 */
function orbitToLngLat(nodeLonRad: number, alongRad: number, acrossRad: number): LngLat {
  // Orbit-plane basis in an inertial frame whose x axis points at the descending node at time 0:
  // D = node direction, W = direction of travel at the node (south and west), N = D x W (east).
  const cn = Math.cos(nodeLonRad);
  const sn = Math.sin(nodeLonRad);
  const ca = Math.cos(alongRad);
  const sa = Math.sin(alongRad);
  const cx = Math.cos(acrossRad);
  const sx = Math.sin(acrossRad);
  // r = ca*D + sa*W, with D = (cn, sn, 0), W = (-COS_I*sn, COS_I*cn, -SIN_I), N = (-SIN_I*sn, SIN_I*cn, COS_I)
  const rx = ca * cn - sa * COS_I * sn;
  const ry = ca * sn + sa * COS_I * cn;
  const rz = -sa * SIN_I;
  const px = cx * rx - sx * SIN_I * sn;
  const py = cx * ry + sx * SIN_I * cn;
  const pz = cx * rz + sx * COS_I;
  const latC = Math.atan2(pz, Math.hypot(px, py));
  const lonInertial = Math.atan2(py, px);
  // The Earth turned by EARTH_TURN * along since the node: earth-fixed longitude = inertial - turn.
  let lon = lonInertial - EARTH_TURN_PER_ORBIT_ANGLE * alongRad;
  // keep continuous with the node longitude (callers unwrap around the centre)
  while (lon - nodeLonRad > Math.PI) lon -= 2 * Math.PI;
  while (lon - nodeLonRad < -Math.PI) lon += 2 * Math.PI;
  const lat = Math.atan(Math.tan(latC) * GEODETIC_FACTOR);
  return [lon / DEG, lat / DEG];
}

/** Nominal WRS-2 scene centre, [lon, lat] degrees (lon in [-180, 180]). */
export function wrs2SceneCenter(path: number, row: number): LngLat {
  assertPathRow(path, row);
  const [lon, lat] = orbitToLngLat(descendingNodeLonRad(path), wrs2RowCentralAngleRad(row), 0);
  return [wrapLonDeg(lon), lat];
}

function unwrapNear(lonDeg: number, refDeg: number): number {
  let l = lonDeg;
  while (l - refDeg > 180) l -= 360;
  while (l - refDeg < -180) l += 360;
  return l;
}

/** Centre and nominal footprint of a WRS-2 scene. */
export function wrs2Tile(path: number, row: number): Wrs2Tile {
  const centerLngLat = wrs2SceneCenter(path, row);
  const node = descendingNodeLonRad(path);
  const c = wrs2RowCentralAngleRad(row);
  const skew = SKEW_PER_COS_LAT * Math.cos(centerLngLat[1] * DEG);
  const corner = (along: number, across: number): LngLat => {
    const [lon, lat] = orbitToLngLat(node, c + along + skew * across, across);
    return [unwrapNear(lon, centerLngLat[0]), lat];
  };
  // Upper = earlier along track (north on the daytime pass), left = west of a descending track.
  const ul = corner(-HALF_ALONG_RAD, -HALF_ACROSS_RAD);
  const ur = corner(-HALF_ALONG_RAD, HALF_ACROSS_RAD);
  const lr = corner(HALF_ALONG_RAD, HALF_ACROSS_RAD);
  const ll = corner(HALF_ALONG_RAD, -HALF_ACROSS_RAD);
  return { path, row, centerLngLat, polygonLngLat: [ul, ur, lr, ll, [ul[0], ul[1]]] };
}

/**
 * Position of a point in the orbit frame of `path`: along-track central angle from the descending
 * node and across-track angle (positive east of the descending track). Found by fixed-point
 * iteration because the Earth turns while the satellite travels (contraction factor 16/233).
 */
export function wrs2OrbitCoordinates(lngLat: LngLat, path: number): { alongRad: number; acrossRad: number } {
  const latC = Math.atan(Math.tan(lngLat[1] * DEG) / GEODETIC_FACTOR);
  return orbitCoordinatesGeocentric(Math.cos(latC), Math.sin(latC), lngLat[0] * DEG, descendingNodeLonRad(path), 0, 12);
}

function orbitCoordinatesGeocentric(
  cosLat: number,
  sinLat: number,
  lonRad: number,
  nodeLonRad: number,
  alongGuessRad: number,
  iterations: number,
): { alongRad: number; acrossRad: number } {
  let along = alongGuessRad;
  let across = 0;
  for (let k = 0; k < iterations; k++) {
    // Inertial longitude of the point, relative to the node, at the time the satellite is at `along`.
    const dl = lonRad + EARTH_TURN_PER_ORBIT_ANGLE * along - nodeLonRad;
    const x = cosLat * Math.cos(dl);
    const y = cosLat * Math.sin(dl);
    // components on D = (1,0,0), W = (0, COS_I, -SIN_I), N = (0, SIN_I, COS_I) (node frame)
    const d = x;
    const w = y * COS_I - sinLat * SIN_I;
    const n = y * SIN_I + sinLat * COS_I;
    const next = Math.atan2(w, d);
    across = Math.asin(Math.max(-1, Math.min(1, n)));
    if (Math.abs(next - along) < 1e-12) {
      along = next;
      break;
    }
    along = next;
  }
  return { alongRad: along, acrossRad: across };
}

/** True when the tile's footprint contains the point (longitudes compared around the tile centre). */
export function wrs2TileContains(tile: Wrs2Tile, lngLat: LngLat): boolean {
  return pointInRing([unwrapNear(lngLat[0], tile.centerLngLat[0]), lngLat[1]], tile.polygonLngLat);
}

const tileCache = new Map<number, Wrs2Tile>();
function cachedTile(path: number, row: number): Wrs2Tile {
  const key = path * 1000 + row;
  let tile = tileCache.get(key);
  if (!tile) {
    tile = wrs2Tile(path, row);
    tileCache.set(key, tile);
  }
  return tile;
}

/** Successive orbits are this many paths apart (westward): the Earth turns 16 path spacings per orbit. */
const ORBIT_PATH_STEP = 16;
const normPath = (p: number) => ((((p - 1) % WRS2_PATHS) + WRS2_PATHS) % WRS2_PATHS) + 1;
// A point farther across track than this from a path's ground track cannot be in any of its scenes.
const ACROSS_LIMIT_RAD = HALF_ACROSS_RAD * 1.25;
// Along-track margin: corners are slightly farther along than the centre line (rotation, skew).
const ALONG_LIMIT_RAD = HALF_ALONG_RAD * 1.25;

/**
 * Every daytime WRS-2 tile (rows 246..248 and 1..122) whose footprint contains the point, nearest scene centre
 * first. Inverts the orbit geometry to the path whose ground track passes nearest, walks to the
 * neighbouring paths while the point stays within a scene half-width of their tracks, and tests
 * the polygons of the one or two rows around the point's along-track position.
 */
export function findWrs2Tiles(lngLat: LngLat): Wrs2Tile[] {
  const [lonDeg, latDeg] = lngLat;
  if (!Number.isFinite(lonDeg) || !Number.isFinite(latDeg) || latDeg < -90 || latDeg > 90) return [];
  const latC = Math.atan(Math.tan(latDeg * DEG) / GEODETIC_FACTOR);
  const cosLat = Math.cos(latC);
  const sinLat = Math.sin(latC);
  const lonRad = lonDeg * DEG;
  // Along-track angle of the point's latitude on a descending track (clamped beyond the turning latitude).
  const s = Math.max(-1, Math.min(1, -sinLat / SIN_I));
  const along0 = Math.asin(s);
  // Node longitude of the track through the point: lon = node + inertial offset - earth turn.
  const inertial = Math.atan2(Math.sin(along0) * COS_I, Math.cos(along0));
  const nodeLon = lonRad - inertial + EARTH_TURN_PER_ORBIT_ANGLE * along0;
  const pathFloat = 1 + (PATH1_DESCENDING_NODE_LON_DEG * DEG - nodeLon) / (PATH_SPACING_DEG * DEG);
  const startPath = Math.round(pathFloat);

  const found: Array<{ tile: Wrs2Tile; d: number }> = [];
  const visitPath = (pathRaw: number): number => {
    const path = normPath(pathRaw);
    // Started from the on-track guess, three steps leave well under a kilometre of error, which the limits' margins absorb.
    const { alongRad, acrossRad } = orbitCoordinatesGeocentric(cosLat, sinLat, lonRad, descendingNodeLonRad(path), along0, 3);
    if (Math.abs(acrossRad) > ACROSS_LIMIT_RAD) return Math.abs(acrossRad);
    // Row positions along this track: 1..122, and 246..248 counted as -2..0 (see WRS2_DAY_ROWS).
    const rowFloat = WRS2_DESCENDING_NODE_ROW + alongRad / ROW_SPACING_RAD;
    const rowMargin = ALONG_LIMIT_RAD / ROW_SPACING_RAD;
    const rMin = Math.max(WRS2_FIRST_NORTH_POLAR_DAY_ROW - WRS2_ROWS, Math.ceil(rowFloat - rowMargin));
    const rMax = Math.min(WRS2_LAST_DAY_ROW, Math.floor(rowFloat + rowMargin));
    for (let position = rMin; position <= rMax; position++) {
      // Rows 246-248 on this track belong to the orbit before it, 16 paths east (lower numbers).
      const tile = position >= WRS2_FIRST_DAY_ROW ? cachedTile(path, position) : cachedTile(normPath(path - ORBIT_PATH_STEP), position + WRS2_ROWS);
      if (wrs2TileContains(tile, lngLat)) {
        const c = tile.centerLngLat;
        const dLat = (c[1] - latDeg) * DEG;
        const dLon = (c[0] - lonDeg) * DEG;
        const h = Math.sin(dLat / 2) ** 2 + Math.cos(latDeg * DEG) * Math.cos(c[1] * DEG) * Math.sin(dLon / 2) ** 2;
        found.push({ tile, d: h });
      }
    }
    return Math.abs(acrossRad);
  };

  visitPath(startPath);
  // Walk east (lower path numbers) and west until the tracks are out of reach; near the poles the
  // tracks converge and many paths cover a point, hence the walk rather than a fixed window.
  for (const dir of [-1, 1]) {
    let prev = -1;
    for (let k = 1; k <= Math.floor(WRS2_PATHS / 2); k++) {
      const across = visitPath(startPath + dir * k);
      if (across > ACROSS_LIMIT_RAD && across >= prev) break;
      prev = across;
    }
  }
  found.sort((a, b) => a.d - b.d || a.tile.path - b.tile.path || a.tile.row - b.tile.row);
  return found.map((f) => f.tile);
}

/**
 * The seed page's box from a footprint: centre of the four corners, plus and minus the largest
 * corner offset on each axis.
 */
export function seedBBoxFromTile(tile: Wrs2Tile): BBox {
  const corners = tile.polygonLngLat.slice(0, 4);
  const cLon = corners.reduce((s, c) => s + c[0], 0) / 4;
  const cLat = corners.reduce((s, c) => s + c[1], 0) / 4;
  const dLon = Math.max(...corners.map((c) => Math.abs(c[0] - cLon)));
  const dLat = Math.max(...corners.map((c) => Math.abs(c[1] - cLat)));
  return { minLon: cLon - dLon, minLat: cLat - dLat, maxLon: cLon + dLon, maxLat: cLat + dLat };
}
