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

  it('follows the real record: Landsat 8 from 2013, Landsat 9 only from its first scene (31 October 2021), nothing after now', async () => {
    const early = (await catalog.search(query({ startDate: '2013-01-01', endDate: '2013-12-31' }))).scenes;
    expect(early.length).toBeGreaterThan(20);
    expect(early.every((s) => s.satellite === 'landsat-8' && s.datetime >= '2013-03-18')).toBe(true);
    const l9 = (await catalog.search(query({ startDate: '2021-01-01', endDate: '2021-12-31' }))).scenes.filter((s) => s.satellite === 'landsat-9');
    expect(l9.length).toBeGreaterThan(0);
    expect(l9.every((s) => s.datetime >= '2021-10-31')).toBe(true);
    expect((await catalog.search(query({ startDate: '2012-01-01', endDate: '2012-12-31' }))).scenes).toEqual([]);
    expect((await catalog.search(query({ startDate: '2026-03-02', endDate: '2026-12-31' }))).scenes).toEqual([]);
  });

  it('filters by cloud cover, with clear and cloudy scenes both present', async () => {
    const all = (await catalog.search(query())).scenes;
    const clear = (await catalog.search(query({ maxCloudCover: 10 }))).scenes;
    expect(clear.map((s) => s.id)).toEqual(all.filter((s) => s.cloudCover <= 10).map((s) => s.id));
    expect(clear.length).toBeGreaterThan(5);
    expect(all.some((s) => s.cloudCover > 60)).toBe(true);
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
