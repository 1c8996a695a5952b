import { OLI_BAND_IDS } from './oliRsr.js';
import { bandRangeUm, type SpectrumPoint } from './simulateOliBands.js';

/** Wavelengths a reflectance spectroradiometer measures (µm); outside them a value is a unit mistake. */
export const SPECTRUM_MIN_UM = 0.35;
export const SPECTRUM_MAX_UM = 2.6;
/** Above this a "reflectance" is almost surely percent (bright snow can exceed 1 a little, never 2). */
export const MAX_REFLECTANCE = 2;
const SHOWN_PROBLEMS = 5;

/**
 * What is wrong with a field spectrum, in words a person can act on (empty when nothing is):
 * fewer than two points, unsorted or duplicate wavelengths, wavelengths outside 0.35-2.6 µm,
 * negative (or percent-looking) reflectance, and a band that the spectrum spans with fewer than
 * two of its own points (interpolating a band from one sample would invent its shape).
 */
export function spectrumProblems(spectrum: readonly SpectrumPoint[]): string[] {
  if (spectrum.length < 2) return [`the spectrum has ${spectrum.length} point${spectrum.length === 1 ? '' : 's'}; at least two are needed`];
  const problems: string[] = [];
  const add = (text: string) => {
    problems.push(text);
  };
  spectrum.forEach(([wavelengthUm, reflectance], i) => {
    const n = i + 1;
    if (wavelengthUm < SPECTRUM_MIN_UM || wavelengthUm > SPECTRUM_MAX_UM) {
      add(`point ${n}: wavelength ${wavelengthUm} µm is outside ${SPECTRUM_MIN_UM}-${SPECTRUM_MAX_UM} µm (send micrometres: 650 nm is 0.65)`);
    }
    if (reflectance < 0) add(`point ${n}: reflectance ${reflectance} at ${wavelengthUm} µm is negative`);
    else if (reflectance > MAX_REFLECTANCE) add(`point ${n}: reflectance ${reflectance} at ${wavelengthUm} µm is above ${MAX_REFLECTANCE} (send a 0-1 fraction: 45 % is 0.45)`);
    if (i > 0) {
      const previousUm = spectrum[i - 1][0];
      if (wavelengthUm === previousUm) add(`points ${n - 1} and ${n}: wavelength ${wavelengthUm} µm appears twice`);
      else if (wavelengthUm < previousUm) add(`point ${n}: wavelength ${wavelengthUm} µm comes after ${previousUm} µm; wavelengths must increase`);
    }
  });
  if (problems.length === 0) {
    const firstUm = spectrum[0][0];
    const lastUm = spectrum[spectrum.length - 1][0];
    for (const band of OLI_BAND_IDS) {
      const { fromUm, toUm } = bandRangeUm(band);
      if (firstUm > fromUm || lastUm < toUm) continue; // not fully covered: reported by coverage, not an error
      const inside = spectrum.filter(([w]) => w >= fromUm && w <= toUm).length;
      if (inside < 2) add(`${band} (${fromUm}-${toUm} µm) holds ${inside} point${inside === 1 ? '' : 's'} of the spectrum; at least two are needed to simulate it`);
    }
  }
  if (problems.length > SHOWN_PROBLEMS) return [...problems.slice(0, SHOWN_PROBLEMS), `and ${problems.length - SHOWN_PROBLEMS} more`];
  return problems;
}
