import { BAND_CATALOG } from '../../core/bands/bandCatalog.js';
import { OLI_BAND_IDS } from '../../core/spectral/oliRsr.js';
import type { CompareResponse } from '../../shared/api/compare.js';
import { toCsv, toPrecisionOf, type CsvCell } from '../../shared/csv.js';

export const COMPARISON_CSV_HEADER = [
  'band', 'band_label', 'center_wavelength_um', 'measured_at_utc', 'target_lat', 'target_lon',
  'scene_id', 'satellite', 'scene_datetime_utc', 'hours_from_measurement',
  'coverage', 'simulated_reflectance', 'landsat_value', 'landsat_mean3x3', 'landsat_sd3x3', 'landsat_clear_count3x3', 'landsat_qa',
  'difference_absolute', 'difference_relative', 'rmse', 'note',
] as const;

/** One row per OLI band: the field side, the Landsat side and their difference, as the page shows them. */
export function comparisonCsv(request: { lat: number; lon: number; datetime: string }, answer: CompareResponse): string {
  const rows: CsvCell[][] = [[...COMPARISON_CSV_HEADER]];
  for (const band of OLI_BAND_IDS) {
    const info = BAND_CATALOG[band];
    const landsat = answer.landsat[band];
    const difference = answer.difference[band];
    const note = [answer.notSimulated[band], answer.sceneReason, answer.differenceNote].filter(Boolean).join(' ');
    rows.push([
      band, info.label, info.centerWavelengthUm, request.datetime, request.lat, request.lon,
      answer.scene?.id, answer.scene?.satellite, answer.scene?.datetime, answer.scene?.hoursFromMeasurement,
      // Reflectance to its CSV precision (src/shared/csv.ts); the relative difference is a ratio.
      answer.coverage[band], ...[answer.simulated[band], landsat?.value, landsat?.mean3x3, landsat?.sd3x3].map((v) => toPrecisionOf('reflectance', v)), landsat?.clearCount3x3, landsat?.qa.join(' '),
      toPrecisionOf('reflectance', difference?.absolute), difference?.relative, toPrecisionOf('reflectance', answer.rmse), note,
    ]);
  }
  return toCsv(rows);
}
