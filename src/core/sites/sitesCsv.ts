/**
 * The sites answer as CSV columns (issue 24's contract): site_id, lat, lon, scene_id, satellite,
 * date, wrs_path, wrs_row, cloud_cover, one column per chosen band (its header begins with the band
 * id, then the unit), qa_pixel, clear, note; then, as an extension after the contract's columns,
 * sensor (TM, ETM+, OLI/TIRS) and harmonized (roy2016-rma when TM/ETM+ reflectance was harmonised to
 * OLI, as the other answers name it). The NDJSON answer's row objects use the same keys.
 * Written with src/shared/csv.ts: site ids and notes are the caller's text, so the formula neutralising
 * being added to csvField there (another branch) covers them; nothing here escapes on its own.
 */
import { BAND_CATALOG, type BandId } from '../bands/bandCatalog.js';
import { toCsv, toPrecisionOf, type CsvCell } from '../../shared/csv.js';
import type { SiteRow } from './readSites.js';

export const SITES_FIXED_COLUMNS = ['site_id', 'lat', 'lon', 'scene_id', 'satellite', 'date', 'wrs_path', 'wrs_row', 'cloud_cover'] as const;

/** `B04_red_reflectance`, `B09_thermal_kelvin`; a Level-1-only band keeps a column (empty; its note says why). */
export function bandColumn(id: BandId): string {
  const info = BAND_CATALOG[id];
  const words = info.label.toLowerCase().replace(/\(.*?\)/g, '').replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '');
  return `${id}_${words}${info.unit ? `_${info.unit}` : ''}`;
}

export function sitesCsvHeader(bands: readonly BandId[]): string[] {
  return [...SITES_FIXED_COLUMNS, ...bands.map(bandColumn), 'qa_pixel', 'clear', 'note', 'sensor', 'harmonized'];
}

export function siteRowCells(row: SiteRow, bands: readonly BandId[]): CsvCell[] {
  const s = row.scene;
  return [
    row.site.id, row.site.lat, row.site.lon,
    s?.id, s?.satellite, s?.date, s?.wrsPath, s?.wrsRow, s?.cloudCover,
    ...bands.map((b) => toPrecisionOf(BAND_CATALOG[b].unit, row.values[b])),
    row.qaPixel, row.clear, row.note,
    s?.sensor, s?.harmonized,
  ];
}

/** One row as an object keyed by the CSV header (the NDJSON answer). */
export function siteRowObject(row: SiteRow, bands: readonly BandId[]): Record<string, CsvCell> {
  const header = sitesCsvHeader(bands);
  const cells = siteRowCells(row, bands);
  return Object.fromEntries(header.map((h, i) => [h, cells[i] ?? null]));
}

/** Lines of CSV (CRLF-terminated) for rows, without the header. */
export const sitesCsvLines = (rows: readonly SiteRow[], bands: readonly BandId[]): string => (rows.length === 0 ? '' : toCsv(rows.map((r) => siteRowCells(r, bands))));
export const sitesCsvHeaderLine = (bands: readonly BandId[]): string => toCsv([sitesCsvHeader(bands)]);
