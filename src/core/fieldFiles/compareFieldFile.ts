import type { ClearMask } from '../raster/clearPixel.js';
import { compareFieldMeasurement, type FieldComparison } from '../compare/compareFieldMeasurement.js';
import type { ReadPixels } from '../compare/compareWithLandsat.js';
import { SENSOR_RSR, type SpectrumPoint } from '../spectral/simulateOliBands.js';
import { spectrumProblems } from '../spectral/spectrumProblems.js';
import { FieldFileError, type FieldFile } from './fieldFile.js';

/** What the request may say instead of the file (each overrides the file's own value). */
export interface FieldFileOverrides {
  lat?: number;
  lon?: number;
  /** ISO 8601 with a zone. */
  datetime?: string;
  maxDays: number;
  mask?: ClearMask;
  /** Used only for a file that holds no GPS position (the batch's lat/lon): placeFrom "request". */
  placeIfMissing?: { lat: number; lon: number };
}

export interface FieldFileSummary {
  name: string;
  instrument: string;
  model: string;
  reflectanceFrom: string;
  channels: number;
  overlapMatched: boolean;
  notes: string[];
}

export interface FieldFileComparison extends FieldComparison {
  file: FieldFileSummary & { spectrum: SpectrumPoint[] };
  lat: number;
  lon: number;
  datetime: string;
  placeFrom: 'file' | 'request';
  timeFrom: 'file' | 'request';
  placeNote: string;
  timeNote: string;
}

// The span every Landsat reflective band's response lies in (OLI, TM, ETM+ tables), with 20 nm to spare for interpolation.
const ALL_ROWS = Object.values(SENSOR_RSR).flatMap((table) => Object.values(table).flatMap((rows) => rows!.map(([w]) => w)));
const FROM_UM = Math.max(0.35, Math.min(...ALL_ROWS) - 0.02);
const TO_UM = Math.min(2.6, Math.max(...ALL_ROWS) + 0.02);

/**
 * The part of the file's spectrum Landsat's bands see. Detector ends (below 0.4 µm, past 2.4 µm) are
 * noisy and often negative or above 100 %; they weigh nothing in any band, so they are not judged.
 */
export function bandSpectrum(file: FieldFile): SpectrumPoint[] {
  const inside = file.spectrum.filter(([w]) => w >= FROM_UM && w <= TO_UM);
  const problems = spectrumProblems(inside);
  if (problems.length > 0) throw new FieldFileError(file.fileName, `its reflectance between ${FROM_UM} and ${TO_UM} µm cannot be compared: ${problems.join('; ')}`);
  return inside;
}

export const fileSummary = (file: FieldFile): FieldFileSummary => ({
  name: file.fileName,
  instrument: file.instrument,
  model: file.model,
  reflectanceFrom: file.reflectanceFrom,
  channels: file.channels.length,
  overlapMatched: file.overlapMatched,
  notes: file.notes,
});

/**
 * POST /api/compare with a spectrometer file: its spectrum against the clear Landsat scene nearest in
 * time at its place. Place and time come from the file unless the request gives them; a file without
 * them and a request without them is refused in words.
 */
export async function compareFieldFile(file: FieldFile, overrides: FieldFileOverrides, readPixels: ReadPixels, signal?: AbortSignal): Promise<FieldFileComparison> {
  const spectrum = bandSpectrum(file);
  const given = overrides.lat !== undefined && overrides.lon !== undefined ? { lat: overrides.lat, lon: overrides.lon } : file.place ? undefined : overrides.placeIfMissing;
  if (!given && !file.place) {
    throw new FieldFileError(file.fileName, 'the file holds no GPS position: give its lat and lon (decimal degrees, WGS84) with POST /api/compare (multipart fields or query), or lat and lon on the batch for files without GPS');
  }
  const requestPlace = given !== undefined;
  const lat = given ? given.lat : file.place!.lat;
  const lon = given ? given.lon : file.place!.lon;
  const datetime = overrides.datetime ?? file.time.utc;
  const comparison = await compareFieldMeasurement({ lat, lon, datetime, maxDays: overrides.maxDays, spectrum, mask: overrides.mask }, readPixels, signal);
  return {
    ...comparison,
    file: { ...fileSummary(file), spectrum },
    lat,
    lon,
    datetime: new Date(datetime).toISOString(),
    placeFrom: requestPlace ? 'request' : 'file',
    timeFrom: overrides.datetime !== undefined ? 'request' : 'file',
    placeNote: requestPlace ? (file.place ? 'lat and lon sent with the request' : 'the file holds no GPS position: lat and lon sent with the request') : file.place!.note,
    timeNote: overrides.datetime !== undefined ? 'datetime sent with the request' : file.time.note,
  };
}
