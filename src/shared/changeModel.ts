/**
 * Reading a CCDC answer (src/shared/api/change.ts) anywhere: the fitted value of a band's harmonic
 * model at a date, and the bands' names in words. Shared by the page (the fitted curves, the CSVs),
 * the change jobs' CSV and the change alerts, so all three say the same.
 *
 * The model is pyccd's: value(t) = intercept + c0 t + c1 cos wt + c2 sin wt + c3 cos 2wt + c4 sin 2wt
 * + c5 cos 3wt + c6 sin 3wt, with t the ordinal day (Python's date.toordinal(): 0001-01-01 is 1) and
 * w = 2 pi / 365.2425, in the band's unit (reflectance 0-1 for B02-B07, kelvin for B09).
 */

/** The bands of a change answer, in order, with the words people use for them. */
export const CHANGE_BAND_WORDS = { B02: 'blue', B03: 'green', B04: 'red', B05: 'NIR', B06: 'SWIR1', B07: 'SWIR2', B09: 'thermal' } as const;
export type ChangeBandId = keyof typeof CHANGE_BAND_WORDS;
export const CHANGE_BAND_IDS = Object.keys(CHANGE_BAND_WORDS) as ChangeBandId[];

export const bandUnit = (band: ChangeBandId): 'reflectance' | 'kelvin' => (band === 'B09' ? 'kelvin' : 'reflectance');

/** Python's date.toordinal() of 1970-01-01. */
const ORDINAL_1970 = 719_163;
const DAY_MS = 86_400_000;
const OMEGA = (2 * Math.PI) / 365.2425;

/** Python's date.toordinal() of a YYYY-MM-DD day (UTC). */
export function ordinalDay(date: string): number {
  return Math.round(Date.parse(`${date.slice(0, 10)}T00:00:00Z`) / DAY_MS) + ORDINAL_1970;
}

/** The YYYY-MM-DD day of an ordinal day. */
export function dateOfOrdinal(ordinal: number): string {
  return new Date((ordinal - ORDINAL_1970) * DAY_MS).toISOString().slice(0, 10);
}

export interface HarmonicModel {
  intercept: number;
  /** Slope per ordinal day, then cos/sin at 1, 2 and 3 cycles a year. */
  coefficients: readonly number[];
}

/** The model's value at an ordinal day, in the band's unit. */
export function fittedValue(model: HarmonicModel, ordinal: number): number {
  const c = model.coefficients;
  const w = OMEGA * ordinal;
  return (
    model.intercept +
    c[0] * ordinal +
    c[1] * Math.cos(w) + c[2] * Math.sin(w) +
    c[3] * Math.cos(2 * w) + c[4] * Math.sin(2 * w) +
    c[5] * Math.cos(3 * w) + c[6] * Math.sin(3 * w)
  );
}

/** A value at its unit's precision: reflectance 6 decimals, kelvin 2 (no float noise in CSVs and mails). */
export function atPrecision(band: ChangeBandId, value: number): number {
  return Number(value.toFixed(band === 'B09' ? 2 : 6));
}

interface SegmentModels {
  breakDate: string | null;
  bands: Record<ChangeBandId, HarmonicModel>;
}

/**
 * The change at a break, per band, with its sign: the next segment's model minus this segment's model
 * at the break date. (pyccd's `magnitude` is the median of the ABSOLUTE residuals, so it has no
 * direction; this says which way each band went.) Null without a break or a next segment.
 */
export function changeAcrossBreak(segment: SegmentModels, next: SegmentModels | undefined): Record<ChangeBandId, number> | null {
  if (!segment.breakDate || !next) return null;
  const t = ordinalDay(segment.breakDate);
  const out = {} as Record<ChangeBandId, number>;
  for (const band of CHANGE_BAND_IDS) out[band] = fittedValue(next.bands[band], t) - fittedValue(segment.bands[band], t);
  return out;
}

/**
 * A break in words and numbers: "2003-07-23: NIR -0.12, SWIR1 +0.05, thermal +4.1 K". Bands whose
 * change is below `minReflectance` (0.02 by default) or 1 K are left out as noise.
 */
export function breakWords(breakDate: string, change: Partial<Record<ChangeBandId, number>>, minReflectance = 0.02): string {
  const parts: string[] = [];
  for (const band of CHANGE_BAND_IDS) {
    const m = change[band];
    if (m === undefined || !Number.isFinite(m)) continue;
    const sign = m >= 0 ? '+' : '-';
    if (band === 'B09') {
      if (Math.abs(m) >= 1) parts.push(`${CHANGE_BAND_WORDS[band]} ${sign}${Math.abs(m).toFixed(1)} K`);
    } else if (Math.abs(m) >= minReflectance) parts.push(`${CHANGE_BAND_WORDS[band]} ${sign}${Math.abs(m).toFixed(2)}`);
  }
  return `${breakDate}: ${parts.length ? parts.join(', ') : 'small changes in every band'}`;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length === 0 ? 0 : s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/**
 * The signed change per band at segment `index`'s break: across the break (changeAcrossBreak) when a
 * segment follows, else the median departure from the segment's model of the clear observations
 * `since` the break (a change confirmed at the end of the record, before a new model can be fitted).
 */
export function changeAtBreak(
  segments: readonly SegmentModels[],
  index: number,
  clearObservations: ReadonlyArray<{ date: string; values: Partial<Record<ChangeBandId, number | null>> }>,
): Record<ChangeBandId, number> | null {
  const segment = segments[index];
  if (!segment?.breakDate) return null;
  const across = changeAcrossBreak(segment, segments[index + 1]);
  if (across) return across;
  const since = clearObservations.filter((o) => o.date >= segment.breakDate!);
  const out = {} as Record<ChangeBandId, number>;
  for (const band of CHANGE_BAND_IDS) {
    out[band] = median(since.flatMap((o) => {
      const v = o.values[band];
      return v === null || v === undefined ? [] : [v - fittedValue(segment.bands[band], ordinalDay(o.date))];
    }));
  }
  return out;
}
