import type { SpectrumPoint } from '../spectral/simulateOliBands.js';

/**
 * A field spectrometer's own file, read: SVC `.sig` (readSvcSig.ts) or Spectral Evolution `.sed`
 * (readSedFile.ts). No maintained JavaScript library reads either format (R spectrolab and Python
 * SpecDAL do, neither runs here), so both readers are written by hand, strictly: a line that is not
 * what the format writes is refused by its number, never skipped or guessed around.
 */

/** One data line of the file: its 1-based line number, wavelength and reflectance as a 0-1 fraction. */
export interface FieldChannel {
  line: number;
  wavelengthNm: number;
  reflectance: number;
}

export type FieldInstrument = 'SVC' | 'Spectral Evolution';

/** Where a value came from, in words that say what it means (shown to people and written in the CSV). */
export interface FieldTime {
  /** ISO 8601 UTC. */
  utc: string;
  /** gps: the GPS receiver's UTC time; clock: the instrument's clock, whose zone the file does not say (read as UTC). */
  source: 'gps' | 'clock';
  note: string;
}

export interface FieldPlace {
  lat: number;
  lon: number;
  note: string;
}

export interface FieldFile {
  fileName: string;
  instrument: FieldInstrument;
  /** The instrument as the file names it (model, serial). */
  model: string;
  reflectanceFrom: 'reflectance column' | 'target / reference radiance';
  /** Every data line as written, in file order (raw SVC files repeat wavelengths where detectors overlap). */
  channels: FieldChannel[];
  /** Increasing wavelengths (µm) for band simulation: at a detector join the next detector takes over. */
  spectrum: SpectrumPoint[];
  /** SVC `_moc` files: the instrument software removed the detector overlap and matched the detectors. */
  overlapMatched: boolean;
  place: FieldPlace | null;
  time: FieldTime;
  /** Why place or time is missing, when it is. */
  notes: string[];
}

/** A file that cannot be compared: the reason in words, and the line when one line is the cause. */
export class FieldFileError extends Error {
  constructor(
    readonly fileName: string,
    readonly reason: string,
    readonly line?: number,
  ) {
    super(`${fileName}${line === undefined ? '' : `, line ${line}`}: ${reason}`);
    this.name = 'FieldFileError';
  }
}

/** Shortens a quoted piece of the input (errors never repeat more than a short part of it). */
export const quote = (text: string, max = 40): string => JSON.stringify(text.length > max ? `${text.slice(0, max)}…` : text);

/**
 * `4640.7523N` (degrees and decimal minutes with the hemisphere, as NMEA GPS receivers write it) as
 * signed decimal degrees: 46 + 40.7523/60 = 46.679205. Null when the text is not of that form.
 */
export function degreesDecimalMinutes(text: string, axis: 'lat' | 'lon'): number | null {
  const m = /^(\d+)(\d\d\.\d+)([NSEW])$/i.exec(text.trim());
  if (!m) return null;
  const hemisphere = m[3].toUpperCase();
  if ((axis === 'lat') !== (hemisphere === 'N' || hemisphere === 'S')) return null;
  const minutes = Number(m[2]);
  const degrees = Number(m[1]);
  if (minutes >= 60 || degrees > (axis === 'lat' ? 90 : 180)) return null;
  const value = degrees + minutes / 60;
  return hemisphere === 'S' || hemisphere === 'W' ? -value : value;
}

/** `143223.000` (hhmmss.sss) as milliseconds into the day, or null. */
export function hhmmssMs(text: string): number | null {
  const m = /^(\d\d)(\d\d)(\d\d(?:\.\d+)?)$/.exec(text.trim());
  if (!m) return null;
  const [h, min, s] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (h > 23 || min > 59 || s >= 60) return null;
  return Math.round(((h * 60 + min) * 60 + s) * 1000);
}

const DAY_MS = 86_400_000;

/**
 * UTC instant from the instrument clock's local date and time and the GPS's UTC time of day (the GPS
 * line carries no date). The UTC day is the one that puts the GPS time within 14 hours of the clock
 * reading (no zone on Earth is further off): a 23:50 UTC fix read at 18:50 local is that day, a
 * 00:10 UTC fix read at 19:10 local the next.
 */
export function utcFromClockAndGps(clockAsUtcMs: number, gpsMsOfDay: number): number {
  const dayStart = Math.floor(clockAsUtcMs / DAY_MS) * DAY_MS;
  let best = dayStart + gpsMsOfDay;
  for (const shift of [-DAY_MS, DAY_MS]) {
    const candidate = dayStart + shift + gpsMsOfDay;
    if (Math.abs(candidate - clockAsUtcMs) < Math.abs(best - clockAsUtcMs)) best = candidate;
  }
  return best;
}

/**
 * The channels as an increasing spectrum (µm) for band simulation. Raw SVC files keep each detector's
 * channels where detectors overlap (about 990-1000 and 1880-1900 nm), so wavelengths step back at a
 * join; there the later detector takes over from its first wavelength and the earlier detector's
 * channels at or beyond it are dropped. No Landsat reflective band lies in those overlaps (OLI, TM and
 * ETM+ responses end by 0.93 µm and start again at 1.52 µm), so the choice changes no band value.
 */
export function increasingSpectrum(channels: readonly FieldChannel[]): SpectrumPoint[] {
  const out: SpectrumPoint[] = [];
  for (const c of channels) {
    const um = c.wavelengthNm / 1000;
    while (out.length > 0 && out[out.length - 1][0] >= um) out.pop();
    out.push([um, c.reflectance]);
  }
  return out;
}
