import { SPECTRUM_MAX_UM, SPECTRUM_MIN_UM } from '../../core/spectral/spectrumProblems.js';
import type { SpectrumPoint } from '../../core/spectral/simulateOliBands.js';

export type WavelengthUnit = 'nm' | 'um';
export type ReflectanceUnit = 'fraction' | 'percent';

export interface ParsedSpectrum {
  /** [wavelength µm, reflectance 0-1], in the file's order (the server names unsorted or duplicate rows). */
  spectrum: SpectrumPoint[];
  wavelengthUnit: WavelengthUnit;
  reflectanceUnit: ReflectanceUnit;
  /** Whether each unit was detected (true) or chosen by the person (false). */
  detected: { wavelength: boolean; reflectance: boolean };
  /** Column names (from a header line) or "column N", and which column was read as reflectance. */
  columns: string[];
  reflectanceColumn: number;
  /** Points outside 0.35-2.6 µm that were left out (outside every OLI band). */
  droppedOutside: number;
  /** Lines that held no numbers (headers, comments, metadata). */
  skippedLines: number;
}

export interface ParseOptions {
  wavelengthUnit?: WavelengthUnit;
  reflectanceUnit?: ReflectanceUnit;
  /** Column index (0 = wavelength) to read reflectance from; default: a header naming reflectance, else column 1. */
  reflectanceColumn?: number;
}

/** A wavelength over this is in nanometres (the shortest OLI band starts at 0.43 µm = 430 nm). */
const NM_THRESHOLD = 20;
/** A reflectance column whose largest value passes this is in percent (fractions top out near 1). */
const PERCENT_THRESHOLD = 1.5;

const NUMBER = /^[+-]?(\d+([.,]\d*)?|[.,]\d+)([eE][+-]?\d+)?$/;

function splitLine(line: string): string[] {
  const trimmed = line.trim();
  if (trimmed.includes('\t')) return trimmed.split('\t').map((s) => s.trim());
  if (trimmed.includes(';')) return trimmed.split(';').map((s) => s.trim());
  if (trimmed.includes(',')) {
    const parts = trimmed.split(',').map((s) => s.trim());
    // "350,0.0512" is two fields; "350 0,0512" (decimal comma, space separated) is not split on commas.
    if (parts.length > 1) return parts;
  }
  return trimmed.split(/\s+/);
}

const toNumber = (s: string) => (NUMBER.test(s) ? Number(s.replace(',', '.')) : NaN);

/**
 * Reads a spectroradiometer CSV or text export (ASD ViewSpec, SVC .sig, Spectral Evolution, a
 * spreadsheet's CSV): comma, semicolon, tab or space separated, decimal point or comma, header,
 * comment and metadata lines skipped. Detects nm versus µm from the wavelengths and percent
 * versus 0-1 from the reflectance, and says what it detected so the person can correct it.
 * Hand-written: no maintained package reads these vendor text exports.
 */
export function parseSpectrumText(text: string, options: ParseOptions = {}): ParsedSpectrum {
  const rows: number[][] = [];
  let header: string[] | null = null;
  let skippedLines = 0;
  for (const line of text.split(/\r\n|\r|\n/)) {
    if (line.trim() === '') continue;
    const fields = splitLine(line);
    const numbers = fields.map(toNumber);
    if (fields.length >= 2 && numbers.every((n) => Number.isFinite(n))) rows.push(numbers);
    else {
      skippedLines++;
      // The last non-numeric line before the data with as many fields is its header.
      if (rows.length === 0 && fields.length >= 2) header = fields;
    }
  }
  if (rows.length === 0) throw new Error('No rows of numbers found: expected lines of "wavelength, reflectance" (comma, semicolon, tab or space separated).');
  const width = Math.min(...rows.map((r) => r.length));
  const columns = Array.from({ length: width }, (_, i) => (header && header.length >= width ? header[i] : `column ${i + 1}`));
  const namedReflectance = header ? columns.findIndex((c, i) => i > 0 && /refl/i.test(c)) : -1;
  const reflectanceColumn = options.reflectanceColumn ?? (namedReflectance > 0 ? namedReflectance : 1);
  if (reflectanceColumn < 1 || reflectanceColumn >= width) throw new Error(`There is no column ${reflectanceColumn + 1}: the rows have ${width} columns.`);

  const maxWavelength = Math.max(...rows.map((r) => r[0]));
  const maxReflectance = Math.max(...rows.map((r) => r[reflectanceColumn]));
  const wavelengthUnit = options.wavelengthUnit ?? (maxWavelength > NM_THRESHOLD ? 'nm' : 'um');
  const reflectanceUnit = options.reflectanceUnit ?? (maxReflectance > PERCENT_THRESHOLD ? 'percent' : 'fraction');
  const toUm = wavelengthUnit === 'nm' ? 0.001 : 1;
  const toFraction = reflectanceUnit === 'percent' ? 0.01 : 1;

  let droppedOutside = 0;
  const spectrum: SpectrumPoint[] = [];
  for (const r of rows) {
    // Rounded to 0.01 nm so that 350 nm × 0.001 is 0.35, not 0.35000000000000003.
    const um = Math.round(r[0] * toUm * 1e5) / 1e5;
    if (um < SPECTRUM_MIN_UM || um > SPECTRUM_MAX_UM) {
      droppedOutside++;
      continue;
    }
    spectrum.push([um, r[reflectanceColumn] * toFraction]);
  }
  return {
    spectrum,
    wavelengthUnit,
    reflectanceUnit,
    detected: { wavelength: options.wavelengthUnit === undefined, reflectance: options.reflectanceUnit === undefined },
    columns,
    reflectanceColumn,
    droppedOutside,
    skippedLines,
  };
}

/** "Detected wavelengths in nm (350-2500 nm) and reflectance in percent; 2151 points, 25 outside 0.35-2.6 µm left out." */
export function describeParsedSpectrum(p: ParsedSpectrum): string {
  const first = p.spectrum[0]?.[0];
  const last = p.spectrum[p.spectrum.length - 1]?.[0];
  const how = (detected: boolean) => (detected ? 'detected' : 'chosen');
  const parts = [
    `Wavelengths in ${p.wavelengthUnit === 'nm' ? 'nanometres' : 'micrometres'} (${how(p.detected.wavelength)})`,
    `reflectance as ${p.reflectanceUnit === 'percent' ? 'percent' : 'a 0-1 fraction'} (${how(p.detected.reflectance)}) from "${p.columns[p.reflectanceColumn]}"`,
    `${p.spectrum.length} points${first !== undefined ? ` from ${first} to ${last} µm` : ''}`,
  ];
  if (p.droppedOutside > 0) parts.push(`${p.droppedOutside} point${p.droppedOutside === 1 ? '' : 's'} outside ${SPECTRUM_MIN_UM}-${SPECTRUM_MAX_UM} µm left out (no OLI band there)`);
  return `${parts.join('; ')}.`;
}
