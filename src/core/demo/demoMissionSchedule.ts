/**
 * When each of the five missions imaged a WRS-2 path/row in the synthetic demo archive: every pass of
 * the mission's 16-day cycle within its operating dates (src/core/bands/missions.ts). All five flew the
 * WRS-2 grid in two interleaved phases 8 days apart: Landsat 5 and 8 on one, Landsat 4, 7 and 9 on the
 * other. The phase and the time of day were checked on real scenes (../shared/real-world/mtl and
 * landsat-tm-etm, DATE_ACQUIRED and SCENE_CENTER_TIME): LT04 002/026 1983-01-10, LT05 010/067
 * 1986-04-24, 090/084 1998-03-08, 087/017 2009-06-21, 058/014 2011-03-12, LE07 021/030 2010-01-09 and
 * 090/084 2021-03-31 all fall on the predicted day; the older satellites crossed earlier in the morning
 * than Landsat 8 does (their orbits drifted), by the minutes below, interpolated between those scenes.
 */
import { LRUCache } from 'lru-cache';
import { LANDSAT_MISSIONS, LANDSAT_PLATFORMS, type LandsatPlatform } from '../bands/missions.js';
import { overpassesForPathRow, wrs2CycleTimesMs, type LandsatSatellite } from '../overpass/overpass.js';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** Every mission the demo archive holds, oldest first. */
export const DEMO_MISSIONS: readonly LandsatPlatform[] = LANDSAT_PLATFORMS;

/** The OLI/TIRS satellite whose 16-day cycle each earlier mission shared. */
const PHASE: Record<'landsat-4' | 'landsat-5' | 'landsat-7', LandsatSatellite> = {
  'landsat-4': 'landsat-9',
  'landsat-5': 'landsat-8',
  'landsat-7': 'landsat-9',
};

/** [day, minutes the real scene centre came before the Landsat 8/9 prediction] from the real scenes named above. */
const EARLIER_BY_MIN: Record<keyof typeof PHASE, Array<[string, number]>> = {
  'landsat-4': [['1983-01-10', 31.4]],
  'landsat-5': [['1986-04-24', 33.8], ['1998-03-08', 22.5], ['2009-06-21', 10.5], ['2011-03-12', 9.1]],
  'landsat-7': [['2010-01-09', 8.8], ['2021-03-31', 48.6]],
};

/** The calibration points in ms, parsed once: this runs for every pass a 40-year listing computes. */
const EARLIER_BY_MS: Record<keyof typeof PHASE, ReadonlyArray<readonly [number, number]>> = {
  'landsat-4': msPoints(EARLIER_BY_MIN['landsat-4']),
  'landsat-5': msPoints(EARLIER_BY_MIN['landsat-5']),
  'landsat-7': msPoints(EARLIER_BY_MIN['landsat-7']),
};
function msPoints(points: Array<[string, number]>): Array<readonly [number, number]> {
  return points.map(([day, min]) => [Date.parse(`${day}T00:00:00Z`), min * MINUTE_MS] as const);
}

/** Minutes earlier than the shared cycle, linear between calibration scenes, constant beyond them. */
function earlierByMs(satellite: keyof typeof PHASE, atMs: number): number {
  const points = EARLIER_BY_MS[satellite];
  if (atMs <= points[0][0]) return points[0][1];
  for (let i = 1; i < points.length; i++) {
    const [t0, v0] = points[i - 1];
    const [t1, v1] = points[i];
    if (atMs <= t1) return v0 + ((v1 - v0) * (atMs - t0)) / (t1 - t0);
  }
  return points[points.length - 1][1];
}

/**
 * Landsat 7 flew the WRS-2 cycle until its nominal mission ended in April 2022 (USGS, Landsat 7
 * Extended Science Mission page: the month, not the day); from 2022-05-05 to its last science data
 * on 2024-01-19 it imaged from a lower, drifting orbit, off the 16-day cycle, which the demo does not
 * model: its demo scenes stop with March 2022.
 */
const DEMO_LANDSAT7_LAST_DAY = '2022-03-31';

/** First day and exclusive end (ms) of the mission's scenes in the demo archive. */
function missionSpanMs(satellite: LandsatPlatform): [number, number] {
  const m = LANDSAT_MISSIONS[satellite];
  const last = satellite === 'landsat-7' ? DEMO_LANDSAT7_LAST_DAY : m.lastSceneDate;
  return [Date.parse(`${m.firstSceneDate}T00:00:00Z`), last ? Date.parse(`${last}T00:00:00Z`) + DAY_MS : Infinity];
}

/** Scene-centre times (ms) at which the mission imaged path/row, fromMs <= t < toMs, earliest first (both within its operating dates). */
function passesMs(satellite: LandsatPlatform, path: number, row: number, fromMs: number, toMs: number): number[] {
  if (satellite === 'landsat-8' || satellite === 'landsat-9') return overpassesForPathRow(satellite, path, row, new Date(fromMs), new Date(toMs)).map((d) => d.getTime());
  // The shift is under an hour: a day's margin each side, then the exact bounds.
  const out: number[] = [];
  for (const t of wrs2CycleTimesMs(PHASE[satellite], path, row, fromMs - DAY_MS, toMs + DAY_MS)) {
    const at = Math.round(t - earlierByMs(satellite, t));
    if (at >= fromMs && at < toMs) out.push(at);
  }
  return out;
}

/**
 * Recent pass lists that run to today, from a first day up to the end of the day they were computed:
 * a Fetch's three searches (the image's, both streams') and the statistics' neighbour count list the
 * same path/rows' passes over the same dates, ~18,000 passes over 40 years, each time again on the
 * event loop, before the first progress line (issue 33's page journey). Their ends differ (a search's is the end of the
 * day, the neighbour count's the moment it runs): any end up to the list's horizon is a prefix of it.
 * At most 512 lists of at most ~1,000 passes (8 KB) each.
 */
const passLists = new LRUCache<string, { horizonMs: number; passes: Float64Array }>({ max: 512 });

/** Scene-centre times at which the mission imaged path/row, from <= t < to (and within its operating dates), earliest first. */
export function demoPassesForPathRow(satellite: LandsatPlatform, path: number, row: number, from: Date, to: Date): Date[] {
  const [first, end] = missionSpanMs(satellite);
  const fromMs = Math.max(from.getTime(), first);
  const toMs = Math.min(to.getTime(), end);
  if (!(toMs > fromMs)) return [];
  // Lists that run to today (a Fetch's) are kept, up to the end of the real today or the mission's end.
  // Others (a scene id's day, a range in the past, a clock set ahead) are computed as asked.
  const horizonMs = Math.min(end, (Math.floor(Date.now() / DAY_MS) + 1) * DAY_MS);
  if (toMs > horizonMs || toMs <= horizonMs - 2 * DAY_MS) return passesMs(satellite, path, row, fromMs, toMs).map((t) => new Date(t));
  const key = `${satellite}:${path}:${row}:${fromMs}`;
  let list = passLists.get(key);
  if (!list || list.horizonMs < toMs) passLists.set(key, (list = { horizonMs, passes: Float64Array.from(passesMs(satellite, path, row, fromMs, horizonMs)) }));
  const out: Date[] = [];
  for (const t of list.passes) {
    if (t >= toMs) break;
    out.push(new Date(t));
  }
  return out;
}
