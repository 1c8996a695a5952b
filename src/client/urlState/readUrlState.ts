import { isBandId, type BandId } from '../../core/bands/bandCatalog.js';
import { DEFAULT_MASK, maskToText, parseMask } from '../../core/raster/clearPixel.js';
import { isAnalysisArea, type AnalysisArea } from '../filters/analysisArea.js';

export type ImageSize = '3x3' | 'full';

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
  /** Test hook: `?crash=1` throws during render to show the error screen. */
  crash: boolean;
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** The mask words a link names, in canonical form; undefined when absent, malformed or the default. */
function maskIn(value: string | null): string | undefined {
  if (value === null) return undefined;
  try {
    const text = maskToText(parseMask(value));
    return text === maskToText(DEFAULT_MASK) ? undefined : text;
  } catch {
    return undefined;
  }
}

function numberIn(value: string | null, min: number, max: number): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) && n >= min && n <= max ? n : undefined;
}

/** Reads the query string leniently: anything malformed is ignored rather than breaking the page. */
export function readUrlState(search: string): UrlState {
  const q = new URLSearchParams(search);
  const lat = numberIn(q.get('lat'), -90, 90);
  const lon = numberIn(q.get('lon'), -180, 180);
  const size = q.get('size')?.toLowerCase();
  const cloud = numberIn(q.get('cloud') ?? q.get('cloudCoverage'), 0, 100);
  const bands = (q.get('bands') ?? '')
    .split(',')
    .map((s) => s.trim().toUpperCase())
    .filter(isBandId);
  const startDate = q.get('startDate') ?? undefined;
  const endDate = q.get('endDate') ?? undefined;
  const scenes = q.get('scenes');
  const area = q.get('area');
  const mask = maskIn(q.get('mask'));
  return {
    // A point needs both axes; half a point is no point.
    ...(lat !== undefined && lon !== undefined ? { lat, lon } : {}),
    startDate: startDate && isoDate.test(startDate) ? startDate : undefined,
    endDate: endDate && isoDate.test(endDate) ? endDate : undefined,
    size: size === '3x3' || size === 'full' ? size : undefined,
    cloudCoverage: cloud === undefined ? undefined : Math.round(cloud),
    bands: bands.length > 0 ? [...new Set(bands)] : undefined,
    ...(scenes === 'latest' || scenes === 'all' ? { scenes } : {}),
    ...(isAnalysisArea(area) ? { area } : {}),
    ...(mask !== undefined ? { mask } : {}),
    crash: q.get('crash') === '1',
  };
}
