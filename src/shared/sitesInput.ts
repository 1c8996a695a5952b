import { parseCsv } from './csv.js';
import { parseDecimal } from './apiQuery.js';

/**
 * Reads a batch of field sites from CSV text or a JSON array, and finds every bad site before any
 * work starts (the page shows the same list before it sends anything). CSV lines are counted with
 * the header as line 1; JSON sites by their index in `sites`.
 */

export interface SiteInput {
  id: string;
  lat: number;
  lon: number;
}

export interface BadSite {
  /** CSV line (header = line 1). */
  line?: number;
  /** Index in the JSON `sites` array. */
  index?: number;
  reason: string;
}

/** `readable`: the good sites of a list with bad ones (the page draws them on the map while the bad rows are listed). */
export type SitesParse = { ok: true; sites: SiteInput[] } | { ok: false; bad: BadSite[]; badCount: number; notCsv?: string; readable?: SiteInput[] };

/** At most this many bad sites are listed in one answer (the count says how many there are). */
export const MAX_BAD_SITES_LISTED = 20;

const LAT_NAMES = ['lat', 'latitude'];
const LON_NAMES = ['lon', 'lng', 'longitude'];

function coordinate(value: unknown, name: 'lat' | 'lon'): { value?: number; problem?: string } {
  const limit = name === 'lat' ? 90 : 180;
  const word = name === 'lat' ? 'latitude' : 'longitude';
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return { problem: `${word} is missing` };
  const n = typeof value === 'number' ? value : typeof value === 'string' ? parseDecimal(value) : undefined;
  if (n === undefined || !Number.isFinite(n)) return { problem: `${word} "${String(value).slice(0, 40)}" is not a decimal number` };
  if (n < -limit || n > limit) return { problem: `${word} ${n} is out of range (-${limit} to ${limit})` };
  return { value: n };
}

function collect(entries: { where: { line?: number; index?: number }; id: string; lat: unknown; lon: unknown }[]): SitesParse {
  const bad: BadSite[] = [];
  const sites: SiteInput[] = [];
  const seen = new Map<string, string>();
  for (const e of entries) {
    const problems: string[] = [];
    const lat = coordinate(e.lat, 'lat');
    const lon = coordinate(e.lon, 'lon');
    if (lat.problem) problems.push(lat.problem);
    if (lon.problem) problems.push(lon.problem);
    const where = e.where.line !== undefined ? `line ${e.where.line}` : `index ${e.where.index}`;
    if (e.id.trim() === '') problems.push('id is empty');
    else if (seen.has(e.id)) problems.push(`duplicate id "${e.id.slice(0, 60)}" (first at ${seen.get(e.id)})`);
    else seen.set(e.id, where);
    if (problems.length > 0) bad.push({ ...e.where, reason: problems.join('; ') });
    else sites.push({ id: e.id, lat: lat.value!, lon: lon.value! });
  }
  if (bad.length > 0) return { ok: false, bad: bad.slice(0, MAX_BAD_SITES_LISTED), badCount: bad.length, readable: sites };
  return { ok: true, sites };
}

const notCsv = (why: string): SitesParse => ({ ok: false, bad: [], badCount: 0, notCsv: why });

/** Sites from CSV text: a header with lat/latitude and lon/lng/longitude, an optional id column. */
export function parseSitesCsv(text: string): SitesParse {
  if (text.includes('\u0000')) return notCsv('the file holds binary data (NUL bytes), not CSV text');
  const rows = parseCsv(text.replace(/^\uFEFF/, ''));
  if (rows.length === 0 || rows[0].every((c) => c.trim() === '')) return notCsv('the file is empty; the first line must be a header such as id,lat,lon');
  const header = rows[0].map((h) => h.trim().toLowerCase());
  const col = (names: string[]) => header.findIndex((h) => names.includes(h));
  const latCol = col(LAT_NAMES);
  const lonCol = col(LON_NAMES);
  const idCol = col(['id']);
  if (latCol < 0 || lonCol < 0) {
    return notCsv(
      `line 1 must be a header naming a latitude column (lat or latitude) and a longitude column (lon, lng or longitude); found "${rows[0].join(',').slice(0, 120)}"`,
    );
  }
  const entries = [];
  for (let i = 1; i < rows.length; i++) {
    const row = rows[i];
    // Blank lines (often the last one) are not sites.
    if (row.every((c) => c.trim() === '')) continue;
    const line = i + 1;
    entries.push({ where: { line }, id: idCol >= 0 ? (row[idCol] ?? '').trim() : String(line), lat: row[latCol], lon: row[lonCol] });
  }
  if (entries.length === 0) return notCsv('the file has a header but no sites');
  return collect(entries);
}

/** Sites from a parsed JSON `sites` array of {id?, lat, lon}. */
export function parseSitesJson(sites: readonly unknown[]): SitesParse {
  if (sites.length === 0) return notCsv('"sites" is empty; give at least one {"id","lat","lon"}');
  return collect(
    sites.map((s, index) => {
      const o = s !== null && typeof s === 'object' ? (s as Record<string, unknown>) : {};
      const id = o.id === undefined || o.id === null ? String(index) : typeof o.id === 'string' || typeof o.id === 'number' ? String(o.id) : '';
      return { where: { index }, id, lat: o.lat ?? o.latitude, lon: o.lon ?? o.lng ?? o.longitude };
    }),
  );
}
