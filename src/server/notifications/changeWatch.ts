/**
 * Change watches (issue 34 item 6): after a new scene at the point, is there a change that this scene
 * confirmed? CCDC (detectChanges) runs on the record without the new scene and with it; a break that
 * only the second run finds was confirmed by the newest observations (CCDC's own rule: six anomalous
 * observations in a row, each beyond the change threshold of the model of the years before). The
 * change per band is the new segment's model minus the old one at the break date when a new segment
 * could be fitted, else the median signed departure of the observations since the break.
 */
import type { ChangeObservation, ChangeResult } from '../../core/change/detectChanges.js';
import { detectChangesInWorker } from '../jobs/changeWorkerPool.js';
import { changeAtBreak, ordinalDay, type ChangeBandId } from '../../shared/changeModel.js';

export interface ConfirmedChange {
  breakDate: string;
  change: Record<ChangeBandId, number>;
  observationsSince: number;
}

/** Breaks of two runs closer than this are the same break (a new observation may move it a scene). */
const SAME_BREAK_DAYS = 48;
/** A break further back than this is history, not news, whatever the runs say. */
const NEWS_DAYS = 400;

const NOT_CLEAR_BITS = (1 << 0) | (1 << 3) | (1 << 4) | (1 << 5);

/** The change the observation(s) of `sceneDate` confirmed, or null. `series` holds the record through that date. */
export async function confirmedChange(
  series: readonly ChangeObservation[],
  sceneDate: string,
  detect: (observations: ChangeObservation[]) => Promise<ChangeResult> = detectChangesInWorker,
): Promise<ConfirmedChange | null> {
  if (!series.some((o) => o.date === sceneDate)) return null;
  const before = series.filter((o) => o.date < sceneDate);
  const now = await detect([...series]);
  const breaks = now.segments.filter((s) => s.breakDate !== null);
  const latest = breaks.at(-1);
  if (!latest?.breakDate) return null;
  const t = ordinalDay(latest.breakDate);
  if (ordinalDay(sceneDate) - t > NEWS_DAYS) return null;
  if (before.length > 0) {
    const earlier = (await detect(before)).segments.filter((s) => s.breakDate !== null);
    if (earlier.some((s) => Math.abs(ordinalDay(s.breakDate!) - t) <= SAME_BREAK_DAYS)) return null;
  }
  const index = now.segments.indexOf(latest);
  // Clear observations since the break (QA_PIXEL fill, cloud, shadow and snow bits 0, 3, 4, 5 unset).
  const since = series.filter((o) => o.date >= latest.breakDate! && (o.qa & NOT_CLEAR_BITS) === 0);
  const change = changeAtBreak(now.segments, index, since.map((o) => ({ date: o.date, values: o })))!;
  return { breakDate: latest.breakDate, change, observationsSince: since.length };
}
