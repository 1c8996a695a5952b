import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findWrs2Tiles, wrs2SceneCenter } from '../wrs2/wrs2.js';
import { FIXTURE_SCENE_DIR, FIXTURE_SCENE_ID, FIXTURE_STAC_ITEMS_DIR } from '../../../test/support/fixturePaths.js';
import { acquisitionDatesForPath, nextOverpasses, ORBIT_PERIOD_MS, overpassesForPathRow, predictOverpasses, type LandsatSatellite } from './overpass.js';

const DAY_MS = 86_400_000;
const TWO_MINUTES_MS = 120_000;

/** USGS acquisition calendar facts (fixtures README). */
const CALENDAR: Array<[LandsatSatellite, number, string[]]> = [
  ['landsat-8', 1, ['2024-03-16', '2024-04-01']],
  ['landsat-9', 1, ['2024-03-08', '2024-03-24']],
  ['landsat-8', 37, ['2023-05-29']],
  ['landsat-9', 12, ['2023-02-15']],
  ['landsat-8', 97, ['2024-03-16', '2024-04-01']],
  ['landsat-8', 98, ['2024-03-08', '2024-03-24']],
  ['landsat-8', 233, ['2024-03-09', '2024-03-25']],
  ['landsat-9', 90, ['2024-03-07', '2024-03-08']],
];

const dayStart = (date: string) => new Date(`${date}T00:00:00Z`);
const nextDay = (date: string) => new Date(dayStart(date).getTime() + DAY_MS);

function nearest(satellite: LandsatSatellite, p: number, r: number, atMs: number): Date {
  const passes = overpassesForPathRow(satellite, p, r, new Date(atMs - 9 * DAY_MS), new Date(atMs + 9 * DAY_MS));
  return passes.reduce((best, t) => (Math.abs(t.getTime() - atMs) < Math.abs(best.getTime() - atMs) ? t : best));
}

describe('acquisition calendar', () => {
  it.each(CALENDAR)('%s images path %i on %j', (satellite, p, dates) => {
    for (const date of dates) expect(acquisitionDatesForPath(satellite, p, dayStart(date), nextDay(date))).toEqual([date]);
    // and not on the days between two passes
    const first = dates[0];
    for (let k = 2; k <= 14; k++) {
      const d = new Date(dayStart(first).getTime() + k * DAY_MS).toISOString().slice(0, 10);
      expect(acquisitionDatesForPath(satellite, p, dayStart(d), nextDay(d))).toEqual([]);
    }
  });

  it('lists Landsat 9 path 90 on both 2024-03-07 and 2024-03-08: its daytime half crosses UTC midnight', () => {
    expect(acquisitionDatesForPath('landsat-9', 90, dayStart('2024-03-07'), nextDay('2024-03-08'))).toEqual(['2024-03-07', '2024-03-08']);
    const north = overpassesForPathRow('landsat-9', 90, 1, dayStart('2024-03-07'), nextDay('2024-03-08'));
    const south = overpassesForPathRow('landsat-9', 90, 122, dayStart('2024-03-07'), nextDay('2024-03-08'));
    expect(north.map((t) => t.toISOString().slice(0, 10))).toEqual(['2024-03-07']);
    expect(south.map((t) => t.toISOString().slice(0, 10))).toEqual(['2024-03-08']);
  });

  it('repeats every 16 days, with Landsat 9 8 days from Landsat 8 and successive orbits 16 paths apart', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 233 }), fc.integer({ min: 1, max: 122 }), fc.integer({ min: 0, max: 3650 }), (p, r, dayOffset) => {
        const from = new Date(Date.UTC(2022, 0, 1) + dayOffset * DAY_MS);
        const l8 = overpassesForPathRow('landsat-8', p, r, from, new Date(from.getTime() + 48 * DAY_MS));
        expect(l8).toHaveLength(3);
        for (const t of l8) expect(t.getTime()).toBeGreaterThanOrEqual(from.getTime());
        expect(l8[1].getTime() - l8[0].getTime()).toBe(16 * DAY_MS);
        const l9 = nearest('landsat-9', p, r, l8[1].getTime() + 8 * DAY_MS);
        expect(Math.abs(l9.getTime() - l8[1].getTime() - 8 * DAY_MS)).toBeLessThan(TWO_MINUTES_MS);
        const nextOrbit = nearest('landsat-8', ((p + 15) % 233) + 1, r, l8[0].getTime() + ORBIT_PERIOD_MS);
        expect(Math.abs(nextOrbit.getTime() - l8[0].getTime() - ORBIT_PERIOD_MS)).toBeLessThan(2); // Dates hold whole ms
      }),
      { numRuns: 200 },
    );
  });
});

describe('real acquisitions', () => {
  it('agrees with the fixture scene MTL (DATE_ACQUIRED, SCENE_CENTER_TIME, WRS path/row)', () => {
    const mtl = JSON.parse(readFileSync(path.join(FIXTURE_SCENE_DIR, `${FIXTURE_SCENE_ID}_MTL.json`), 'utf8'));
    const attrs = mtl.LANDSAT_METADATA_FILE.IMAGE_ATTRIBUTES;
    const satellite: LandsatSatellite = attrs.SPACECRAFT_ID === 'LANDSAT_9' ? 'landsat-9' : 'landsat-8';
    const actualMs = Date.parse(`${attrs.DATE_ACQUIRED}T${String(attrs.SCENE_CENTER_TIME).replace(/(\.\d{3})\d*Z$/, '$1Z')}`);
    const date = attrs.DATE_ACQUIRED as string;
    const predicted = overpassesForPathRow(satellite, Number(attrs.WRS_PATH), Number(attrs.WRS_ROW), dayStart(date), nextDay(date));
    expect(predicted).toHaveLength(1);
    expect(Math.abs(predicted[0].getTime() - actualMs)).toBeLessThan(TWO_MINUTES_MS);
  });

  it.each(['LC08_L2SP_047027_20201204_02_T1.json', 'LC09_L2SP_010065_20220129_02_T1.json'])('agrees with the datetime of STAC item %s', (file) => {
    const item = JSON.parse(readFileSync(path.join(FIXTURE_STAC_ITEMS_DIR, file), 'utf8'));
    const props = item.properties;
    const satellite = props.platform as LandsatSatellite;
    const actualMs = Date.parse(props.datetime);
    const date = String(props.datetime).slice(0, 10);
    const predicted = overpassesForPathRow(satellite, Number(props['landsat:wrs_path']), Number(props['landsat:wrs_row']), dayStart(date), nextDay(date));
    expect(predicted).toHaveLength(1);
    expect(Math.abs(predicted[0].getTime() - actualMs)).toBeLessThan(TWO_MINUTES_MS);
    // the point-based prediction finds it too
    const centre = wrs2SceneCenter(Number(props['landsat:wrs_path']), Number(props['landsat:wrs_row']));
    const found = predictOverpasses(centre, dayStart(date), 1).filter((o) => o.satellite === satellite);
    expect(found.map((o) => o.datetime)).toContain(predicted[0].toISOString());
  });
});

describe('predictOverpasses / nextOverpasses', () => {
  const paris: [number, number] = [2.3522, 48.8566];

  it('lists one entry per satellite pass over each containing path/row, sorted by time', () => {
    const from = dayStart('2024-03-01');
    const list = predictOverpasses(paris, from, 32);
    const tiles = findWrs2Tiles(paris);
    expect(tiles.length).toBeGreaterThan(0);
    // 32 days = two cycles: each tile is imaged twice by each satellite
    expect(list).toHaveLength(tiles.length * 2 * 2);
    for (let i = 1; i < list.length; i++) expect(list[i].datetime >= list[i - 1].datetime).toBe(true);
    for (const o of list) {
      expect(tiles.some((t) => t.path === o.path && t.row === o.row)).toBe(true);
      const ms = Date.parse(o.datetime);
      expect(ms).toBeGreaterThanOrEqual(from.getTime());
      expect(ms).toBeLessThan(from.getTime() + 32 * DAY_MS);
      expect(new Date(ms).toISOString()).toBe(o.datetime);
      // Paris is imaged late morning local time, about 10:40 UTC
      expect(new Date(ms).getUTCHours()).toBe(10);
    }
    expect(new Set(list.map((o) => o.satellite))).toEqual(new Set(['landsat-8', 'landsat-9']));
  });

  it('images rows 246-248 of path p at the end of its orbit, one row time before row 1 of path p + 16 (north of 81 N)', () => {
    const rowMs = ORBIT_PERIOD_MS / 248;
    const at = Date.parse('2024-06-01T00:00:00Z');
    for (const satellite of ['landsat-8', 'landsat-9'] as const) {
      const row1 = nearest(satellite, 33, 1, at).getTime();
      expect(nearest(satellite, 17, 248, row1).getTime()).toBeCloseTo(row1 - rowMs, -1);
      expect(nearest(satellite, 17, 246, row1).getTime()).toBeCloseTo(row1 - 3 * rowMs, -1);
    }
    // a point above 81 N is predicted on those rows, not on another path's row 1
    const passes = predictOverpasses(wrs2SceneCenter(17, 248), new Date(at), 16);
    expect(passes.length).toBeGreaterThan(0);
    expect(passes.some((o) => o.path === 17 && o.row === 248)).toBe(true);
  });

  it('predicts no pass before a satellite first imaged the WRS-2 grid (Landsat 8 2013-04-11, Landsat 9 2021-10-31)', () => {
    const early = predictOverpasses([-67.7, -14.4], dayStart('2013-02-11'), 366);
    const first8 = early.find((o) => o.satellite === 'landsat-8')!;
    expect(first8.datetime >= '2013-04-11').toBe(true);
    expect(Date.parse(first8.datetime) - Date.parse('2013-04-11T00:00:00Z')).toBeLessThan(16 * DAY_MS);
    expect(early.some((o) => o.satellite === 'landsat-9')).toBe(false);
    const launch9 = predictOverpasses([-67.7, -14.4], dayStart('2021-10-01'), 60);
    expect(launch9.filter((o) => o.satellite === 'landsat-9').every((o) => o.datetime >= '2021-10-31')).toBe(true);
    expect(launch9.some((o) => o.satellite === 'landsat-9')).toBe(true);
  });

  it('answers nothing for a point no tile covers', () => {
    expect(predictOverpasses([0, 89], dayStart('2024-03-01'), 32)).toEqual([]);
    expect(nextOverpasses([0, 89], dayStart('2024-03-01'))).toEqual([]);
  });

  it('gives the next pass of each satellite, earliest first (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -179, max: 179, noNaN: true }),
        fc.double({ min: -75, max: 75, noNaN: true }),
        fc.integer({ min: 0, max: 10 * 365 * 24 * 60 }),
        (lon, lat, minutes) => {
          const now = new Date(Date.UTC(2022, 0, 1) + minutes * 60_000);
          const next = nextOverpasses([lon, lat], now);
          const all = predictOverpasses([lon, lat], now, 17);
          expect(next.map((o) => o.satellite).sort()).toEqual(['landsat-8', 'landsat-9']);
          for (const o of next) {
            expect(Date.parse(o.datetime)).toBeGreaterThanOrEqual(now.getTime());
            expect(Date.parse(o.datetime) - now.getTime()).toBeLessThanOrEqual(16 * DAY_MS);
            expect(o).toEqual(all.find((a) => a.satellite === o.satellite));
          }
          expect(next[0].datetime <= next[1].datetime).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('rejects unknown satellites and path/rows', () => {
    const from = dayStart('2024-01-01');
    const to = dayStart('2024-02-01');
    expect(() => overpassesForPathRow('landsat-7' as LandsatSatellite, 1, 1, from, to)).toThrow(RangeError);
    expect(() => overpassesForPathRow('landsat-8', 0, 1, from, to)).toThrow(RangeError);
    expect(() => overpassesForPathRow('landsat-8', 1, 249, from, to)).toThrow(RangeError);
    expect(overpassesForPathRow('landsat-8', 1, 1, to, from)).toEqual([]);
  });
});
