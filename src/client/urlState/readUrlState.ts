import { BAND_IDS, isBandId, type BandId } from '../../core/bands/bandCatalog.js';
import { DEFAULT_MASK, maskToText, parseMask } from '../../core/raster/clearPixel.js';
import { ANALYSIS_AREAS, isAnalysisArea, type AnalysisArea } from '../filters/analysisArea.js';
import type { ImageSize } from '../filters/imageSize.js';
import { decodePolygonParam } from './polygonParam.js';


/** Initial page state a link can carry (notification e-mails link to `/?lat=..&lon=..&startDate=..`). */
export interface UrlState {
  lat?: number;
  lon?: number;
  startDate?: string;
  endDate?: string;
  size?: ImageSize;
  cloudCoverage?: number;
  bands?: BandId[];
  /** Pixel values from the most recent scene only, or from every scene in the date range. */
  scenes?: 'latest' | 'all';
  /** The statistics area: the scene box or a square around the point. */
  area?: AnalysisArea;
  /** The API's `mask` (what is not clear), in its canonical words; absent means the default. */
  mask?: string;
  /** TM/ETM+ reflectance harmonised to OLI (`harmonize=oli`). */
  harmonize?: boolean;
  /** The Area statistics polygon (`poly`), as GeoJSON. */
  polygon?: unknown;
  /** A longer polygon's id on the server (`areaId`, POST /api/areas). */
  areaId?: string;
  /** The scene chosen in the scene list (`scene`): shown once the fetch lists it. */
  scene?: string;
  /**
   * What the link asked for that the page cannot use, one sentence each (which parameter, what was
   * wrong). Such a value is refused, not replaced: the page shows these and leaves that setting as it was.
   */
  problems: string[];
  /** Test hook: `?crash=1` throws during render to show the error screen. */
  crash: boolean;
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
/** A short part of what the link held: a problem names it without repeating a long value whole. */
const shown = (value: string) => (value.length > 24 ? `${value.slice(0, 24)}…` : value);

function validDate(value: string): boolean {
  if (!isoDate.test(value)) return false;
  const t = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === value;
}

/**
 * Reads the query string strictly: a value the page cannot use is refused with a problem in words
 * (never silently replaced by a default), and the other settings still apply.
 */
export function readUrlState(search: string): UrlState {
  const q = new URLSearchParams(search);
  const problems: string[] = [];
  const state: UrlState = { problems, crash: q.get('crash') === '1' };

  const number = (name: string, value: string | null, min: number, max: number, what: string): number | undefined => {
    if (value === null) return undefined;
    const text = value.trim();
    // Number() would read "" as 0 and "1e1" as 10; a link carries plain decimals.
    if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(text)) {
      problems.push(
        text.includes(',') && /^[-+]?\d+,\d+$/.test(text)
          ? `${name}=${shown(value)} uses a comma as the decimal mark: write ${text.replace(',', '.')}.`
          : `${name}=${shown(value)} is not a number: ${name} takes ${what}.`,
      );
      return undefined;
    }
    const n = Number(text);
    if (n < min || n > max) {
      problems.push(`${name}=${shown(value)} is outside ${min} to ${max}: ${name} takes ${what}.`);
      return undefined;
    }
    return n;
  };

  const lat = number('lat', q.get('lat'), -90, 90, 'a latitude in decimal degrees, -90 to 90');
  const lon = number('lon', q.get('lon'), -180, 180, 'a longitude in decimal degrees, -180 to 180');
  if (lat !== undefined && lon !== undefined) {
    state.lat = lat;
    state.lon = lon;
  } else if ((q.get('lat') === null) !== (q.get('lon') === null)) {
    problems.push(`${q.get('lat') === null ? 'lon' : 'lat'} is given without ${q.get('lat') === null ? 'lat' : 'lon'}: a point needs both.`);
  }

  for (const name of ['startDate', 'endDate'] as const) {
    const value = q.get(name);
    if (value === null || value === '') continue;
    if (validDate(value)) state[name] = value;
    else problems.push(`${name}=${shown(value)} is not a date: ${name} takes YYYY-MM-DD, e.g. 2024-06-30.`);
  }

  const size = q.get('size');
  if (size !== null) {
    const lower = size.toLowerCase();
    if (lower === '3x3' || lower === 'full') state.size = lower;
    else problems.push(`size=${shown(size)} is not an image size: size takes 3x3 or full.`);
  }

  const cloudName = q.has('cloud') ? 'cloud' : 'cloudCoverage';
  const cloudText = q.get(cloudName);
  const cloud = number(cloudName, cloudText, 0, 100, 'the largest scene cloud cover in whole percent, 0 to 100');
  if (cloud !== undefined) {
    if (Number.isInteger(cloud)) state.cloudCoverage = cloud;
    else problems.push(`${cloudName}=${shown(cloudText!)} is not a whole percent: ${cloudName} takes 0 to 100 without decimals.`);
  }

  const bandsText = q.get('bands');
  if (bandsText !== null && bandsText.trim() !== '') {
    const ids = bandsText.split(',').map((s) => s.trim().toUpperCase()).filter(Boolean);
    const unknown = ids.filter((id) => !isBandId(id));
    if (unknown.length > 0) problems.push(`bands=${shown(bandsText)} names unknown band${unknown.length > 1 ? 's' : ''} ${shown(unknown.join(', '))}: bands takes ${BAND_IDS.join(', ')}.`);
    else state.bands = [...new Set(ids)] as BandId[];
  }

  const scenes = q.get('scenes');
  if (scenes === 'latest' || scenes === 'all') state.scenes = scenes;
  else if (scenes !== null) problems.push(`scenes=${shown(scenes)} is not a choice: scenes takes latest or all.`);

  const area = q.get('area');
  if (isAnalysisArea(area)) state.area = area;
  else if (area !== null) problems.push(`area=${shown(area)} is not an area: area takes ${ANALYSIS_AREAS.join(', ')}.`);

  const mask = q.get('mask');
  if (mask !== null) {
    try {
      const text = maskToText(parseMask(mask));
      if (text !== maskToText(DEFAULT_MASK)) state.mask = text;
    } catch (err) {
      problems.push(`mask=${shown(mask)}: ${(err as Error).message}.`);
    }
  }

  const harmonize = q.get('harmonize');
  if (harmonize === 'oli') state.harmonize = true;
  else if (harmonize !== null) problems.push(`harmonize=${shown(harmonize)} is not a choice: harmonize takes oli (TM/ETM+ adjusted to OLI) or is left out.`);

  const poly = q.get('poly');
  if (poly !== null) {
    const decoded = decodePolygonParam(poly);
    if ('problem' in decoded) problems.push(`${decoded.problem}.`);
    else state.polygon = decoded.geometry;
  }

  const scene = q.get('scene');
  if (scene !== null) {
    if (/^[A-Za-z0-9_]{10,80}$/.test(scene)) state.scene = scene;
    else problems.push(`scene=${shown(scene)} is not a scene id: scene takes a Landsat scene id such as LC08_L2SP_018029_20240814_02_T1.`);
  }

  const areaId = q.get('areaId');
  if (areaId !== null) {
    if (/^[A-Za-z0-9_-]{16}$/.test(areaId)) state.areaId = areaId;
    else problems.push(`areaId=${shown(areaId)} is not an area id: areaId takes the 16 letters, digits, - or _ the page wrote.`);
  }
  return state;
}
