import type { PixelResponse } from '../../shared/api/pixel.js';
import { isClearAt, qaFlagWords } from '../series/qaFlagWords.js';
import type { LandsatDataEntry } from '../../shared/api/landsatData.js';
import { CLOUDY_BELOW, clearFraction } from './timeSeriesPoints.js';

/** Rows of the scene list put in the DOM at a time (more as it is scrolled, SceneTimeline.tsx): a year's series lists all of its ~46 at once. */
export const LIST_ROWS_AT_ONCE = 100;

export interface TimelineRow {
  sceneId: string;
  datetime: string;
  t: number;
  satellite: string;
  wrsPath: number;
  wrsRow: number;
  cloudCover: number;
  /** Clear share of the statistics area (0-1), from the first band's counts; null without statistics. */
  clearInArea: number | null;
  /** Clear pixels of the 3 x 3 at the point (0-9) and the target's QA words; null when the pixel series lacks the scene. */
  clearAtPoint: { clearOf9: number; target: string } | null;
  cloudy: boolean;
}

/** Every scene of the statistics series, oldest first, with what the pixel series says at the point. */
export function sceneTimelineRows(entries: readonly LandsatDataEntry[], pixels: Pick<PixelResponse, 'scenes'> | null): TimelineRow[] {
  const atPoint = new Map((pixels?.scenes ?? []).map((s) => [s.id, s]));
  const rows: TimelineRow[] = [];
  for (const entry of entries) {
    const scene = entry.scene;
    if (!scene) continue;
    const firstBand = Object.values(entry.outputs?.data?.bands ?? {})[0];
    const clearInArea = firstBand?.stats ? clearFraction(firstBand.stats) : null;
    const px = atPoint.get(scene.id);
    const clearAtPoint = px
      ? { clearOf9: [0, 1, 2].flatMap((r) => [0, 1, 2].filter((c) => isClearAt(px, r, c))).length, target: qaFlagWords(px.qa.flags[1]?.[1]).join(', ') }
      : null;
    rows.push({
      sceneId: scene.id,
      datetime: scene.datetime,
      t: Date.parse(scene.datetime),
      satellite: scene.satellite,
      wrsPath: scene.wrsPath,
      wrsRow: scene.wrsRow,
      cloudCover: scene.cloudCover,
      clearInArea,
      clearAtPoint,
      cloudy: clearInArea !== null ? clearInArea < CLOUDY_BELOW : scene.cloudCover > 50,
    });
  }
  return rows.sort((a, b) => a.t - b.t);
}

/** Axis ticks between two dates: month starts for ranges up to two years, else year starts. */
export function timelineTicks(startMs: number, endMs: number, maxTicks = Number.POSITIVE_INFINITY): { t: number; label: string }[] {
  const years = (endMs - startMs) / (365.25 * 86_400_000);
  // The step the span suggests, made coarser until the labels fit the axis (a phone has room for about six).
  const byspan = years > 6 ? 24 : years > 2 ? 12 : years > 1 ? 3 : 1;
  const steps = [1, 3, 6, 12, 24, 60, 120].filter((m) => m >= byspan);
  for (const monthStep of steps) {
    const ticks = ticksEvery(startMs, endMs, monthStep);
    if (ticks.length <= Math.max(2, maxTicks) || monthStep === steps[steps.length - 1]) return ticks;
  }
  return [];
}

function ticksEvery(startMs: number, endMs: number, monthStep: number): { t: number; label: string }[] {
  const ticks: { t: number; label: string }[] = [];
  const start = new Date(startMs);
  const startYear = start.getUTCFullYear();
  // Whole steps from a round year (2000, 2010...) so the labels are round numbers.
  const firstYear = monthStep >= 60 ? Math.floor(startYear / (monthStep / 12)) * (monthStep / 12) : startYear;
  const d = new Date(Date.UTC(firstYear, monthStep >= 12 ? 0 : start.getUTCMonth(), 1));
  while (d.getTime() <= endMs && ticks.length < 400) {
    if (d.getTime() >= startMs) ticks.push({ t: d.getTime(), label: monthStep >= 12 ? String(d.getUTCFullYear()) : d.toISOString().slice(0, 7) });
    d.setUTCMonth(d.getUTCMonth() + monthStep);
  }
  return ticks;
}
