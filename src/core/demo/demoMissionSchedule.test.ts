import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseLandsatPlatform } from '../bands/missions.js';
import { demoPassesForPathRow } from './demoMissionSchedule.js';
import { REAL_WORLD_DIR } from '../../../test/support/fixturePaths.js';

const REAL = REAL_WORLD_DIR;
const tag = (xml: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)![1];

/** Every real Landsat 4, 5 and 7 MTL of ../shared/real-world: satellite, path/row, scene-centre time. */
const realScenes = [
  ...readdirSync(join(REAL, 'mtl')).map((f) => join(REAL, 'mtl', f)),
  ...readdirSync(join(REAL, 'landsat-tm-etm')).map((d) => join(REAL, 'landsat-tm-etm', d, `${d}_MTL.xml`)),
]
  .map((file) => readFileSync(file, 'utf8'))
  .map((xml) => ({
    satellite: parseLandsatPlatform(tag(xml, 'SPACECRAFT_ID'))!,
    path: Number(tag(xml, 'WRS_PATH')),
    row: Number(tag(xml, 'WRS_ROW')),
    centreMs: Date.parse(`${tag(xml, 'DATE_ACQUIRED')}T${tag(xml, 'SCENE_CENTER_TIME').slice(0, 12)}Z`),
  }))
  .filter((s) => s.satellite === 'landsat-4' || s.satellite === 'landsat-5' || s.satellite === 'landsat-7');

describe('the demo calendar of Landsat 4, 5 and 7', () => {
  it('puts a pass on the day of every real TM/ETM+ scene of the shared data (the 8-day phase), at its time (the minutes were fitted to these scenes)', () => {
    expect(realScenes.length).toBeGreaterThanOrEqual(7);
    for (const s of realScenes) {
      const day = new Date(s.centreMs);
      day.setUTCHours(0, 0, 0, 0);
      const passes = demoPassesForPathRow(s.satellite, s.path, s.row, day, new Date(day.getTime() + 86_400_000));
      expect(passes, `${s.satellite} ${s.path}/${s.row} ${day.toISOString()}`).toHaveLength(1);
      expect(Math.abs(passes[0].getTime() - s.centreMs)).toBeLessThan(2 * 60_000);
    }
  });

  it('repeats every 16 days and never outside the mission', () => {
    const passes = demoPassesForPathRow('landsat-5', 18, 29, new Date('1984-01-01T00:00:00Z'), new Date('2013-01-01T00:00:00Z'));
    expect(passes[0].toISOString() >= '1984-03-01').toBe(true);
    expect(passes[passes.length - 1].toISOString() <= '2011-11-19').toBe(true);
    for (let i = 1; i < passes.length; i++) expect(Math.round((passes[i].getTime() - passes[i - 1].getTime()) / 86_400_000)).toBe(16);
    expect(demoPassesForPathRow('landsat-4', 18, 29, new Date('1994-01-01T00:00:00Z'), new Date('2000-01-01T00:00:00Z'))).toEqual([]);
  });
});

describe('the kept pass lists (a Fetch runs to today)', () => {
  const DAY = 86_400_000;
  const endOfToday = (Math.floor(Date.now() / DAY) + 1) * DAY;
  // Each list that runs to today (kept) against the same list asked to three days ago (computed as
  // asked, the lists are not kept for it) and the days after it asked on their own.
  it.each([
    ['landsat-5', 18, 28, '1982-08-22'],
    ['landsat-7', 18, 28, '1999-01-01'],
    ['landsat-8', 18, 28, '1982-08-22'],
    ['landsat-9', 17, 29, '2021-01-01'],
    ['landsat-4', 19, 28, '1982-08-22'],
  ] as const)('%s %i/%i from %s: the same passes as when computed as asked, whatever the end', (satellite, path, row, first) => {
    const from = new Date(`${first}T00:00:00Z`);
    const cut = new Date(endOfToday - 3 * DAY);
    const asked = [...demoPassesForPathRow(satellite, path, row, from, cut), ...demoPassesForPathRow(satellite, path, row, cut, new Date(endOfToday))].map((d) => d.getTime());
    for (const end of [endOfToday, Date.now(), endOfToday - DAY / 2]) {
      const kept = demoPassesForPathRow(satellite, path, row, from, new Date(end)).map((d) => d.getTime());
      expect(kept).toEqual(asked.filter((t) => t < end));
      // Asked again (from the kept list now): the same, as new Date objects.
      const again = demoPassesForPathRow(satellite, path, row, from, new Date(end));
      expect(again.map((d) => d.getTime())).toEqual(kept);
    }
  });
});
