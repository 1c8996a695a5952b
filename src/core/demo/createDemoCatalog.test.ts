import { describe, expect, it } from 'vitest';
import { DEFAULT_POINT } from '../../shared/defaults.js';
import { openVirtualByteSource } from '../raster/virtualByteSources.js';
import type { SceneQuery } from '../stac/sceneCatalog.js';
import { createDemoCatalog } from './createDemoCatalog.js';

const NOW = new Date('2026-03-01T00:00:00Z');
const point: [number, number, number, number] = [DEFAULT_POINT.lon, DEFAULT_POINT.lat, DEFAULT_POINT.lon, DEFAULT_POINT.lat];
const query = (over: Partial<SceneQuery> = {}): SceneQuery => ({
  bboxLngLat: point, startDate: '2025-01-01', endDate: '2025-12-31', maxCloudCover: 100, limit: 1000, ...over,
});
const catalog = createDemoCatalog({ now: () => NOW });

describe('createDemoCatalog: search', () => {
  it('gives the event loop back while it computes cloud covers the first time, and stops when the client leaves', async () => {
    // Cold scenes (no other test searches here): hundreds of cloud fields to compute.
    const cold = (box: [number, number, number, number], signal?: AbortSignal) =>
      catalog.search(query({ bboxLngLat: box, startDate: '2014-01-01', endDate: '2016-12-31', signal }));
    let timerRan = false;
    const timer = new Promise<void>((resolve) => setTimeout(() => resolve(void (timerRan = true)), 0));
    const found = await cold([2, 48, 2.5, 48.5]);
    expect(found.scenes.length).toBeGreaterThan(100);
    expect(timerRan).toBe(true);
    await timer;

    const controller = new AbortController();
    setTimeout(() => controller.abort(new DOMException('client left', 'AbortError')), 0);
    await expect(cold([12, 42, 12.5, 42.5], controller.signal)).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('lists a 40-year record in slices that stop when the client leaves, and never remembers a list cut short', async () => {
    // A 2 x 2 degree box over the whole record: a dozen path/rows, ~15,000 passes to list before any cloud cover.
    const box: [number, number, number, number] = [20, 50, 22, 52];
    const whole = query({ bboxLngLat: box, startDate: '1982-08-22', endDate: '2026-02-28', limit: 5 });
    const own = createDemoCatalog({ now: () => NOW });
    const controller = new AbortController();
    setImmediate(() => controller.abort(new DOMException('client left', 'AbortError')));
    await expect(own.search({ ...whole, signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    // The same search afterwards lists everything again: its answer is a fresh catalogue's.
    const again = await own.search(whole);
    const fresh = await createDemoCatalog({ now: () => NOW }).search(whole);
    expect(again.scenes.map((s) => s.id)).toEqual(fresh.scenes.map((s) => s.id));
    expect(again.truncated).toBe(true);
    expect(again.scenes).toHaveLength(5);
  }, 120_000);

  it('lists a box once for two searches at once, and again for the one that stays when the other leaves', async () => {
    const box: [number, number, number, number] = [30, 10, 32, 12];
    const whole = query({ bboxLngLat: box, startDate: '1982-08-22', endDate: '2026-02-28', limit: 5 });
    const fresh = (await createDemoCatalog({ now: () => NOW }).search(whole)).scenes.map((s) => s.id);
    // Both at once: the second waits for the first's list (the same answer).
    const own = createDemoCatalog({ now: () => NOW });
    const [first, second] = await Promise.all([own.search(whole), own.search(whole)]);
    expect(first.scenes.map((s) => s.id)).toEqual(fresh);
    expect(second.scenes.map((s) => s.id)).toEqual(fresh);
    // The first leaves while listing: the second, waiting for that list, lists the box itself.
    const other = createDemoCatalog({ now: () => NOW });
    const controller = new AbortController();
    const leaving = other.search({ ...whole, signal: controller.signal });
    const staying = other.search(whole);
    setImmediate(() => controller.abort(new DOMException('client left', 'AbortError')));
    await expect(leaving).rejects.toMatchObject({ name: 'AbortError' });
    expect((await staying).scenes.map((s) => s.id)).toEqual(fresh);
  }, 120_000);

  it('answers a repeated search from its remembered candidates exactly as a fresh catalogue does, passes of later in the day included once they happened', async () => {
    // One catalogue whose clock moves through a day, searched again and again over the same box and
    // dates (the remembered list); each answer against a new catalogue at that moment (nothing remembered).
    let now = new Date('2026-02-17T00:00:00Z');
    const moving = createDemoCatalog({ now: () => now });
    const recent = query({ startDate: '2026-01-01', endDate: '2026-12-31' });
    const ids = async (c: ReturnType<typeof createDemoCatalog>) => (await c.search(recent)).scenes.map((sc) => sc.id);
    const seen: number[] = [];
    for (let hour = 0; hour < 24; hour += 3) {
      now = new Date(Date.UTC(2026, 1, 17, hour));
      const fresh = createDemoCatalog({ now: () => now });
      const remembered = await ids(moving);
      expect(remembered).toEqual(await ids(fresh));
      seen.push(remembered.length);
    }
    // That day's two scenes over the default point (one pass over its two rows at 16:03 UTC, as a search
    // over February lists them) appear from the 18:00 answer on, and not before.
    expect(seen.slice(0, 6).every((n) => n === seen[0])).toBe(true);
    expect(seen[6]).toBe(seen[0] + 2);
  });

  it('is the synthetic demo source', () => {
    expect(catalog.name).toBe('demo');
    expect(catalog.synthetic).toBe(true);
  });

  it('finds the scenes over the default point, oldest first, inside the inclusive dates, all marked synthetic', async () => {
    const { scenes, truncated } = await catalog.search(query());
    expect(truncated).toBe(false);
    // Two path/rows, two satellites, a scene every 16 days each: about 4 x 23 a year.
    expect(scenes.length).toBeGreaterThan(80);
    expect(scenes.length).toBeLessThan(100);
    for (let i = 1; i < scenes.length; i++) expect(scenes[i].datetime >= scenes[i - 1].datetime).toBe(true);
    for (const s of scenes) {
      expect(s.synthetic).toBe(true);
      expect(s.id).toMatch(/^LC0[89]_L2SP_\d{6}_2025\d{4}_SYNTHETIC$/);
      expect(s.id.slice(10, 16)).toBe(`${String(s.wrsPath).padStart(3, '0')}${String(s.wrsRow).padStart(3, '0')}`);
      expect(s.epsg).toBe(32617);
      expect(s.processingLevel).toBe('L2SP');
      expect(s.cloudCover).toBeGreaterThanOrEqual(0);
      expect(s.cloudCover).toBeLessThanOrEqual(100);
      expect(Object.keys(s.assets).sort()).toEqual(['blue', 'coastal', 'green', 'lwir11', 'nir08', 'qa_pixel', 'red', 'swir16', 'swir22']);
      for (const href of Object.values(s.assets)) expect(href).toMatch(/^demo:\/\/synthetic\//);
    }
    const one = scenes[10];
    const day = one.datetime.slice(0, 10);
    const sameDay = await catalog.search(query({ startDate: day, endDate: day }));
    expect(sameDay.scenes.map((s) => s.id)).toContain(one.id);
    expect(sameDay.scenes.every((s) => s.datetime.startsWith(day))).toBe(true);
    expect(catalog.sceneById(one.id)).toEqual(one);
  });

  it('follows the real record of five missions from 1982, each within its operating dates, nothing after now', async () => {
    const between = async (startDate: string, endDate: string) => (await catalog.search(query({ startDate, endDate }))).scenes;
    const satellites = (scenes: { satellite: string }[]) => [...new Set(scenes.map((s) => s.satellite))].sort();
    expect(await between('1981-01-01', '1982-08-21')).toEqual([]);
    const y1982 = await between('1982-01-01', '1982-12-31');
    expect(satellites(y1982)).toEqual(['landsat-4']);
    expect(y1982.every((s) => s.datetime >= '1982-08-22')).toBe(true);
    const y1984 = await between('1984-01-01', '1984-12-31');
    expect(satellites(y1984)).toEqual(['landsat-4', 'landsat-5']);
    expect(y1984.filter((s) => s.satellite === 'landsat-5').every((s) => s.datetime >= '1984-03-01')).toBe(true);
    expect((await between('1993-12-15', '1994-12-31')).every((s) => s.satellite === 'landsat-5')).toBe(true);
    const y1999 = await between('1999-01-01', '1999-12-31');
    expect(satellites(y1999)).toEqual(['landsat-5', 'landsat-7']);
    expect(y1999.filter((s) => s.satellite === 'landsat-7').every((s) => s.datetime >= '1999-04-15')).toBe(true);
    expect(satellites(await between('2011-11-19', '2013-03-31'))).toEqual(['landsat-7']);
    const y2013 = await between('2013-01-01', '2013-12-31');
    expect(satellites(y2013)).toEqual(['landsat-7', 'landsat-8']);
    expect(y2013.filter((s) => s.satellite === 'landsat-8').every((s) => s.datetime >= '2013-03-18')).toBe(true);
    const y2021 = await between('2021-01-01', '2021-12-31');
    expect(y2021.filter((s) => s.satellite === 'landsat-9').every((s) => s.datetime >= '2021-10-31')).toBe(true);
    // Landsat 7 on the WRS-2 cycle until its nominal mission ended (April 2022), none after.
    expect(satellites(await between('2022-01-01', '2022-03-31'))).toEqual(['landsat-7', 'landsat-8', 'landsat-9']);
    expect(satellites(await between('2022-04-01', '2022-12-31'))).toEqual(['landsat-8', 'landsat-9']);
    expect(await between('2026-03-02', '2026-12-31')).toEqual([]);
  });

  it('holds the whole record at the default point: every 16-day pass of each mission over its two path/rows, 1982 to now', async () => {
    const { scenes, truncated } = await catalog.search(query({ startDate: '1982-01-01', endDate: '2026-03-01', limit: 20_000 }));
    expect(truncated).toBe(false);
    const days = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
    // Two path/rows (018/028 and 018/029, overlapping rows), one pass each per 16 days within the mission's dates (README table).
    const expected: Record<string, number> = {
      'landsat-4': (2 * days('1982-08-22', '1993-12-14')) / 16,
      'landsat-5': (2 * days('1984-03-01', '2011-11-18')) / 16,
      'landsat-7': (2 * days('1999-04-15', '2022-03-31')) / 16,
      'landsat-8': (2 * days('2013-04-11', '2026-02-28')) / 16,
      'landsat-9': (2 * days('2021-10-31', '2026-02-28')) / 16,
    };
    for (const [satellite, n] of Object.entries(expected)) {
      const count = scenes.filter((s) => s.satellite === satellite).length;
      expect(Math.abs(count - n), `${satellite}: ${count} scenes, about ${n.toFixed(1)} expected`).toBeLessThanOrEqual(2);
    }
    expect(new Set(scenes.map((s) => `${s.wrsPath}/${s.wrsRow}`))).toEqual(new Set(['18/28', '18/29']));
  }, 120_000);

  it('names each scene by its mission and sensor: TM/ETM+ ids, no coastal asset, thermal as lwir', async () => {
    const scenes = await (async () => (await catalog.search(query({ startDate: '2000-01-01', endDate: '2000-12-31' }))).scenes)();
    const tm = scenes.filter((s) => s.satellite === 'landsat-5');
    const etm = scenes.filter((s) => s.satellite === 'landsat-7');
    expect(tm.length).toBeGreaterThan(20);
    expect(etm.length).toBeGreaterThan(20);
    for (const s of tm) expect(s.id).toMatch(/^LT05_L2SP_\d{6}_2000\d{4}_SYNTHETIC$/);
    for (const s of etm) expect(s.id).toMatch(/^LE07_L2SP_\d{6}_2000\d{4}_SYNTHETIC$/);
    for (const s of [...tm, ...etm]) {
      expect(s.synthetic).toBe(true);
      expect(Object.keys(s.assets).sort()).toEqual(['blue', 'green', 'lwir', 'nir08', 'qa_pixel', 'red', 'swir16', 'swir22']);
      expect(s.assets.lwir).toMatch(/_ST_B6\.TIF$/);
      expect(s.assets.red).toMatch(/_SR_B3\.TIF$/);
      expect(catalog.sceneById(s.id)).toEqual(s);
    }
    // Landsat 5 and 7 flew the same WRS-2 cycle 8 days apart, as Landsat 8 and 9 do.
    const pathRow = (s: { wrsPath: number; wrsRow: number }) => s.wrsPath * 1000 + s.wrsRow;
    const day = (s: { datetime: string }) => Date.parse(s.datetime.slice(0, 10)) / 86_400_000;
    for (const a of tm) {
      for (const b of etm.filter((e) => pathRow(e) === pathRow(a))) expect(((day(b) - day(a)) % 16 + 16) % 16).toBe(8);
    }
  });

  it('filters by cloud cover, with clear and cloudy scenes both present', async () => {
    const all = (await catalog.search(query())).scenes;
    const clear = (await catalog.search(query({ maxCloudCover: 10 }))).scenes;
    expect(clear.map((s) => s.id)).toEqual(all.filter((s) => s.cloudCover <= 10).map((s) => s.id));
    expect(clear.length).toBeGreaterThan(5);
    expect(all.some((s) => s.cloudCover > 60)).toBe(true);
  });

  it('leaves cloud covers uncomputed for a caller that reads them on the way, when 100 % excludes nothing; read, they are the same', async () => {
    // A box no other test searches: its percents are not known yet when the first search runs.
    const cold = query({ bboxLngLat: [-64.2, -31.4, -64.2, -31.4], startDate: '2021-01-01', endDate: '2021-12-31' });
    const lazy = (await catalog.search({ ...cold, cloudCoverOnRead: true })).scenes;
    expect(lazy.length).toBeGreaterThan(20);
    // Not computed by the search: an accessor that computes on read.
    expect(lazy.every((s) => typeof Object.getOwnPropertyDescriptor(s, 'cloudCover')?.get === 'function')).toBe(true);
    const plain = (await catalog.search(cold)).scenes;
    expect(plain.every((s) => typeof Object.getOwnPropertyDescriptor(s, 'cloudCover')?.value === 'number')).toBe(true);
    // Same scenes, same fields in the same order, same cloud covers once read.
    expect(lazy.map((s) => JSON.stringify(s))).toEqual(plain.map((s) => JSON.stringify(s)));
    expect(plain.some((s) => s.cloudCover > 30) && plain.some((s) => s.cloudCover < 30)).toBe(true);
    // Below 100 % the filter needs them: computed and applied as without the flag.
    const filtered = await catalog.search({ ...cold, maxCloudCover: 30, cloudCoverOnRead: true });
    expect(filtered.scenes.map((s) => s.id)).toEqual(plain.filter((s) => s.cloudCover <= 30).map((s) => s.id));
    expect(filtered.scenes.every((s) => typeof Object.getOwnPropertyDescriptor(s, 'cloudCover')?.value === 'number')).toBe(true);
  });

  it('counts the scenes of each path/row touching a box as its search at 100 % cloud lists them, without computing their clouds', async () => {
    const box: [number, number, number, number] = [-80, 45, -78, 46];
    const month = { startDate: '2025-05-01', endDate: '2025-05-31' };
    const listed = (await catalog.search(query({ bboxLngLat: box, ...month }))).scenes;
    const byPathRow = new Map<string, number>();
    for (const s of listed) byPathRow.set(`${s.wrsPath}/${s.wrsRow}`, (byPathRow.get(`${s.wrsPath}/${s.wrsRow}`) ?? 0) + 1);
    const counted = await catalog.countScenesByPathRow!({ bboxLngLat: box, ...month });
    expect(new Map(counted.filter((c) => c.scenes > 0).map((c) => [`${c.wrsPath}/${c.wrsRow}`, c.scenes]))).toEqual(byPathRow);
    expect(byPathRow.size).toBeGreaterThan(1);
  });

  it('keeps the most recent scenes when more than the limit qualify', async () => {
    const all = (await catalog.search(query())).scenes;
    const limited = await catalog.search(query({ limit: 5 }));
    expect(limited.truncated).toBe(true);
    expect(limited.limit).toBe(5);
    expect(limited.scenes.map((s) => s.id)).toEqual(all.slice(-5).map((s) => s.id));
  });

  it('finds nothing over open ocean, finds boxes that hold no corner of a footprint, honours abort signals', async () => {
    expect((await catalog.search(query({ bboxLngLat: [-150, 10, -149.9, 10.1] }))).scenes).toEqual([]);
    expect((await catalog.search(query({ bboxLngLat: [-80, 45, -78, 46] }))).scenes.length).toBeGreaterThan(0);
    await expect(catalog.search(query({ signal: AbortSignal.abort() }))).rejects.toThrow();
  });

  it('resolves its own hrefs to virtual byte sources and rejects foreign ones', async () => {
    const [scene] = (await catalog.search(query({ limit: 1 }))).scenes;
    const href = await catalog.resolveAssetHref(scene.assets.red!);
    expect(href).toBe(scene.assets.red);
    expect(openVirtualByteSource(href)!.id).toBe(href);
    await expect(catalog.resolveAssetHref('/etc/passwd')).rejects.toThrow(/synthetic demo/);
    expect(catalog.sceneById('LC08_L2SP_018029_20990101_SYNTHETIC')).toBeNull();
  });
});
