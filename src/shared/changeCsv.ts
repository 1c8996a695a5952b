/**
 * Change detection as CSV (issue 34): segments (one row per segment; the jobs' CSV adds the site in
 * front) and observations with their fitted values. Numbers at the data's precision: reflectance 6
 * decimals, kelvin 2, probability 4.
 */
import { toCsv, type CsvCell } from './csv.js';
import { atPrecision, CHANGE_BAND_IDS, CHANGE_BAND_WORDS, bandUnit, changeAcrossBreak, fittedValue, ordinalDay, type ChangeBandId } from './changeModel.js';

interface BandModel {
  intercept: number;
  coefficients: readonly number[];
  rmse: number;
  magnitude: number;
}

export interface SegmentForCsv {
  startDate: string;
  endDate: string;
  breakDate: string | null;
  observationCount: number;
  changeProbability: number;
  curveQa: number;
  procedure: string;
  bands: Record<ChangeBandId, BandModel>;
}

const bandHeader = (band: ChangeBandId, what: string) => `${band}_${CHANGE_BAND_WORDS[band].toLowerCase()}_${what}_${bandUnit(band)}`;

export const SEGMENT_COLUMNS = [
  'segment', 'start_date', 'end_date', 'break_date', 'observation_count', 'change_probability', 'curve_qa', 'procedure',
  ...CHANGE_BAND_IDS.flatMap((b) => [bandHeader(b, 'magnitude'), bandHeader(b, 'rmse')]),
  // Extension: the signed change across the break (next model minus this one at the break date).
  ...CHANGE_BAND_IDS.map((b) => bandHeader(b, 'change')),
];

/** One segment's cells (its 1-based number in the record first); `next` is the segment after it, if any. */
export function segmentCells(segment: SegmentForCsv, number: number, next?: SegmentForCsv): CsvCell[] {
  const change = changeAcrossBreak(segment, next);
  return [
    number, segment.startDate, segment.endDate, segment.breakDate, segment.observationCount,
    Number(segment.changeProbability.toFixed(4)), segment.curveQa, segment.procedure,
    ...CHANGE_BAND_IDS.flatMap((b) => {
      const m = segment.bands[b];
      return m ? [atPrecision(b, m.magnitude), atPrecision(b, m.rmse)] : [null, null];
    }),
    ...CHANGE_BAND_IDS.map((b) => (change ? atPrecision(b, change[b]) : null)),
  ];
}

/** The segments of one point as CSV (the page's download). */
export function segmentsCsv(segments: readonly SegmentForCsv[]): string {
  return toCsv([SEGMENT_COLUMNS, ...segments.map((s, i) => segmentCells(s, i + 1, segments[i + 1]))]);
}

/** The segment whose time span holds a date (start to end, inclusive), or null. */
export function segmentOn<S extends { startDate: string; endDate: string }>(segments: readonly S[], date: string): S | null {
  return segments.find((s) => s.startDate <= date && date <= s.endDate) ?? null;
}

export interface ObservationForCsv {
  date: string;
  sceneId?: string;
  sensor?: string;
  values: Record<ChangeBandId, number | null>;
  qa: number;
  clear: boolean;
  used: boolean;
}

/** The observations with, per band, the value and the fitted value of the segment covering its date. */
export function observationsCsv(observations: readonly ObservationForCsv[], segments: readonly SegmentForCsv[]): string {
  const header = ['date', 'scene_id', 'sensor', 'qa_pixel', 'clear', 'used', 'segment', ...CHANGE_BAND_IDS.flatMap((b) => [`${b}_${bandUnit(b)}`, `${b}_fitted_${bandUnit(b)}`])];
  const rows = observations.map((o) => {
    const segment = segmentOn(segments, o.date);
    const t = ordinalDay(o.date);
    return [
      o.date, o.sceneId, o.sensor, o.qa, o.clear, o.used, segment ? segments.indexOf(segment) + 1 : null,
      ...CHANGE_BAND_IDS.flatMap((b) => {
        const v = o.values[b];
        const model = segment?.bands[b];
        return [v === null ? null : atPrecision(b, v), model ? atPrecision(b, fittedValue(model, t)) : null];
      }),
    ];
  });
  return toCsv([header, ...rows]);
}
