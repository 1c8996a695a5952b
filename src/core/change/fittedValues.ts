import { designRow } from './lasso.js';
import { dateToOrdinal } from './ordinalDay.js';
import { CHANGE_BANDS, type ChangeBand, type ChangeSegment } from './types.js';

/**
 * The model's value per band on `date` (YYYY-MM-DD), from the segment whose start..end covers it;
 * null between segments or outside them. Reflectance 0-1 and kelvin, as the segments carry them.
 */
export function fittedValues(segments: readonly ChangeSegment[], date: string): Record<ChangeBand, number> | null {
  const segment = segments.find((s) => s.startDate <= date && date <= s.endDate);
  if (!segment) return null;
  const row = new Float64Array(7);
  designRow(dateToOrdinal(date), row);
  const out = {} as Record<ChangeBand, number>;
  for (const band of CHANGE_BANDS) {
    const m = segment.bands[band];
    let v = m.intercept;
    for (let j = 0; j < 7; j += 1) v += m.coefficients[j]! * row[j]!;
    out[band] = v;
  }
  return out;
}
