import type { LngLat } from '../geo/lngLat.js';
import type { PixelResponse, PixelScene, SceneFilters, SceneSummary } from '../landsat/landsatResults.js';
import type { ClearMask } from '../raster/clearPixel.js';
import { isClearAt } from '../indices/spectralIndices.js';
import { qaWords } from '../raster/qaWords.js';
import { OLI_BAND_IDS, type OliBandId } from '../spectral/oliRsr.js';
import type { LandsatSensor } from '../bands/missions.js';

/** What the comparison needs from the Landsat service (its readPixels satisfies it). */
export type ReadPixels = (lngLat: LngLat, filters: SceneFilters, options: { signal?: AbortSignal }) => Promise<PixelResponse>;

export interface ComparedScene extends SceneSummary {
  /** Scene time minus measurement time, hours (negative: the scene was taken before). */
  hoursFromMeasurement: number;
}

export interface LandsatBandValue {
  /** Surface reflectance of the target pixel. */
  value: number | null;
  /** Mean and population standard deviation of the clear pixels of the 3 x 3 around it. */
  mean3x3: number | null;
  sd3x3: number | null;
  /** The target pixel's QA_PIXEL in words. */
  qa: string[];
  /** Extension: how many of the nine pixels were clear. */
  clearCount3x3: number;
}

export interface BandDifference {
  /** simulated − Landsat (reflectance). */
  absolute: number | null;
  /** (simulated − Landsat) / Landsat. */
  relative: number | null;
}

export interface LandsatComparison {
  scene: ComparedScene | null;
  /** Extension: why `scene` is null, or why differences are missing. */
  sceneReason?: string;
  differenceNote?: string;
  landsat: Partial<Record<OliBandId, LandsatBandValue>>;
  difference: Partial<Record<OliBandId, BandDifference>>;
  rmse: number | null;
  synthetic: boolean;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function landsatValues(scene: PixelScene, mask: ClearMask | undefined): Partial<Record<OliBandId, LandsatBandValue>> {
  const flags = scene.qa.flags;
  const out: Partial<Record<OliBandId, LandsatBandValue>> = {};
  for (const band of OLI_BAND_IDS) {
    const grid = scene.bands[band]?.values;
    if (!grid) continue;
    const clear: number[] = [];
    grid.forEach((row, r) =>
      row.forEach((v, c) => {
        if (v !== null && isClearAt(scene, r, c, mask)) clear.push(v);
      }),
    );
    const mean = clear.length > 0 ? clear.reduce((s, v) => s + v, 0) / clear.length : null;
    const sd = mean === null ? null : Math.sqrt(clear.reduce((s, v) => s + (v - mean) ** 2, 0) / clear.length);
    out[band] = { value: grid[1]?.[1] ?? null, mean3x3: mean, sd3x3: sd, qa: qaWords(flags[1]?.[1], scene.sensor), clearCount3x3: clear.length };
  }
  return out;
}

/**
 * Compares simulated (or typed) band reflectances with Landsat at the point: the scene nearest in
 * time within maxDays whose target pixel is clear (or, when none is, the nearest whose target pixel holds data), its target value, the 3 x 3 clear mean and
 * spread, and the differences. Differences are left out when the target pixel is not clear
 * (a cloud says nothing about the ground measurement).
 */
export async function compareWithLandsat(
  input: {
    lngLat: LngLat;
    measuredAt: Date;
    maxDays: number;
    /** The field values as the scene's own sensor would see them (its spectral response). */
    simulatedFor: (sensor: LandsatSensor) => Partial<Record<OliBandId, number | null>>;
    mask?: ClearMask;
    signal?: AbortSignal;
  },
  readPixels: ReadPixels,
): Promise<LandsatComparison> {
  const t = input.measuredAt.getTime();
  const windowMs = input.maxDays * DAY_MS;
  const response = await readPixels(
    input.lngLat,
    { startDate: dayOf(t - windowMs), endDate: dayOf(t + windowMs), cloudCoverage: 100, bands: [...OLI_BAND_IDS], mask: input.mask },
    { signal: input.signal },
  );
  const at = `(${input.lngLat[1]}, ${input.lngLat[0]})`;
  const inWindow = response.scenes
    .map((scene) => ({ scene, offsetMs: new Date(scene.datetime).getTime() - t }))
    .filter(({ offsetMs }) => Math.abs(offsetMs) <= windowMs)
    .sort((a, b) => Math.abs(a.offsetMs) - Math.abs(b.offsetMs));
  const empty = { landsat: {}, difference: {}, rmse: null, synthetic: response.synthetic };
  if (inWindow.length === 0) {
    return { ...empty, scene: null, sceneReason: `No Landsat scene covers ${at} within ${input.maxDays} days of ${input.measuredAt.toISOString()}.` };
  }
  const hasData = ({ scene }: (typeof inWindow)[number]) => OLI_BAND_IDS.some((b) => scene.bands[b]?.values[1]?.[1] != null);
  // The clear scene nearest in time at the pixel; only when none within maxDays is clear there, the nearest with data (and no differences).
  const withData = inWindow.find((s) => hasData(s) && isClearAt(s.scene, 1, 1, input.mask)) ?? inWindow.find(hasData);
  if (!withData) {
    return {
      ...empty,
      scene: null,
      sceneReason: `${inWindow.length} scene${inWindow.length === 1 ? '' : 's'} within ${input.maxDays} days cover${inWindow.length === 1 ? 's' : ''} ${at}'s tile, but hold no data at the point (outside the imaged swath): ${inWindow.map((s) => s.scene.id).join(', ')}.`,
    };
  }
  const { scene, offsetMs } = withData;
  const landsat = landsatValues(scene, input.mask);
  const simulatedValues = input.simulatedFor(scene.sensor);
  const targetClear = isClearAt(scene, 1, 1, input.mask);
  const difference: Partial<Record<OliBandId, BandDifference>> = {};
  const squares: number[] = [];
  for (const band of OLI_BAND_IDS) {
    const simulated = simulatedValues[band];
    const observed = landsat[band]?.value;
    if (simulated === null || simulated === undefined || observed === null || observed === undefined || !targetClear) {
      difference[band] = { absolute: null, relative: null };
      continue;
    }
    const absolute = simulated - observed;
    squares.push(absolute * absolute);
    difference[band] = { absolute, relative: observed === 0 ? null : absolute / observed };
  }
  return {
    scene: {
      id: scene.id,
      satellite: scene.satellite,
      sensor: scene.sensor,
      datetime: scene.datetime,
      wrsPath: scene.wrsPath,
      wrsRow: scene.wrsRow,
      cloudCover: scene.cloudCover,
      hoursFromMeasurement: offsetMs / HOUR_MS,
    },
    ...(targetClear ? {} : { differenceNote: `The target pixel is not clear (${qaWords(scene.qa.flags[1]?.[1], scene.sensor).join(', ')}): no differences are computed against it.` }),
    landsat,
    difference,
    rmse: squares.length > 0 ? Math.sqrt(squares.reduce((s, v) => s + v, 0) / squares.length) : null,
    synthetic: response.synthetic,
  };
}
