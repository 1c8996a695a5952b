import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fromArrayBuffer } from 'geotiff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_POINT } from '../../shared/defaults.js';
import type { SceneQuery } from '../stac/sceneCatalog.js';
import { createDemoCatalog, type DemoCatalog } from './createDemoCatalog.js';
import { DEMO_PLACES } from './demoPlaces.js';
import { QA } from './sceneSynth.js';

const NOW = new Date('2026-03-01T00:00:00Z');
const point: [number, number, number, number] = [DEFAULT_POINT.lon, DEFAULT_POINT.lat, DEFAULT_POINT.lon, DEFAULT_POINT.lat];
const query = (over: Partial<SceneQuery> = {}): SceneQuery => ({
  bboxLngLat: point, startDate: '2025-01-01', endDate: '2025-12-31', maxCloudCover: 100, limit: 1000, ...over,
});

let dir: string;
let catalog: DemoCatalog;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'demo-catalog-'));
  catalog = await createDemoCatalog({ dir, now: () => NOW, places: DEMO_PLACES.filter((p) => p.id === 'huntsville') });
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('createDemoCatalog: search', () => {
  it('is the synthetic demo source', () => {
    expect(catalog.name).toBe('demo');
    expect(catalog.synthetic).toBe(true);
  });

  it('finds the scenes over a point, oldest first, inside the inclusive dates, all marked synthetic', async () => {
    const { scenes, truncated } = await catalog.search(query());
    expect(truncated).toBe(false);
    // Two path/rows, two satellites, a scene every 16 days each: about 4 x 23 a year.
    expect(scenes.length).toBeGreaterThan(80);
    expect(scenes.length).toBeLessThan(100);
    for (let i = 1; i < scenes.length; i++) expect(scenes[i].datetime >= scenes[i - 1].datetime).toBe(true);
    for (const s of scenes) {
      expect(s.synthetic).toBe(true);
      expect(s.id).toContain('SYNTHETIC');
      expect(s.datetime.slice(0, 4)).toBe('2025');
      expect(s.epsg).toBe(32617);
      expect(s.processingLevel).toBe('L2SP');
      expect(Object.keys(s.assets).sort()).toEqual(['blue', 'coastal', 'green', 'lwir11', 'nir08', 'qa_pixel', 'red', 'swir16', 'swir22']);
      for (const href of Object.values(s.assets)) expect(href!.startsWith(dir)).toBe(true);
    }
    const one = scenes[10];
    const day = one.datetime.slice(0, 10);
    const sameDay = await catalog.search(query({ startDate: day, endDate: day }));
    expect(sameDay.scenes.map((s) => s.id)).toContain(one.id);
    expect(sameDay.scenes.every((s) => s.datetime.startsWith(day))).toBe(true);
  });

  it('filters by cloud cover, with clear and cloudy scenes both present', async () => {
    const all = (await catalog.search(query())).scenes;
    const clear = (await catalog.search(query({ maxCloudCover: 10 }))).scenes;
    expect(clear.length).toBe(all.filter((s) => s.cloudCover <= 10).length);
    expect(clear.length).toBeGreaterThan(5);
    expect(all.some((s) => s.cloudCover > 60)).toBe(true);
    expect(clear.every((s) => s.cloudCover <= 10)).toBe(true);
  });

  it('keeps the most recent scenes when more than the limit qualify', async () => {
    const all = (await catalog.search(query())).scenes;
    const limited = await catalog.search(query({ limit: 5 }));
    expect(limited.truncated).toBe(true);
    expect(limited.limit).toBe(5);
    expect(limited.scenes.map((s) => s.id)).toEqual(all.slice(-5).map((s) => s.id));
  });

  it('finds nothing elsewhere or before the archive, and honours abort signals', async () => {
    expect((await catalog.search(query({ bboxLngLat: [-150, 10, -149, 11] }))).scenes).toEqual([]);
    expect((await catalog.search(query({ startDate: '2023-01-01', endDate: '2023-12-31' }))).scenes).toEqual([]);
    // A box that contains the window without any corner of it inside.
    expect((await catalog.search(query({ bboxLngLat: [-80, 45, -78, 46] }))).scenes.length).toBeGreaterThan(0);
    await expect(catalog.search(query({ signal: AbortSignal.abort() }))).rejects.toThrow();
  });
});

describe('createDemoCatalog: lazy rasters', () => {
  it('writes the nine GeoTIFFs and the item on first use, with honest cloud cover', async () => {
    const { scenes } = await catalog.search(query({ startDate: '2025-06-01', endDate: '2025-09-30' }));
    const scene = scenes.find((s) => s.cloudCover > 5 && s.cloudCover < 80) ?? scenes[0];
    const folder = join(dir, scene.id);
    await expect(stat(folder)).rejects.toThrow(); // nothing until asked
    // Concurrent calls for one scene share one generation.
    expect(catalog.generateScene(scene.id)).toBe(catalog.generateScene(scene.id));
    const resolved = await Promise.all([catalog.resolveAssetHref(scene.assets.red!), catalog.resolveAssetHref(scene.assets.qa_pixel!)]);
    expect(resolved).toEqual([scene.assets.red, scene.assets.qa_pixel]);
    const files = (await readdir(folder)).sort();
    expect(files).toHaveLength(10);
    expect(files.every((f) => !f.includes('.tmp'))).toBe(true);

    const item = JSON.parse(await readFile(join(folder, `${scene.id}.json`), 'utf8'));
    expect(item.id).toBe(scene.id);
    expect(item.stac_version).toBe('1.0.0');
    expect(item.properties.synthetic).toBe(true);
    expect(item.properties['demo:generator_version']).toBeGreaterThanOrEqual(1);
    expect(item.properties.description).toMatch(/SYNTHETIC/);
    expect(item.properties['eo:cloud_cover']).toBe(scene.cloudCover);
    expect(item.properties['landsat:wrs_path']).toBe(String(scene.wrsPath).padStart(3, '0'));
    expect(item.properties['landsat:wrs_row']).toMatch(/^\d{3}$/);
    expect(item.properties['proj:code']).toBe('EPSG:32617');
    expect(item.properties['landsat:correction']).toBe('L2SP');
    expect(item.assets.red.href).toBe(`./${scene.id}_SR_B4.TIF`);
    expect(item.assets.red['raster:bands'][0]).toMatchObject({ scale: 0.0000275, offset: -0.2, nodata: 0 });
    expect(item.assets.lwir11['raster:bands'][0]).toMatchObject({ scale: 0.00341802, offset: 149.0 });
    expect(item.geometry.coordinates[0]).toEqual(scene.footprintLngLat);

    const read = async (href: string) => {
      const buf = await readFile(href);
      return fromArrayBuffer(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength) as ArrayBuffer);
    };
    const qaTiff = await read(scene.assets.qa_pixel!);
    const qaImage = await qaTiff.getImage(0);
    expect([qaImage.getWidth(), qaImage.getHeight()]).toEqual([512, 512]);
    expect((qaImage.getGeoKeys() as Record<string, number>).ProjectedCSTypeGeoKey).toBe(32617);
    expect((qaImage.getGeoKeys() as Record<string, number>).GTRasterTypeGeoKey).toBe(2);
    expect(qaImage.getOrigin()[0]).toBe(item.properties['proj:transform'][2] + 15);
    expect(await qaTiff.getImageCount()).toBe(3);
    const [qa] = (await qaImage.readRasters()) as unknown as Uint16Array[];
    let cloud = 0;
    let valid = 0;
    for (const v of qa) {
      if (v & QA.fill) continue;
      valid++;
      if (v & QA.cloud) cloud++;
    }
    expect(Math.abs((100 * cloud) / valid - scene.cloudCover)).toBeLessThanOrEqual(0.005);
    const [red] = (await (await (await read(scene.assets.red!)).getImage(0)).readRasters()) as unknown as Uint16Array[];
    expect(red.every((dn, i) => (qa[i] & QA.fill ? dn === 0 : dn > 0))).toBe(true);
  });

  it('generates byte-identical files in another folder, and rejects foreign hrefs', async () => {
    const { scenes } = await catalog.search(query({ startDate: '2025-01-01', endDate: '2025-02-15' }));
    const scene = scenes[0];
    const otherDir = await mkdtemp(join(tmpdir(), 'demo-catalog-b-'));
    try {
      const other = await createDemoCatalog({ dir: otherDir, now: () => NOW, places: DEMO_PLACES.filter((p) => p.id === 'huntsville') });
      const a = await catalog.resolveAssetHref(scene.assets.nir08!);
      const b = await other.resolveAssetHref(scene.assets.nir08!.replace(dir, otherDir));
      expect((await readFile(a)).equals(await readFile(b))).toBe(true);
      const qaA = await readFile(scene.assets.qa_pixel!);
      const qaB = await readFile(scene.assets.qa_pixel!.replace(dir, otherDir));
      expect(qaA.equals(qaB)).toBe(true);
    } finally {
      await rm(otherDir, { recursive: true, force: true });
    }
    await expect(catalog.resolveAssetHref('/etc/passwd')).rejects.toThrow(/synthetic demo/);
  });
});
