import { toCsv, type CsvCell } from '../../shared/csv.js';
import { BATCH_CSV_HEADER, type BatchRow } from './compareFieldFileBatch.js';

/** Rounded to the data's precision: reflectance 6 decimals (a Level-2 DN step is 2.75e-5), degrees 6 (0.1 m), days 4 (~9 s). */
const round = (value: number | null, decimals: number): number | null => (value === null || !Number.isFinite(value) ? null : Number(value.toFixed(decimals)));

/** One row's cells in BATCH_CSV_HEADER order, or (NDJSON) as an object keyed by the same names. */
export function batchCells(r: BatchRow): CsvCell[] {
  return [
    r.file, r.instrument, r.measuredUtc, r.timeFrom, round(r.lat, 6), round(r.lon, 6), r.sceneId, r.sensor, round(r.daysApart, 4), r.band, r.sensorBand,
    round(r.fieldReflectance, 6), round(r.landsatReflectance, 6), round(r.difference, 6), r.clear, r.duplicateOf, r.reason, r.synthetic, r.notes,
  ];
}

export function batchRowObject(r: BatchRow): Record<string, CsvCell> {
  const cells = batchCells(r);
  return Object.fromEntries(BATCH_CSV_HEADER.map((name, i) => [name, cells[i] ?? null]));
}

/** The CSV answer: header, then every file's rows in the order the files were sent. */
export function batchCsv(rows: readonly BatchRow[]): string {
  return toCsv([[...BATCH_CSV_HEADER], ...rows.map(batchCells)]);
}
