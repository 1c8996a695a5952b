import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ArchiveAssetKey } from '../bands/bandCatalog.js';
import type { LngLat } from '../geo/lngLat.js';
import { parseLandsatPlatform } from '../bands/missions.js';
import type { LandsatScene } from './landsatScene.js';

export const LANDSAT_ASSET_KEYS: readonly ArchiveAssetKey[] = ['coastal', 'blue', 'green', 'red', 'nir08', 'swir16', 'swir22', 'lwir11', 'lwir', 'qa_pixel'];

type JsonObject = Record<string, unknown>;

/** A STAC Item as found on disk or in a search answer: only the fields we read are typed. */
export interface StacItemJson {
  type: 'Feature';
  id: string;
  stac_version?: string;
  collection?: string;
  bbox?: number[];
  geometry?: { type: string; coordinates: unknown } | null;
  properties: JsonObject;
  assets: Record<string, { href: string } & JsonObject>;
  links?: Array<{ rel: string; href: string } & JsonObject>;
}

/** True for JSON that is a STAC Item (skips collections, catalogues and side files such as *_MTL.json). */
export function isStacItem(json: unknown): json is StacItemJson {
  if (!isObject(json)) return false;
  return json.type === 'Feature' && typeof json.id === 'string' && isObject(json.properties) && isObject(json.assets);
}

/**
 * Normalises a Landsat Collection 2 STAC Item (Planetary Computer `landsat-c2-l2` form) into a
 * LandsatScene, or returns null when the item does not qualify: not a STAC Item, not Landsat 4, 5, 7, 8 or 9,
 * not Level-2, or missing the date, cloud cover, path/row, CRS or footprint the app relies on.
 *
 * `itemLocation` is where the item was read (an absolute file path or a URL): relative asset hrefs
 * are resolved against it, as STAC requires (https://github.com/radiantearth/stac-spec/blob/master/best-practices.md#use-of-links).
 */
export function normalizeStacItem(item: unknown, itemLocation: string): LandsatScene | null {
  if (!isStacItem(item)) return null;
  const props = item.properties;

  const satellite = parseLandsatPlatform(props.platform);
  if (!satellite) return null;
  const processingLevel = parseProcessingLevel(props['landsat:correction'], item.id);
  if (!processingLevel) return null;

  const datetime = typeof props.datetime === 'string' ? props.datetime : null;
  if (!datetime || Number.isNaN(Date.parse(datetime))) return null;
  const cloudCover = toNumber(props['eo:cloud_cover']);
  // PC publishes path/row as zero-padded strings ("047"); other catalogues use numbers.
  const wrsPath = toNumber(props['landsat:wrs_path']);
  const wrsRow = toNumber(props['landsat:wrs_row']);
  const epsg = parseEpsg(props);
  const footprintLngLat = parseFootprint(item.geometry);
  if (cloudCover === null || wrsPath === null || wrsRow === null || epsg === null || !footprintLngLat) return null;

  const selfHref = item.links?.find((link) => link.rel === 'self' && typeof link.href === 'string')?.href;
  const base = selfHref && isUrl(selfHref) ? selfHref : itemLocation;
  const assets: LandsatScene['assets'] = {};
  for (const key of LANDSAT_ASSET_KEYS) {
    const href = item.assets[key]?.href;
    if (typeof href === 'string' && href) assets[key] = resolveHref(href, base);
  }

  return {
    id: item.id,
    satellite,
    datetime: new Date(datetime).toISOString(),
    wrsPath,
    wrsRow,
    cloudCover,
    landCloudCover: toNumber(props['landsat:cloud_cover_land']),
    sunElevation: toNumber(props['view:sun_elevation']),
    sunAzimuth: toNumber(props['view:sun_azimuth']),
    processingLevel,
    collectionCategory: typeof props['landsat:collection_category'] === 'string' ? props['landsat:collection_category'] : null,
    epsg,
    footprintLngLat,
    bboxLngLat: parseBBox(item.bbox) ?? ringBBox(footprintLngLat),
    assets,
    geometricRmseM: toNumber(props['landsat:geometric_rmse_model'] ?? props['landsat:geometric_rmse'] ?? props.GEOMETRIC_RMSE_MODEL),
    ...(typeof item.assets['mtl.json']?.href === 'string' ? { metadataHref: resolveHref(item.assets['mtl.json'].href, base) } : {}),
    synthetic: props.synthetic === true,
  };
}

/** Resolves an asset href against the item's location; file: URLs become paths a file reader can open. */
export function resolveHref(href: string, base: string): string {
  let resolved: string;
  if (isUrl(href)) resolved = href;
  else if (isUrl(base)) resolved = new URL(href, base).href;
  else resolved = path.isAbsolute(href) ? href : path.resolve(path.dirname(base), href);
  return resolved.startsWith('file:') ? fileURLToPath(resolved) : resolved;
}

function isUrl(value: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(value) || value.startsWith('file:');
}

function parseProcessingLevel(correction: unknown, id: string): string | null {
  if (typeof correction === 'string') return /^L2S[PR]$/i.test(correction) ? correction.toUpperCase() : null;
  const fromId = /^L[COTE]0[45789]_(L2S[PR])_/i.exec(id);
  return fromId ? fromId[1].toUpperCase() : null;
}

function parseEpsg(props: JsonObject): number | null {
  const epsg = toNumber(props['proj:epsg']);
  if (epsg !== null) return epsg;
  // Projection extension v2 replaced proj:epsg by proj:code ("EPSG:32619").
  const code = props['proj:code'];
  const match = typeof code === 'string' ? /^EPSG:(\d+)$/i.exec(code) : null;
  return match ? Number(match[1]) : null;
}

function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

function parseFootprint(geometry: StacItemJson['geometry']): LngLat[] | null {
  if (!geometry || !Array.isArray(geometry.coordinates)) return null;
  if (geometry.type === 'Polygon') {
    const ring = parseRing((geometry.coordinates as unknown[])[0]);
    return ring ? unwrapAntimeridian(closeRing(ring)) : null;
  }
  if (geometry.type === 'MultiPolygon') {
    // A scene crossing the antimeridian is published split in two; Landsat footprints are convex
    // quadrilaterals, so the hull of all parts (after unwrapping) is the scene's real footprint.
    const points: LngLat[] = [];
    for (const polygon of geometry.coordinates as unknown[]) {
      const ring = Array.isArray(polygon) ? parseRing(polygon[0]) : null;
      if (ring) points.push(...ring);
    }
    return points.length >= 3 ? convexHull(unwrapAntimeridian(points)) : null;
  }
  return null;
}

function parseRing(value: unknown): LngLat[] | null {
  if (!Array.isArray(value) || value.length < 3) return null;
  const ring: LngLat[] = [];
  for (const position of value) {
    if (!Array.isArray(position) || typeof position[0] !== 'number' || typeof position[1] !== 'number') return null;
    ring.push([position[0], position[1]]);
  }
  return ring;
}

function closeRing(ring: LngLat[]): LngLat[] {
  const first = ring[0];
  const last = ring[ring.length - 1];
  return first[0] === last[0] && first[1] === last[1] ? ring : [...ring, [first[0], first[1]]];
}

/** Longitudes spanning more than 180° mean the antimeridian is crossed: continue past 180 instead. */
function unwrapAntimeridian(points: LngLat[]): LngLat[] {
  const lons = points.map((p) => p[0]);
  if (Math.max(...lons) - Math.min(...lons) <= 180) return points;
  return points.map(([lon, lat]) => [lon < 0 ? lon + 360 : lon, lat]);
}

function convexHull(points: LngLat[]): LngLat[] {
  const sorted = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const cross = (o: LngLat, a: LngLat, b: LngLat) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: LngLat[] = [];
  for (const p of sorted) {
    while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: LngLat[] = [];
  for (const p of [...sorted].reverse()) {
    while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], p) <= 0) upper.pop();
    upper.push(p);
  }
  const hull = [...lower.slice(0, -1), ...upper.slice(0, -1)];
  return closeRing(hull);
}

function parseBBox(bbox: unknown): [number, number, number, number] | null {
  if (!Array.isArray(bbox) || (bbox.length !== 4 && bbox.length !== 6) || !bbox.every((v) => typeof v === 'number')) return null;
  const [minLon, minLat, maxLon, maxLat] = bbox.length === 4 ? bbox : [bbox[0], bbox[1], bbox[3], bbox[4]];
  // An antimeridian-crossing bbox (minLon > maxLon) is left to the footprint-derived box.
  return minLon <= maxLon && minLat <= maxLat ? [minLon, minLat, maxLon, maxLat] : null;
}

function ringBBox(ring: LngLat[]): [number, number, number, number] {
  const lons = ring.map((p) => p[0]);
  const lats = ring.map((p) => p[1]);
  return [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)];
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
