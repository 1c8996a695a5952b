import type { ClearMask } from '../raster/clearPixel.js';
import { OLI_BAND_IDS, type OliBandId } from '../spectral/oliRsr.js';
import { simulateOliBands, type SpectrumPoint } from '../spectral/simulateOliBands.js';
import { compareWithLandsat, type LandsatComparison, type ReadPixels } from './compareWithLandsat.js';

export interface FieldMeasurement {
  lat: number;
  lon: number;
  /** ISO 8601 with a time zone. */
  datetime: string;
  maxDays: number;
  /** Checked beforehand (sorted, 0.35-2.6 µm, reflectance 0-1): see spectrumProblems. */
  spectrum?: SpectrumPoint[];
  bands?: Partial<Record<OliBandId, number>>;
  /** What is not clear (clearPixel.ts); default cloud, dilated cloud, cirrus, shadow. */
  mask?: ClearMask;
}

export interface FieldComparison extends LandsatComparison {
  simulated: Record<OliBandId, number | null>;
  coverage: Record<OliBandId, number>;
  notSimulated: Partial<Record<OliBandId, string>>;
  input: 'spectrum' | 'bands';
}

/** POST /api/compare: a field spectrum (or typed band values) against Landsat at that place and time. */
export async function compareFieldMeasurement(m: FieldMeasurement, readPixels: ReadPixels, signal?: AbortSignal): Promise<FieldComparison> {
  const simulated = {} as Record<OliBandId, number | null>;
  const coverage = {} as Record<OliBandId, number>;
  const notSimulated: Partial<Record<OliBandId, string>> = {};
  if (m.spectrum) {
    const bands = simulateOliBands(m.spectrum);
    for (const band of OLI_BAND_IDS) {
      simulated[band] = bands[band].reflectance;
      coverage[band] = bands[band].coverage;
      if (bands[band].reason) notSimulated[band] = bands[band].reason;
    }
  } else {
    // Typed values stand for the whole band: coverage 1 where given, 0 where not.
    for (const band of OLI_BAND_IDS) {
      const typed = m.bands?.[band];
      simulated[band] = typed ?? null;
      coverage[band] = typed === undefined ? 0 : 1;
      if (typed === undefined) notSimulated[band] = 'no value was given for this band';
    }
  }
  const comparison = await compareWithLandsat({ lngLat: [m.lon, m.lat], measuredAt: new Date(m.datetime), maxDays: m.maxDays, simulated, mask: m.mask, signal }, readPixels);
  return { simulated, coverage, notSimulated, input: m.spectrum ? 'spectrum' : 'bands', ...comparison };
}
