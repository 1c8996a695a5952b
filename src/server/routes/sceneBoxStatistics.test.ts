import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { buildTestApp } from '../../../test/support/testApp.js';
import { findWrs2Tiles, seedBBoxFromTile } from '../../core/wrs2/wrs2.js';
import { DEFAULT_POINT } from '../../shared/defaults.js';
import { progressLineSchema } from '../../shared/api/ndjsonStream.js';

// The seed's default point and its scene box, built as the page builds it (first footprint holding the point).
const tiles = findWrs2Tiles([DEFAULT_POINT.lon, DEFAULT_POINT.lat]);
const own = tiles[0];
const box = seedBBoxFromTile(own);
const BOX = { LON_UL: box.minLon, LAT_UR: box.minLat, LON_UR: box.maxLon, LAT_UL: box.maxLat };
// A past month: every path/row touching the box has a few scenes, fewer than MAX_SCENES in all.
const DATES = { startDate: '2024-05-01', endDate: '2024-05-31' };
const qs = (params: Record<string, string | number>) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ LANDSAT_SOURCE: 'demo' });
});
afterAll(async () => {
  await app?.close();
});

describe('scene box statistics keep the point own path/row (demo archive)', () => {
  it('uses only that path/row, and counts the neighbouring scenes it left out', async () => {
    const scenes = (await app.inject(`/api/scenes?${qs({ ...BOX, ...DATES, cloudCoverage: 100 })}`)).json();
    expect(scenes.truncated).toBe(false);
    const pathRows = new Set(scenes.scenes.map((s: { wrsPath: number; wrsRow: number }) => `${s.wrsPath}/${s.wrsRow}`));
    expect(pathRows.size).toBeGreaterThan(1);
    const ownScenes = scenes.scenes.filter((s: { wrsPath: number; wrsRow: number }) => s.wrsPath === own.path && s.wrsRow === own.row);

    const res = await app.inject(`/api/landsatData?${qs({ ...BOX, ...DATES, cloudCoverage: 100, bands: 'B04' })}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.sceneFilter).toEqual({ wrsPath: own.path, wrsRow: own.row, excludedScenes: scenes.scenes.length - ownScenes.length });
    // The neighbours are left out unexamined: the count is the same whatever the cloud limit.
    const clearOnly = (await app.inject(`/api/landsatData?${qs({ ...BOX, ...DATES, cloudCoverage: 0, bands: 'B04' })}`)).json();
    expect(clearOnly.sceneFilter).toEqual(body.sceneFilter);
    expect(body.data.map((e: { scene: { id: string } }) => e.scene.id)).toEqual(ownScenes.map((s: { id: string }) => s.id));
    for (const entry of body.data) {
      expect(entry.scene).toMatchObject({ wrsPath: own.path, wrsRow: own.row });
      // The grid the mean comes from: an overview of a 30 m raster, and no more clear pixels than it holds.
      expect(entry.grid.pixelSizeM).toBeGreaterThan(30);
      expect(entry.grid.pixelSizeM % 30).toBeLessThan(31);
      expect(entry.outputs.data.bands.B04.stats.sampleCount).toBeLessThanOrEqual(entry.grid.width * entry.grid.height);
    }
  });

  it('explains an empty answer with that path/row count, so the message and the charts agree', async () => {
    const all = (await app.inject(`/api/landsatData?${qs({ ...BOX, ...DATES, cloudCoverage: 100, bands: 'B04' })}`)).json();
    const none = (await app.inject(`/api/landsatData?${qs({ ...BOX, ...DATES, cloudCoverage: 0, bands: 'B04' })}`)).json();
    const covers = all.data.map((e: { scene: { cloudCover: number } }) => e.scene.cloudCover);
    if (Math.min(...covers) === 0) return; // a clear scene exists: nothing to explain
    expect(none.data).toEqual([]);
    expect(none.explanation.scenesInRange).toBe(all.data.length);
    expect(none.explanation.lowestCloudCover).toBe(Math.min(...covers));
    const least = all.data.find((e: { scene: { cloudCover: number } }) => e.scene.cloudCover === Math.min(...covers));
    expect(none.explanation.lowestCloudCoverDate).toBe(least.scene.datetime.slice(0, 10));
    const at = (await app.inject(`/api/landsatData?${qs({ ...BOX, ...DATES, cloudCoverage: none.explanation.seriesCloudCoverage, bands: 'B04' })}`)).json();
    expect(at.data.length).toBe(none.explanation.scenesAtSeriesCloudCoverage);
    expect(at.data.length).toBeGreaterThanOrEqual(Math.ceil(all.data.length / 2));
  });

  it('keeps every path/row for another box (a square around the point)', async () => {
    const square = { LON_UL: DEFAULT_POINT.lon - 0.1, LAT_UR: DEFAULT_POINT.lat - 0.1, LON_UR: DEFAULT_POINT.lon + 0.1, LAT_UL: DEFAULT_POINT.lat + 0.1 };
    const body = (await app.inject(`/api/landsatData?${qs({ ...square, ...DATES, cloudCoverage: 100, bands: '' })}`)).json();
    expect(body.sceneFilter).toBeUndefined();
    expect(new Set(body.data.map((e: { scene: { wrsRow: number } }) => e.scene.wrsRow)).size).toBeGreaterThan(1);
  });

  it('answers at the point from every path/row covering it, each scene naming its path/row', async () => {
    const body = (await app.inject(`/api/pixel?${qs({ lat: DEFAULT_POINT.lat, lon: DEFAULT_POINT.lon, ...DATES, cloudCoverage: 100, bands: 'B04' })}`)).json();
    const seen = new Set(body.scenes.map((s: { wrsPath: number; wrsRow: number }) => `${s.wrsPath}/${s.wrsRow}`));
    expect(seen).toEqual(new Set(tiles.map((t) => `${t.path}/${t.row}`)));
  });

  it('streams each scene as it finishes, then the same entries', async () => {
    const res = await app.inject(`/api/landsatData/stream?${qs({ ...BOX, ...DATES, cloudCoverage: 100, bands: 'B04' })}`);
    const lines = res.body.trim().split('\n').map((l) => JSON.parse(l));
    const items = lines.filter((l) => l.type === 'item').map((l) => l.item);
    const result = lines[lines.length - 1].result;
    expect(items.length).toBe(result.data.length);
    expect(new Set(items.map((e: { scene: { id: string } }) => e.scene.id))).toEqual(new Set(result.data.map((e: { scene: { id: string } }) => e.scene.id)));
  });

  it('below 100 % cloud, says how far the search is before the scenes are known (each line valid under the shared schema)', async () => {
    // Two years the other tests do not search: the demo computes every candidate's cloud cover.
    const res = await app.inject(`/api/landsatData/stream?${qs({ ...BOX, startDate: '2016-01-01', endDate: '2017-12-31', cloudCoverage: 40, bands: 'B04' })}`);
    const lines = res.body.trim().split('\n').map((l) => JSON.parse(l));
    for (const line of lines.filter((l) => l.type === 'progress')) expect(progressLineSchema.safeParse(line).success, JSON.stringify(line)).toBe(true);
    const searching = lines.filter((l) => l.type === 'progress' && l.searched);
    expect(searching.length).toBeGreaterThan(0);
    // The candidates' count first, as soon as they are listed, before any cloud cover is computed.
    expect(searching[0].searched.checked).toBe(0);
    expect(searching[0].searched.candidates).toBeGreaterThan(0);
    const firstCount = lines.findIndex((l) => l.type === 'progress' && l.total !== null);
    // All before the first count of scenes, with total still null, rising to every candidate checked.
    expect(lines.indexOf(searching[searching.length - 1])).toBeLessThan(firstCount);
    expect(searching.every((l) => l.total === null && l.searched.checked <= l.searched.candidates)).toBe(true);
    const checked = searching.map((l) => l.searched.checked);
    expect([...checked].sort((a, b) => a - b)).toEqual(checked);
    const last = searching[searching.length - 1].searched;
    expect(last.checked).toBe(last.candidates);
    // The candidates are at least the scenes that qualified.
    expect(last.candidates).toBeGreaterThanOrEqual(lines[lines.length - 1].result.data.length);
  });

  it('stops the work on the server when the page cancels the stream', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const controller = new AbortController();
    // Five years: far more work than the test waits for.
    const res = await fetch(`${base}/api/landsatData/stream?${qs({ ...BOX, startDate: '2019-01-01', endDate: '2023-12-31', cloudCoverage: 100, bands: 'B02,B03,B04' })}`, { signal: controller.signal });
    const reader = res.body!.getReader();
    let text = '';
    while (!text.includes('"type":"item"')) text += new TextDecoder().decode((await reader.read()).value);
    expect(app.ctx.heavyQueue.stats.active).toBeGreaterThan(0);
    controller.abort();
    let waitedMs = 0;
    while (app.ctx.heavyQueue.stats.active > 0 && waitedMs < 5_000) {
      await new Promise((r) => setTimeout(r, 50));
      waitedMs += 50;
    }
    expect(app.ctx.heavyQueue.stats.active).toBe(0);
  }, 60_000);
});
