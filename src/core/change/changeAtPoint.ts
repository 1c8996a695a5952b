import type { ClearMask } from '../raster/clearPixel.js';
import type { HarmonizeTarget } from '../bands/harmonize.js';
import type { LngLat } from '../geo/lngLat.js';
import type { LandsatService } from '../landsat/landsatService.js';
import type { CentrePixelScene } from '../landsat/centrePixels.js';
import { detectChanges } from './detectChanges.js';
import { fittedValues } from './fittedValues.js';
import { isClearOrWater, qaClass, qaClassBits } from './qaClass.js';
import { CHANGE_BANDS, type ChangeBand, type ChangeObservation, type ChangeResult } from './types.js';

export interface ChangeAtPointQuery {
  startDate: string;
  endDate: string;
  mask: ClearMask;
  harmonize?: HarmonizeTarget;
}

export interface ChangeSeriesObservation {
  date: string;
  sceneId: string;
  satellite: CentrePixelScene['satellite'];
  sensor: CentrePixelScene['sensor'];
  values: Record<ChangeBand, number | null>;
  qa: number;
  clear: boolean;
  used: boolean;
  fitted: Record<ChangeBand, number> | null;
}

export interface ChangeAtPointResult extends Omit<ChangeResult, 'used'> {
  target: { lat: number; lon: number };
  synthetic: boolean;
  harmonized?: 'roy2016-rma';
  truncated: boolean;
  series: ChangeSeriesObservation[];
}

/** QA_PIXEL with only the fill bit: the scene does not image the pixel. */
const FILL_QA = 1;

/**
 * Values at the data's precision (reflectance 6 decimals, kelvin 2), not float noise from the DN
 * scaling. The detection runs on these same rounded values, so posting the answer's series to
 * POST /api/change gives the same segments.
 */
const rounded = (band: ChangeBand, v: number | null | undefined): number | null => {
  if (v === null || v === undefined) return null;
  const digits = band === 'B09' ? 100 : 1_000_000;
  return Math.round(v * digits) / digits;
};

function roundedBands(values: Record<ChangeBand, number | null>): Record<ChangeBand, number | null>;
function roundedBands(values: Record<ChangeBand, number> | null): Record<ChangeBand, number> | null;
function roundedBands(values: Record<ChangeBand, number | null> | null) {
  if (!values) return null;
  return Object.fromEntries(CHANGE_BANDS.map((b) => [b, rounded(b, values[b])]));
}

/**
 * CCDC over the archive's record of the pixel at a point: every scene of every sensor (TM, ETM+,
 * OLI), whatever its cloud cover (the pixel's own QA decides), B02-B07 and B09 mapped per sensor as
 * the product names them, harmonised to OLI first when asked.
 */
export async function changeAtPoint(
  landsat: LandsatService,
  lngLat: LngLat,
  query: ChangeAtPointQuery,
  options: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void } = {},
): Promise<ChangeAtPointResult> {
  // The pixel alone, values and QA only: the 3 x 3 read built nine pixels' flags, footprints and metadata a scene for one value each.
  const pixels = await landsat.readCentrePixels(
    lngLat,
    { startDate: query.startDate, endDate: query.endDate, cloudCoverage: 100, bands: [...CHANGE_BANDS], mask: query.mask, harmonize: query.harmonize },
    { streamed: true, signal: options.signal, onProgress: options.onProgress },
  );
  const observations: ChangeObservation[] = pixels.scenes.map((scene) => {
    const value = (band: ChangeBand) => rounded(band, scene.values[band]);
    return {
      date: scene.datetime.slice(0, 10),
      B02: value('B02'),
      B03: value('B03'),
      B04: value('B04'),
      B05: value('B05'),
      B06: value('B06'),
      B07: value('B07'),
      B09: value('B09'),
      qa: scene.qa ?? FILL_QA,
    };
  });
  const { used, ...result } = detectChanges(observations, { signal: options.signal, mask: query.mask });
  const bits = qaClassBits(query.mask);
  const series = pixels.scenes.map((scene, i): ChangeSeriesObservation => {
    const o = observations[i]!;
    return {
      date: o.date,
      sceneId: scene.id,
      satellite: scene.satellite,
      sensor: scene.sensor,
      values: { B02: o.B02, B03: o.B03, B04: o.B04, B05: o.B05, B06: o.B06, B07: o.B07, B09: o.B09 },
      qa: o.qa,
      clear: isClearOrWater(qaClass(o.qa, bits)),
      used: used[i]!,
      fitted: roundedBands(fittedValues(result.segments, o.date)),
    };
  });
  const harmonized = pixels.scenes.some((s) => s.harmonized) ? ('roy2016-rma' as const) : undefined;
  return {
    ...result,
    target: pixels.target,
    synthetic: pixels.synthetic,
    ...(harmonized ? { harmonized } : {}),
    truncated: pixels.truncated,
    series,
  };
}
