/**
 * What the "What changed here?" chart draws for one band, from the change answer: the clear
 * observations (used by the fit or not), each segment's fitted model sampled through its time span,
 * and a vertical mark at each break. Pure, so the page and its tests share it.
 */
import type { ChangePointResponse } from '../../shared/api/change.js';
import { changeAtBreak, fittedValue, ordinalDay, type ChangeBandId } from '../../shared/changeModel.js';

const DAY_MS = 86_400_000;
/** The fitted curve is drawn through a point every this many days (smooth at a 40-year width). */
const CURVE_STEP_DAYS = 8;

export interface XY {
  x: number;
  y: number;
}

export interface BandChartData {
  used: XY[];
  /** Clear observations the procedure left out (Tmask outliers, before the first model, ...). */
  unused: XY[];
  /** One curve per segment. */
  curves: { label: string; points: XY[] }[];
  breaks: { date: string; x: number }[];
  yRange: { min: number; max: number };
}

const timeOf = (date: string) => Date.parse(`${date}T00:00:00Z`);

export function bandChartData(answer: ChangePointResponse, band: ChangeBandId): BandChartData {
  const used: XY[] = [];
  const unused: XY[] = [];
  for (const o of answer.series) {
    const v = o.values[band];
    if (!o.clear || v === null || v === undefined) continue;
    (o.used ? used : unused).push({ x: timeOf(o.date), y: v });
  }
  const curves = answer.segments.map((s, i) => {
    const points: XY[] = [];
    const model = s.bands[band];
    const start = timeOf(s.startDate);
    const end = timeOf(s.endDate);
    for (let t = start; t < end; t += CURVE_STEP_DAYS * DAY_MS) points.push({ x: t, y: fittedValue(model, ordinalDay(new Date(t).toISOString())) });
    points.push({ x: end, y: fittedValue(model, ordinalDay(s.endDate)) });
    return { label: `Model, segment ${i + 1} (${s.startDate} to ${s.endDate})`, points };
  });
  const breaks = answer.segments.flatMap((s) => (s.breakDate ? [{ date: s.breakDate, x: timeOf(s.breakDate) }] : []));
  const ys = [...used, ...unused, ...curves.flatMap((c) => c.points)].map((p) => p.y);
  return { used, unused, curves, breaks, yRange: { min: ys.length ? Math.min(...ys) : 0, max: ys.length ? Math.max(...ys) : 1 } };
}

/** Each break with the change per band it brought (signed), for the words under the chart. */
export function breaksWithChange(answer: ChangePointResponse): { date: string; change: Record<ChangeBandId, number> }[] {
  const clear = answer.series.filter((o) => o.clear).map((o) => ({ date: o.date, values: o.values }));
  return answer.segments.flatMap((s, i) => {
    const change = changeAtBreak(answer.segments, i, clear);
    return s.breakDate && change ? [{ date: s.breakDate, change }] : [];
  });
}
