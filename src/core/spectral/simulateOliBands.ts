import type { LandsatSensor } from '../bands/missions.js';
import { sensorBand } from '../bands/sensorBands.js';
import { ETM_RSR } from './etmRsr.js';
import { OLI_BAND_IDS, OLI_RSR, type OliBandId } from './oliRsr.js';
import { TM_RSR } from './tmRsr.js';

type ResponseTable = Readonly<Partial<Record<OliBandId, readonly (readonly [number, number])[]>>>;

/** Each sensor's own relative spectral response: OLI (Landsat 8/9), TM (Landsat 4/5), ETM+ (Landsat 7). */
export const SENSOR_RSR: Record<LandsatSensor, ResponseTable> = { 'OLI/TIRS': OLI_RSR, TM: TM_RSR, 'ETM+': ETM_RSR };

/** One sample of a field spectrum: wavelength in micrometres, reflectance as a 0-1 fraction. */
export type SpectrumPoint = readonly [wavelengthUm: number, reflectance: number];

export interface BandSimulation {
  /** Response-weighted reflectance, or null when the spectrum does not cover the whole band. */
  reflectance: number | null;
  /** Fraction (0-1) of the band's summed relative response that lies inside the spectrum's wavelength span. */
  coverage: number;
  /** Why the band was not simulated. */
  reason?: string;
}

/** Wavelength range of a band's response table (µm). */
export function bandRangeUm(band: OliBandId, sensor: LandsatSensor = 'OLI/TIRS'): { fromUm: number; toUm: number } {
  const rows = SENSOR_RSR[sensor][band]!;
  return { fromUm: rows[0][0], toUm: rows[rows.length - 1][0] };
}

// Table wavelengths are written to 4 decimals; a spectrum ending "at" 0.4570 µm still covers that row.
const EPSILON_UM = 1e-9;

/** Linear interpolation of the spectrum at a wavelength inside its span (binary search; the spectrum is sorted). */
function interpolate(spectrum: readonly SpectrumPoint[], wavelengthUm: number): number {
  let lo = 0;
  let hi = spectrum.length - 1;
  if (wavelengthUm <= spectrum[0][0]) return spectrum[0][1];
  if (wavelengthUm >= spectrum[hi][0]) return spectrum[hi][1];
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (spectrum[mid][0] <= wavelengthUm) lo = mid;
    else hi = mid;
  }
  const [w0, r0] = spectrum[lo];
  const [w1, r1] = spectrum[hi];
  return r0 + ((r1 - r0) * (wavelengthUm - w0)) / (w1 - w0);
}

/**
 * The reflectance Landsat 8/9 OLI would see in bands B01-B07 given a field spectrum (sorted by
 * wavelength): sum(R·S) / sum(S) over each band's response rows, R linearly interpolated onto the
 * table's wavelengths. A band is simulated only when the spectrum spans every row of its response
 * (coverage 1): nothing is extrapolated, and a partly covered band is reported with its coverage
 * and a reason instead of a value.
 */
export function simulateOliBands(spectrum: readonly SpectrumPoint[]): Record<OliBandId, BandSimulation> {
  return simulateSensorBands(spectrum, 'OLI/TIRS');
}

/**
 * The same with the response of `sensor`'s own bands: a TM or ETM+ scene is compared with what TM or
 * ETM+ would see. A band the sensor lacks (B01 on TM/ETM+) gets no value, with the reason.
 */
export function simulateSensorBands(spectrum: readonly SpectrumPoint[], sensor: LandsatSensor): Record<OliBandId, BandSimulation> {
  const firstUm = spectrum[0]?.[0] ?? Infinity;
  const lastUm = spectrum[spectrum.length - 1]?.[0] ?? -Infinity;
  const spanText = spectrum.length > 0 ? `${firstUm}-${lastUm} µm` : 'nothing';
  const result = {} as Record<OliBandId, BandSimulation>;
  for (const band of OLI_BAND_IDS) {
    const rows = SENSOR_RSR[sensor][band];
    if (!rows) {
      const read = sensorBand(band, sensor);
      result[band] = { reflectance: null, coverage: 0, reason: 'missing' in read ? read.missing : `no ${sensor} response table for ${band}` };
      continue;
    }
    let weightSum = 0;
    let coveredWeight = 0;
    let weighted = 0;
    for (const [wavelengthUm, response] of rows) {
      weightSum += response;
      if (wavelengthUm >= firstUm - EPSILON_UM && wavelengthUm <= lastUm + EPSILON_UM) {
        coveredWeight += response;
        weighted += interpolate(spectrum, wavelengthUm) * response;
      }
    }
    const coverage = coveredWeight / weightSum;
    if (coveredWeight === weightSum) {
      result[band] = { reflectance: weighted / weightSum, coverage: 1 };
    } else {
      const { fromUm, toUm } = bandRangeUm(band, sensor);
      result[band] = {
        reflectance: null,
        coverage,
        reason: `the spectrum (${spanText}) covers ${(coverage * 100).toFixed(1)} % of ${sensor} ${band}'s response (${fromUm}-${toUm} µm); a band is simulated only when fully covered, never extrapolated`,
      };
    }
  }
  return result;
}
