import type { ClearMask } from '../raster/clearPixel.js';
import type { LandsatSensor } from '../bands/missions.js';
import { OLI_BAND_IDS, type OliBandId } from '../spectral/oliRsr.js';
import { simulateSensorBands, type SpectrumPoint } from '../spectral/simulateOliBands.js';
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

interface Simulation {
  simulated: Record<OliBandId, number | null>;
  coverage: Record<OliBandId, number>;
  notSimulated: Partial<Record<OliBandId, string>>;
}

/** The field measurement as `sensor` would see it: a spectrum convolved with that sensor's response, or the typed values. */
function simulate(m: FieldMeasurement, sensor: LandsatSensor): Simulation {
  const out: Simulation = { simulated: {} as Simulation['simulated'], coverage: {} as Simulation['coverage'], notSimulated: {} };
  if (m.spectrum) {
    const bands = simulateSensorBands(m.spectrum, sensor);
    for (const band of OLI_BAND_IDS) {
      out.simulated[band] = bands[band].reflectance;
      out.coverage[band] = bands[band].coverage;
      if (bands[band].reason) out.notSimulated[band] = bands[band].reason;
    }
  } else {
    // Typed values stand for the whole band: coverage 1 where given, 0 where not.
    for (const band of OLI_BAND_IDS) {
      const typed = m.bands?.[band];
      out.simulated[band] = typed ?? null;
      out.coverage[band] = typed === undefined ? 0 : 1;
      if (typed === undefined) out.notSimulated[band] = 'no value was given for this band';
    }
  }
  return out;
}

/**
 * POST /api/compare: a field spectrum (or typed band values) against Landsat at that place and time.
 * The spectrum is convolved with the relative spectral response of the compared scene's own sensor
 * (TM, ETM+ or OLI); with no scene, with OLI's.
 */
export async function compareFieldMeasurement(m: FieldMeasurement, readPixels: ReadPixels, signal?: AbortSignal): Promise<FieldComparison> {
  const comparison = await compareWithLandsat(
    { lngLat: [m.lon, m.lat], measuredAt: new Date(m.datetime), maxDays: m.maxDays, simulatedFor: (sensor) => simulate(m, sensor).simulated, mask: m.mask, signal },
    readPixels,
  );
  return { ...simulate(m, comparison.scene?.sensor ?? 'OLI/TIRS'), input: m.spectrum ? 'spectrum' : 'bands', ...comparison };
}
