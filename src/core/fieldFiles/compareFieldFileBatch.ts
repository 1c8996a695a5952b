import type { ReadPixels } from '../compare/compareWithLandsat.js';
import type { LandsatSensor } from '../bands/missions.js';
import { sensorBand } from '../bands/sensorBands.js';
import type { ClearMask } from '../raster/clearPixel.js';
import { OLI_BAND_IDS } from '../spectral/oliRsr.js';
import { compareFieldFile, type FieldFileComparison } from './compareFieldFile.js';
import { FieldFileError, type FieldFile } from './fieldFile.js';
import { readFieldFile } from './readFieldFile.js';

export interface UploadedFile {
  name: string;
  bytes: Uint8Array;
}

/** One row of POST /api/compare/batch: a file and band, or a file that could not be used (band null, reason set). */
export interface BatchRow {
  file: string;
  instrument: string | null;
  measuredUtc: string | null;
  timeFrom: string | null;
  lat: number | null;
  lon: number | null;
  sceneId: string | null;
  sensor: string | null;
  daysApart: number | null;
  band: string | null;
  sensorBand: string | null;
  fieldReflectance: number | null;
  landsatReflectance: number | null;
  difference: number | null;
  clear: boolean | null;
  duplicateOf: string | null;
  reason: string | null;
  synthetic: boolean | null;
  /** Extension: what the file says about itself (no GPS, clock time, a name marked BAD). */
  notes: string | null;
}

export const BATCH_CSV_HEADER = [
  'file', 'instrument', 'measured_utc', 'time_from', 'lat', 'lon', 'scene_id', 'sensor', 'days_apart', 'band', 'sensor_band',
  'field_reflectance', 'landsat_reflectance', 'difference', 'clear', 'duplicate_of', 'reason', 'synthetic', 'notes',
] as const;

const HOURS_PER_DAY = 24;
const CONCURRENCY = 4;

const emptyRow = (file: string): BatchRow => ({
  file, instrument: null, measuredUtc: null, timeFrom: null, lat: null, lon: null, sceneId: null, sensor: null, daysApart: null, band: null,
  sensorBand: null, fieldReflectance: null, landsatReflectance: null, difference: null, clear: null, duplicateOf: null, reason: null, synthetic: null, notes: null,
});

/** The rows of one compared file: one per band B01-B07, named as the matched scene's sensor names it. */
export function comparisonRows(c: FieldFileComparison, duplicateOf: string | null): BatchRow[] {
  const sensor = c.scene?.sensor;
  const clear = c.scene ? c.differenceNote === undefined : null;
  return OLI_BAND_IDS.map((band) => {
    const lookup = sensor ? sensorBand(band, sensor as LandsatSensor) : null;
    const reason = c.sceneReason ?? c.notSimulated[band] ?? (c.scene && c.differenceNote) ?? null;
    return {
      ...emptyRow(c.file.name),
      instrument: `${c.file.instrument} ${c.file.model}`.trim(),
      measuredUtc: c.datetime,
      timeFrom: c.timeFrom === 'request' ? 'request' : c.timeNote.startsWith('GPS') ? 'file GPS' : 'file clock (zone unknown, read as UTC)',
      lat: c.lat,
      lon: c.lon,
      sceneId: c.scene?.id ?? null,
      sensor: sensor ?? null,
      daysApart: c.scene ? c.scene.hoursFromMeasurement / HOURS_PER_DAY : null,
      band,
      sensorBand: lookup ? ('name' in lookup ? lookup.name : null) : null,
      fieldReflectance: c.simulated[band] ?? null,
      landsatReflectance: c.landsat[band]?.value ?? null,
      difference: c.difference[band]?.absolute ?? null,
      clear,
      duplicateOf,
      reason,
      synthetic: c.synthetic,
      notes: [...c.file.notes, ...(c.placeFrom === 'request' ? ['lat and lon from the request (the file holds no GPS position)'] : [])].join('; ') || null,
    };
  });
}

/** Files that are one measurement: same instrument, model and target time and place (an SVC `_moc` file and its raw file, or a copy). */
function duplicateNames(files: readonly (FieldFile | null)[], names: readonly string[]): (string | null)[] {
  const groups = new Map<string, number[]>();
  files.forEach((f, i) => {
    if (!f) return;
    const key = [f.instrument, f.model, f.time.utc, f.place?.lat.toFixed(6), f.place?.lon.toFixed(6)].join('|');
    groups.set(key, [...(groups.get(key) ?? []), i]);
  });
  const out: (string | null)[] = names.map(() => null);
  for (const members of groups.values()) {
    if (members.length < 2) continue;
    for (const i of members) {
      const others = members.filter((j) => j !== i).map((j) => `${names[j]}${files[j]!.overlapMatched ? ' (overlap-matched)' : ''}`);
      out[i] = `same measurement as ${others.join('; ')}`;
    }
  }
  return out;
}

export interface BatchOptions {
  maxDays: number;
  mask?: ClearMask;
  /** Where files without GPS were measured (none: they are refused with the reason). */
  placeIfMissing?: { lat: number; lon: number };
  signal?: AbortSignal;
  /** Called as each file finishes, with its rows (every file gives at least one row). */
  onFile?: (rows: BatchRow[], done: number, total: number) => void;
}

/**
 * POST /api/compare/batch: every file read and compared (place and time from the file), a few at a
 * time. A file that cannot be used gives one row with the reason; nothing is dropped.
 */
export async function compareFieldFileBatch(files: readonly UploadedFile[], options: BatchOptions, readPixels: ReadPixels): Promise<BatchRow[][]> {
  const parsed: (FieldFile | null)[] = [];
  const refusals: (string | null)[] = [];
  for (const f of files) {
    try {
      parsed.push(readFieldFile(f.name, f.bytes));
      refusals.push(null);
    } catch (err) {
      if (!(err instanceof FieldFileError)) throw err;
      parsed.push(null);
      refusals.push(err.message);
    }
  }
  const duplicates = duplicateNames(parsed, files.map((f) => f.name));
  // Several files of a plot share one GPS fix and day: their pixel reads are one read (the promise is shared).
  // The mask (a Set, which JSON writes as {}) is the same for the whole batch, so the key need not carry it.
  const reads = new Map<string, ReturnType<ReadPixels>>();
  const sharedReadPixels: ReadPixels = (lngLat, filters, opts) => {
    const key = JSON.stringify([lngLat, filters]);
    let read = reads.get(key);
    if (!read) {
      read = readPixels(lngLat, filters, opts);
      reads.set(key, read);
    }
    return read;
  };
  const results: BatchRow[][] = files.map(() => []);
  let next = 0;
  let done = 0;
  const one = async (i: number): Promise<BatchRow[]> => {
    const file = parsed[i];
    if (!file) return [{ ...emptyRow(files[i].name), reason: refusals[i] }];
    try {
      return comparisonRows(await compareFieldFile(file, { maxDays: options.maxDays, mask: options.mask, placeIfMissing: options.placeIfMissing }, sharedReadPixels, options.signal), duplicates[i]);
    } catch (err) {
      if (!(err instanceof FieldFileError)) throw err;
      return [{ ...emptyRow(files[i].name), instrument: `${file.instrument} ${file.model}`.trim(), measuredUtc: file.time.utc, duplicateOf: duplicates[i], reason: err.message, notes: file.notes.join('; ') || null }];
    }
  };
  const worker = async () => {
    while (next < files.length) {
      const i = next++;
      options.signal?.throwIfAborted();
      results[i] = await one(i);
      done++;
      options.onFile?.(results[i], done, files.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, files.length) }, worker));
  return results;
}
