import proj4 from 'proj4';
import { describe, expect, it } from 'vitest';
import { findWrs2Tiles } from '../wrs2/wrs2.js';
import { DEFAULT_POINT } from '../../shared/defaults.js';
import { DEMO_PLACES } from './demoPlaces.js';
import { createDemoSchedule, DEMO_START } from './demoSchedule.js';

const NOW = new Date('2026-03-01T00:00:00Z');
const DAY_MS = 86_400_000;
const plans = createDemoSchedule(NOW);

describe('createDemoSchedule', () => {
  it('covers the seed default point and at least two other places, one south of the equator', () => {
    const places = new Set(plans.map((p) => p.place.id));
    expect(places.size).toBeGreaterThanOrEqual(3);
    expect(DEMO_PLACES[0].lngLat).toEqual([DEFAULT_POINT.lon, DEFAULT_POINT.lat]);
    expect(plans.some((p) => p.place.lngLat[1] < 0)).toBe(true);
  });

  it('puts every place on exactly the WRS-2 path/rows that contain it', () => {
    for (const place of DEMO_PLACES) {
      const expected = findWrs2Tiles(place.lngLat).map((t) => `${t.path}/${t.row}`).sort();
      const actual = [...new Set(plans.filter((p) => p.place.id === place.id).map((p) => `${p.wrsPath}/${p.wrsRow}`))].sort();
      expect(actual).toEqual(expected);
      expect(actual.length).toBeGreaterThan(0);
    }
  });

  it('follows the 16-day cycles of Landsat 8 and 9, 8 days apart, from 2024-01-01 to now', () => {
    const groups = new Map<string, number[]>();
    for (const p of plans) {
      const key = `${p.place.id}/${p.wrsPath}/${p.wrsRow}/${p.satellite}`;
      groups.set(key, [...(groups.get(key) ?? []), p.datetime.getTime()]);
    }
    for (const [key, times] of groups) {
      expect(times[0]).toBeGreaterThanOrEqual(DEMO_START.getTime());
      expect(times[0] - DEMO_START.getTime()).toBeLessThan(16 * DAY_MS);
      expect(NOW.getTime() - times[times.length - 1]).toBeLessThan(16 * DAY_MS);
      expect(times.length, key).toBeGreaterThanOrEqual(45); // two years and two months of 16-day cycles
      for (let i = 1; i < times.length; i++) expect(Math.abs(times[i] - times[i - 1] - 16 * DAY_MS)).toBeLessThan(120_000);
    }
    for (const place of DEMO_PLACES) {
      const tile = findWrs2Tiles(place.lngLat)[0];
      const l8 = groups.get(`${place.id}/${tile.path}/${tile.row}/landsat-8`)!;
      const l9 = groups.get(`${place.id}/${tile.path}/${tile.row}/landsat-9`)!;
      const offsetDays = (((l9[0] - l8[0]) / DAY_MS) % 16 + 16) % 16;
      expect(Math.abs(offsetDays - 8)).toBeLessThan(0.01);
    }
  });

  it('names scenes in the real form with a SYNTHETIC marker, and computes plausible sun angles', () => {
    for (const p of plans) {
      expect(p.id).toMatch(/^LC0[89]_L2SP_\d{6}_\d{8}_SYNTHETIC$/);
      expect(p.id.startsWith(p.satellite === 'landsat-8' ? 'LC08' : 'LC09')).toBe(true);
      expect(p.id.slice(10, 16)).toBe(`${String(p.wrsPath).padStart(3, '0')}${String(p.wrsRow).padStart(3, '0')}`);
      expect(p.id.slice(17, 25)).toBe(p.datetime.toISOString().slice(0, 10).replaceAll('-', ''));
      // Landsat crosses the equator at about 10:00 local solar time: the sun is up and in the south-east (north) or north-east (south).
      expect(p.sunElevationDeg).toBeGreaterThan(10);
      expect(p.sunElevationDeg).toBeLessThan(80);
    }
    expect(new Set(plans.map((p) => p.id)).size).toBe(plans.length);
    const ontarioJune = plans.find((p) => p.place.id === 'huntsville' && p.datetime.getUTCMonth() === 5)!;
    const ontarioDecember = plans.find((p) => p.place.id === 'huntsville' && p.datetime.getUTCMonth() === 11)!;
    expect(ontarioJune.sunElevationDeg).toBeGreaterThan(55);
    expect(ontarioDecember.sunElevationDeg).toBeLessThan(25);
    expect(ontarioJune.sunAzimuthDeg).toBeGreaterThan(100);
    expect(ontarioJune.sunAzimuthDeg).toBeLessThan(170);
  });

  it('grids each window at 30 m on the north UTM zone, centred on the place (negative northings in the south)', () => {
    for (const p of plans) {
      const w = p.window;
      expect(w.width).toBe(512);
      expect(w.height).toBe(512);
      expect(w.epsg).toBeGreaterThan(32600);
      expect(w.epsg).toBeLessThanOrEqual(32660);
      expect(Math.abs(w.originX % 30)).toBe(0);
      expect(Math.abs(w.originY % 30)).toBe(0);
      expect(w.projTransform).toEqual([30, 0, w.originX - 15, 0, -30, w.originY + 15]);
      const [e, n] = proj4('EPSG:4326', `+proj=utm +zone=${w.epsg - 32600} +datum=WGS84 +units=m +no_defs`).forward([...p.place.lngLat]);
      expect(Math.abs(e - (w.originX + 256 * 30))).toBeLessThanOrEqual(15);
      expect(Math.abs(n - (w.originY - 256 * 30))).toBeLessThanOrEqual(15);
      const [minLon, minLat, maxLon, maxLat] = w.bboxLngLat;
      expect(p.place.lngLat[0]).toBeGreaterThan(minLon);
      expect(p.place.lngLat[0]).toBeLessThan(maxLon);
      expect(p.place.lngLat[1]).toBeGreaterThan(minLat);
      expect(p.place.lngLat[1]).toBeLessThan(maxLat);
      expect(maxLat - minLat).toBeGreaterThan(0.1); // about 15 km
      expect(maxLat - minLat).toBeLessThan(0.17);
    }
    const manaus = plans.find((p) => p.place.id === 'manaus')!;
    expect(manaus.window.originY).toBeLessThan(0);
    expect(manaus.window.epsg).toBe(32620);
  });

  it('is empty before the archive starts', () => {
    expect(createDemoSchedule(new Date('2023-06-01T00:00:00Z'))).toEqual([]);
  });
});
