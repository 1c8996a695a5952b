import { BAND_CATALOG, isBandId } from '../core/bands/bandCatalog.js';
import { isLandsatPlatform, sensorOf } from '../core/bands/missions.js';
import { sensorBandName } from '../core/bands/sensorBands.js';
import type { QaFlags } from '../core/raster/qaFlags.js';
import { INDEX_IDS, pixelIndices } from '../core/indices/spectralIndices.js';

/**
 * CSV exports of the pixel grid and of the statistics series, for people who compare Landsat with
 * their own ground measurements in a spreadsheet. Pure functions so the page and tests share them.
 * RFC 4180: CRLF line ends, fields holding a comma, quote or line break are quoted, quotes doubled.
 */

export type CsvCell = string | number | boolean | null | undefined;

/** Text a spreadsheet would run as a formula: starting with = + - @, tab or carriage return (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain decimal number written as text ("-0.05"): a spreadsheet reads it as a number, never a formula. */
const PLAIN_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * One field, quoted only when RFC 4180 requires it; empty for null/undefined (no invented zeros).
 * Text that a spreadsheet would take for a formula (a scene id from a `stac:` or `local:` catalogue
 * may be anything) gets a leading apostrophe and quotes, as OWASP advises:
 * https://owasp.org/www-community/attacks/CSV_Injection
 */
export function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return csvNumber(value);
  const text = String(value);
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) return `"'${text.replace(/"/g, '""')}"`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/**
 * The one decision on how numbers are written in every CSV (pixel, statistics, area, sites, jobs,
 * comparison): a measured value is rounded to the decimals its unit carries, any other number to
 * SIGNIFICANT_DIGITS significant digits, so no file shows float noise (0.026077500000000003).
 * Collection 2 scales a DN by 2.75e-5 (reflectance) or 0.00341802 K (temperature): 6 decimals keep
 * every reflectance step; 2 decimals of kelvin (0.01 K) are finer than the sensor's noise (~0.1 K).
 */
export const CSV_DECIMALS: Readonly<Record<string, number>> = { reflectance: 6, kelvin: 2 };
/** Other non-integer numbers (coordinates, hours, ratios): twelve significant digits, far below any float noise. */
const SIGNIFICANT_DIGITS = 12;

/** A number as a CSV field: integers as they are, others without float noise; empty when not finite. */
function csvNumber(value: number): string {
  if (!Number.isFinite(value)) return '';
  return String(Number.isInteger(value) ? value : Number(value.toPrecision(SIGNIFICANT_DIGITS)));
}

/** The value rounded to its unit's precision (CSV_DECIMALS; unchanged for other units). */
export function toPrecisionOf(unit: string | null | undefined, value: number | null | undefined): number | null | undefined {
  const decimals = unit ? CSV_DECIMALS[unit] : undefined;
  if (value === null || value === undefined || decimals === undefined || !Number.isFinite(value)) return value;
  return Number(value.toFixed(decimals));
}

/** Parses RFC 4180 text into rows of strings (used by tests and by anyone re-reading an export). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** The parts of an /api/pixel answer the export reads (the server's PixelResponse satisfies it). */
/** Which dates an answer covers (the server keeps the newest scenes when a limit applies). */
export interface CoverageCsvInput {
  truncated?: boolean;
  coveredStartDate?: string;
  coveredEndDate?: string;
}

/** Every row says which dates the file covers and whether older scenes were left out by the limit. */
const coverageCells = (r: CoverageCsvInput): CsvCell[] => [r.coveredStartDate, r.coveredEndDate, Boolean(r.truncated)];
const COVERAGE_HEADER = ['covered_start_date', 'covered_end_date', 'older_scenes_left_out'] as const;

/** Which instrument took the scene, its own name of the band ("TM band 3, red") and any harmonisation. */
const SENSOR_HEADER = ['sensor', 'sensor_band', 'harmonized'] as const;
/** The scene's sensor as the answer names it, or as its satellite implies (an answer of older form names only the satellite). */
const sensorCells = (scene: { satellite?: string; sensor?: string; harmonized?: string } | undefined, bandId: string): CsvCell[] => {
  const named = scene?.sensor;
  const sensor = named === 'TM' || named === 'ETM+' || named === 'OLI/TIRS' ? named : scene?.satellite && isLandsatPlatform(scene.satellite) ? sensorOf(scene.satellite) : undefined;
  return [sensor ?? named, sensor && isBandId(bandId) ? sensorBandName(bandId, sensor) : '', scene?.harmonized];
};

export interface PixelCsvInput extends CoverageCsvInput {
  target: { lat: number; lon: number };
  scenes: {
    id: string;
    satellite: string;
    /** TM, ETM+ or OLI/TIRS (absent in answers from before Landsat 4-7 were served). */
    sensor?: string;
    harmonized?: string;
    datetime: string;
    wrsPath: number;
    wrsRow: number;
    cloudCover: number;
    bands: Record<string, { unit: string; values: (number | null)[][]; dn: (number | null)[][] }>;
    qa: { values: (number | null)[][]; flags: (QaFlags | null)[][] };
  }[];
}

export const PIXEL_CSV_HEADER = [
  'scene_id', 'satellite', 'datetime_utc', 'wrs_path', 'wrs_row', 'scene_cloud_cover_percent',
  'target_lat', 'target_lon', 'band', 'band_label', 'center_wavelength_um', 'unit',
  // Offsets from the target pixel: row -1 is north of it, col -1 west of it.
  'row_offset', 'col_offset', 'is_target', 'value', 'dn', 'qa_pixel',
  'clear', 'cloud', 'dilated_cloud', 'cloud_shadow', 'cirrus', 'snow', 'water', 'fill',
  // Indices of this pixel in this scene (the same on each band's row); empty unless the pixel is a
  // clear surface and the bands read include what the index needs (src/core/indices).
  'ndvi', 'evi', 'ndwi', 'nbr', 'ndsi', 'surface_temperature_c',
  ...SENSOR_HEADER,
  ...COVERAGE_HEADER,
] as const;

const flagCells = (f: QaFlags | null | undefined): CsvCell[] =>
  f ? [f.clear, f.cloud, f.dilatedCloud, f.cloudShadow, f.cirrus, f.snow, f.water, f.fill] : ['', '', '', '', '', '', '', ''];

/** One row per scene, band and pixel of the 3 x 3 grid, with the physical value, its unit, DN and QA. */
export function pixelCsv(response: PixelCsvInput): string {
  const rows: CsvCell[][] = [[...PIXEL_CSV_HEADER]];
  for (const scene of response.scenes) {
    const indicesAt = [0, 1, 2].map((r) => [0, 1, 2].map((c) => pixelIndices(scene, r, c).indices));
    for (const [bandId, band] of Object.entries(scene.bands)) {
      const info = isBandId(bandId) ? BAND_CATALOG[bandId] : undefined;
      band.values.forEach((valueRow, r) =>
        valueRow.forEach((value, c) => {
          rows.push([
            scene.id, scene.satellite, scene.datetime, scene.wrsPath, scene.wrsRow, scene.cloudCover,
            response.target.lat, response.target.lon, bandId, info?.label, info?.centerWavelengthUm, band.unit,
            // The grid is centred on the target pixel.
            r - 1, c - 1, r === 1 && c === 1, toPrecisionOf(band.unit, value), band.dn[r]?.[c], scene.qa.values[r]?.[c],
            ...flagCells(scene.qa.flags[r]?.[c]),
            ...INDEX_IDS.map((id) => indicesAt[r]?.[c]?.[id]),
            ...sensorCells(scene, bandId),
            ...coverageCells(response),
          ]);
        }),
      );
    }
  }
  return toCsv(rows);
}

interface StatsLike {
  min?: number | null;
  max?: number | null;
  mean?: number | null;
  stDev?: number | null;
  sampleCount?: number;
  noDataCount?: number;
}

/** The parts of an /api/landsatData answer the export reads (server and page types both satisfy it). */
export interface StatisticsCsvInput extends CoverageCsvInput {
  data: {
    scene?: { id: string; satellite: string; sensor?: string; harmonized?: string; datetime: string; wrsPath: number; wrsRow: number; cloudCover: number };
    outputs?: { data?: { bands?: Record<string, { stats?: StatsLike } | undefined> } };
  }[];
}

export const STATISTICS_CSV_HEADER = [
  'scene_id', 'satellite', 'datetime_utc', 'wrs_path', 'wrs_row', 'scene_cloud_cover_percent',
  'band', 'band_label', 'unit', 'min', 'max', 'mean', 'stDev', 'sampleCount', 'noDataCount',
  ...SENSOR_HEADER,
  ...COVERAGE_HEADER,
] as const;

/** One row per scene and band of the statistics series (clear pixels of the box), oldest first. */
export function statisticsCsv(response: StatisticsCsvInput): string {
  const rows: CsvCell[][] = [[...STATISTICS_CSV_HEADER]];
  for (const entry of response.data) {
    const s = entry.scene;
    for (const [bandId, band] of Object.entries(entry.outputs?.data?.bands ?? {})) {
      const info = isBandId(bandId) ? BAND_CATALOG[bandId] : undefined;
      const st = band?.stats ?? {};
      rows.push([
        s?.id, s?.satellite, s?.datetime, s?.wrsPath, s?.wrsRow, s?.cloudCover,
        bandId, info?.label, info?.unit,
        ...[st.min, st.max, st.mean, st.stDev].map((v) => toPrecisionOf(info?.unit, v)), st.sampleCount, st.noDataCount,
        ...sensorCells(s, bandId),
        ...coverageCells(response),
      ]);
    }
  }
  return toCsv(rows);
}
