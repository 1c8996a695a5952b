import type { LngLat } from '../geo/lngLat.js';
import { findWrs2Tiles, WRS2_DESCENDING_NODE_ROW, WRS2_FIRST_DAY_ROW, WRS2_LAST_DAY_ROW, WRS2_PATHS, WRS2_ROWS } from '../wrs2/wrs2.js';

/**
 * Landsat 8 / 9 acquisition schedule from the WRS-2 orbit geometry.
 *
 * Each satellite flies 233 orbits in exactly 16 days (the WRS-2 repeat cycle) and the orbit after
 * path p images path p + 16 (the Earth turns 16 path spacings per orbit), so path p is imaged
 * 102 orbits (7.004 days) after path p - 1, because 16 x 102 = 1 (mod 233). Landsat 9 flies the same
 * ground track 8 days (half a cycle) away from Landsat 8. Within an orbit, the scene centre of row r
 * is (r - 60)/248 of an orbit away from the descending node (row 60).
 *
 * The epochs are descending-node times calibrated on real acquisitions (the fixture scene's MTL,
 * SCENE_CENTER_TIME of LC08 001/070 on 2019-01-14, and the STAC items LC08 047/027 2020-12-04 and
 * LC09 010/065 2022-01-29) and on the USGS acquisition calendar (https://landsat.usgs.gov/landsat_acq):
 * the satellites keep their ground track within a few km but their equator-crossing time wanders by
 * tens of seconds, so predicted scene-centre times are good to about a minute and a half.
 */

export type LandsatSatellite = 'landsat-8' | 'landsat-9';

export interface Overpass {
  satellite: LandsatSatellite;
  path: number;
  row: number;
  /** ISO 8601 UTC scene-centre time. */
  datetime: string;
}

export const LANDSAT_SATELLITES: readonly LandsatSatellite[] = ['landsat-8', 'landsat-9'];

const DAY_MS = 86_400_000;
export const WRS2_CYCLE_MS = 16 * DAY_MS;
/** Nodal period: 16 days / 233 orbits (98.884 min). */
export const ORBIT_PERIOD_MS = WRS2_CYCLE_MS / WRS2_PATHS;
/** 16 x 102 = 1632 = 7 x 233 + 1: orbits from path p to path p + 1. */
const ORBITS_PER_PATH_STEP = 102;

/** A descending-node crossing per satellite: the rest of the schedule follows from the geometry. */
const EPOCHS: Record<LandsatSatellite, { path: number; nodeMs: number }> = {
  // MTL of LC08_L2SP_001070_20190114: row 70 centre at 14:34:30.44Z, i.e. node at 14:30:31Z; moved
  // 50 s earlier so that the 2020 item agrees as well and path 97 starts on 2024-03-16 before
  // midnight, as the USGS calendar lists it.
  'landsat-8': { path: 1, nodeMs: Date.parse('2019-01-14T14:29:41Z') },
  // LC09_L2SP_010065_20220129: row 65 centre at 15:28:34.40Z, i.e. node at 15:26:35Z.
  'landsat-9': { path: 10, nodeMs: Date.parse('2022-01-29T15:26:35Z') },
};

/**
 * First day each satellite imaged the WRS-2 grid: Landsat 8 reached its operational orbit on
 * 2013-04-11 (launched 2013-02-11; it flew a different orbit before), Landsat 9 took its first
 * images on 2021-10-31 (launched 2021-09-27). No pass is predicted before it: it never happened.
 * https://www.usgs.gov/landsat-missions/landsat-8 and /landsat-9
 */
export const FIRST_WRS2_DAY: Record<LandsatSatellite, string> = { 'landsat-8': '2013-04-11', 'landsat-9': '2021-10-31' };

function assertSatellite(satellite: string): asserts satellite is LandsatSatellite {
  if (satellite !== 'landsat-8' && satellite !== 'landsat-9') throw new RangeError(`unknown satellite ${satellite}`);
}

/** Offset of a row's scene centre from its path's descending node, ms (negative north of the equator). */
export function rowTimeOffsetMs(row: number): number {
  return ((row - WRS2_DESCENDING_NODE_ROW) / WRS2_ROWS) * ORBIT_PERIOD_MS;
}

/** One descending-node time of `path` for the satellite (any cycle); others are 16 days apart. */
function pathNodeMs(satellite: LandsatSatellite, path: number): number {
  const epoch = EPOCHS[satellite];
  const orbits = ((((path - epoch.path) * ORBITS_PER_PATH_STEP) % WRS2_PATHS) + WRS2_PATHS) % WRS2_PATHS;
  return epoch.nodeMs + orbits * ORBIT_PERIOD_MS;
}

/** Scene-centre times at which the satellite images path/row, from <= t < to, earliest first. */
export function overpassesForPathRow(satellite: LandsatSatellite, path: number, row: number, from: Date, to: Date): Date[] {
  assertSatellite(satellite);
  if (!Number.isInteger(path) || path < 1 || path > WRS2_PATHS) throw new RangeError(`WRS-2 path must be an integer 1..${WRS2_PATHS}`);
  if (!Number.isInteger(row) || row < 1 || row > WRS2_ROWS) throw new RangeError(`WRS-2 row must be an integer 1..${WRS2_ROWS}`);
  const fromMs = Math.max(from.getTime(), Date.parse(`${FIRST_WRS2_DAY[satellite]}T00:00:00Z`));
  return wrs2CycleTimesMs(satellite, path, row, fromMs, to.getTime()).map((t) => new Date(t));
}

/**
 * Times (ms) in [fromMs, toMs) of the 16-day cycle `phase` flies over path/row, with no mission dates:
 * the earlier missions flew the same WRS-2 cycles (Landsat 5 on Landsat 8's days, Landsat 4 and 7 on
 * Landsat 9's), which the demo archive's calendar (src/core/demo/demoMissionSchedule.ts) builds on.
 */
export function wrs2CycleTimesMs(phase: LandsatSatellite, path: number, row: number, fromMs: number, toMs: number): number[] {
  if (!(toMs > fromMs)) return [];
  const base = pathNodeMs(phase, path) + rowTimeOffsetMs(row);
  let t = base + Math.ceil((fromMs - base) / WRS2_CYCLE_MS) * WRS2_CYCLE_MS;
  const out: number[] = [];
  for (; t < toMs; t += WRS2_CYCLE_MS) if (t >= fromMs) out.push(t);
  return out;
}

/** 'YYYY-MM-DD' of a UTC instant. */
const utcDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * UTC dates on which the satellite images any daytime row (1..122) of `path`, within [from, to):
 * what the USGS acquisition calendar lists. A path whose daytime half crosses UTC midnight is on two dates.
 */
export function acquisitionDatesForPath(satellite: LandsatSatellite, path: number, from: Date, to: Date): string[] {
  const first = overpassesForPathRow(satellite, path, WRS2_FIRST_DAY_ROW, new Date(from.getTime() - DAY_MS), to);
  const span = rowTimeOffsetMs(WRS2_LAST_DAY_ROW) - rowTimeOffsetMs(WRS2_FIRST_DAY_ROW);
  const dates = new Set<string>();
  for (const start of first) {
    for (const ms of [start.getTime(), start.getTime() + span]) {
      if (ms >= from.getTime() && ms < to.getTime()) dates.add(utcDate(ms));
    }
  }
  return [...dates].sort();
}

function toOverpass(satellite: LandsatSatellite, path: number, row: number, t: Date): Overpass {
  return { satellite, path, row, datetime: t.toISOString() };
}

const byTime = (a: Overpass, b: Overpass) =>
  a.datetime < b.datetime ? -1 : a.datetime > b.datetime ? 1 : a.satellite.localeCompare(b.satellite) || a.path - b.path || a.row - b.row;

/** Every pass of Landsat 8 and 9 over each WRS-2 tile containing the point, in [from, from + days), sorted by time. */
export function predictOverpasses(lngLat: LngLat, from: Date, days: number): Overpass[] {
  const to = new Date(from.getTime() + days * DAY_MS);
  const out: Overpass[] = [];
  for (const tile of findWrs2Tiles(lngLat)) {
    for (const satellite of LANDSAT_SATELLITES) {
      for (const t of overpassesForPathRow(satellite, tile.path, tile.row, from, to)) out.push(toOverpass(satellite, tile.path, tile.row, t));
    }
  }
  return out.sort(byTime);
}

/** The next pass (at or after `now`) of each satellite over the point, earliest first; empty if no tile contains it. */
export function nextOverpasses(lngLat: LngLat, now: Date): Overpass[] {
  const all = predictOverpasses(lngLat, now, 16);
  const out: Overpass[] = [];
  for (const satellite of LANDSAT_SATELLITES) {
    const first = all.find((o) => o.satellite === satellite);
    if (first) out.push(first);
  }
  return out.sort(byTime);
}
