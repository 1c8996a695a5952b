/**
 * The Planetary Computer path, run for real against a replay of RECORDED Planetary Computer answers
 * on 127.0.0.1 (test/support/pcReplayServer.ts): the product's own catalogue searches, follows
 * PC's POST `next` links with their `next:<collection>:<id>` tokens, signs asset hrefs with a SAS
 * token in PC's form, and reports what the recorded items really hold (its L2SR items carry no lwir11
 * asset: none is invented). The server, pointed there with PC_STAC_URL / PC_SAS_URL, answers
 * /api/scenes with the recorded items' metadata.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlanetaryComputerCatalog } from '../src/core/stac/createPlanetaryComputerCatalog.js';
import type { StacItemJson } from '../src/core/stac/normalizeStacItem.js';
import { loadConfig } from '../src/server/config.js';
import { startPcReplay, type PcReplay } from './support/pcReplayServer.js';
import { buildTestApp } from './support/testApp.js';

/** What the recorded item itself says, read straight from its JSON. */
function recordedSummary(item: StacItemJson) {
  const p = item.properties;
  return {
    id: item.id,
    satellite: p.platform,
    datetime: new Date(String(p.datetime)).toISOString(),
    wrsPath: Number(p['landsat:wrs_path']),
    wrsRow: Number(p['landsat:wrs_row']),
    cloudCover: p['eo:cloud_cover'],
  };
}

const WHOLE_PATH_BOX: [number, number, number, number] = [158, -33, 170, 7];
const DAY = { startDate: '2025-07-22', endDate: '2025-07-22' };

describe('Planetary Computer replay (recorded real answers)', () => {
  let replay: PcReplay;
  beforeAll(async () => {
    replay = await startPcReplay({ maxPageSize: 4 });
  });
  afterAll(() => replay.close());

  it('searches, pages through PC-form next links and returns exactly the recorded items', async () => {
    const catalog = createPlanetaryComputerCatalog({ stacUrl: replay.stacUrl, tokenUrl: replay.tokenUrl, retryDelayMs: 1 });
    const before = replay.searches.length;
    const result = await catalog.search({ bboxLngLat: WHOLE_PATH_BOX, ...DAY, maxCloudCover: 100, limit: 100 });
    const searches = replay.searches.slice(before);
    // 10 items in pages of at most 4: three POSTs, the later ones carrying the tokens PC would give
    expect(searches).toHaveLength(3);
    expect(searches[0].token).toBeUndefined();
    // newest first: rows 82, 74, 73, 72 | 69, 68, 67, 60 | 57, 56 (the recorded page's own order)
    expect(searches[1].token).toBe('next:landsat-c2-l2:LC09_L2SR_084072_20250722_02_T2');
    expect(searches[2].token).toBe('next:landsat-c2-l2:LC09_L2SR_084060_20250722_02_T1');
    const { token: _t, ...firstBody } = searches[1];
    expect(firstBody).toEqual(searches[0]);

    expect(result.truncated).toBe(false);
    const byId = new Map(result.scenes.map((s) => [s.id, s]));
    expect([...byId.keys()].sort()).toEqual(replay.recordedItems.map((i) => i.id).sort());
    for (const item of replay.recordedItems) {
      const scene = byId.get(item.id)!;
      const { id, satellite, datetime, wrsPath, wrsRow, cloudCover } = scene;
      expect({ id, satellite, datetime, wrsPath, wrsRow, cloudCover }).toEqual(recordedSummary(item));
      expect(scene.bboxLngLat).toEqual(item.bbox);
      expect(scene.epsg).toBe(item.properties['proj:epsg']);
      expect(scene.sunElevation).toBe(item.properties['view:sun_elevation']);
      // asset hrefs exactly as recorded (Azure Blob Storage), unsigned in the scene
      expect(scene.assets.red).toBe(item.assets.red.href);
      expect(scene.assets.qa_pixel).toBe(item.assets.qa_pixel.href);
    }
  });

  it('reports the missing lwir11 of L2SR items as missing, never invents it', async () => {
    const catalog = createPlanetaryComputerCatalog({ stacUrl: replay.stacUrl, tokenUrl: replay.tokenUrl, retryDelayMs: 1 });
    const { scenes } = await catalog.search({ bboxLngLat: WHOLE_PATH_BOX, ...DAY, maxCloudCover: 100, limit: 100 });
    const withoutThermal = replay.recordedItems.filter((i) => !i.assets.lwir11).map((i) => i.id).sort();
    // the recorded quirk: the L2SR (surface reflectance only) items carry no thermal band at all
    expect(withoutThermal.length).toBeGreaterThan(0);
    expect(withoutThermal).toEqual(replay.recordedItems.filter((i) => i.id.includes('_L2SR_')).map((i) => i.id).sort());
    expect(scenes.filter((s) => s.assets.lwir11 === undefined).map((s) => s.id).sort()).toEqual(withoutThermal);
    for (const scene of scenes.filter((s) => s.assets.lwir11)) {
      expect(scene.assets.lwir11).toBe(replay.recordedItems.find((i) => i.id === scene.id)!.assets.lwir11.href);
    }
  });

  it('filters by cloud cover as PC does (query eo:cloud_cover lte)', async () => {
    const catalog = createPlanetaryComputerCatalog({ stacUrl: replay.stacUrl, tokenUrl: replay.tokenUrl, retryDelayMs: 1 });
    const { scenes } = await catalog.search({ bboxLngLat: WHOLE_PATH_BOX, ...DAY, maxCloudCover: 10, limit: 100 });
    const expected = replay.recordedItems.filter((i) => (i.properties['eo:cloud_cover'] as number) <= 10).map((i) => i.id).sort();
    expect(expected.length).toBeGreaterThan(0);
    expect(scenes.map((s) => s.id).sort()).toEqual(expected);
  });

  it('signs asset hrefs with the SAS token answer, fetched once and reused', async () => {
    const catalog = createPlanetaryComputerCatalog({ stacUrl: replay.stacUrl, tokenUrl: replay.tokenUrl, retryDelayMs: 1 });
    const tokensBefore = replay.tokens.length;
    const href = replay.recordedItems[0].assets.red.href;
    const signed = await catalog.resolveAssetHref(href);
    const again = await catalog.resolveAssetHref(replay.recordedItems[1].assets.blue.href);
    expect(replay.tokens.length).toBe(tokensBefore + 1);
    const token = replay.tokens.at(-1)!;
    expect(signed).toBe(`${href}?${token}`);
    expect(again.endsWith(`?${token}`)).toBe(true);
    const query = new URL(signed).searchParams;
    for (const field of ['st', 'se', 'sp', 'sv', 'sr', 'sig']) expect(query.get(field)).toBeTruthy();
  });
});

describe('the server pointed at the replay with PC_STAC_URL and PC_SAS_URL', () => {
  let replay: PcReplay;
  let app: FastifyInstance;
  beforeAll(async () => {
    replay = await startPcReplay({ maxPageSize: 4 });
    app = await buildTestApp({ LANDSAT_SOURCE: 'planetary-computer', PC_STAC_URL: replay.stacUrl, PC_SAS_URL: replay.tokenUrl });
  });
  afterAll(async () => {
    await app.close();
    await replay.close();
  });

  it('defaults to the public Planetary Computer and refuses addresses that are not http(s)', () => {
    const config = loadConfig({});
    expect(config.PC_STAC_URL).toBe('https://planetarycomputer.microsoft.com/api/stac/v1');
    expect(config.PC_SAS_URL).toBe('https://planetarycomputer.microsoft.com/api/sas/v1/token/landsat-c2-l2');
    expect(() => loadConfig({ PC_STAC_URL: 'ftp://example.org/stac' })).toThrow(/PC_STAC_URL must be an http\(s\) URL/);
    expect(() => loadConfig({ PC_SAS_URL: 'not a url' })).toThrow(/PC_SAS_URL/);
  });

  it('answers /api/scenes with the recorded items at a point, in their own words', async () => {
    const res = await app.inject(`/api/scenes?lat=-12&lon=164.7&startDate=2025-07-22&endDate=2025-07-22`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { scenes: Array<Record<string, unknown>>; synthetic: boolean };
    expect(body.synthetic).toBe(false);
    expect(body.scenes.length).toBeGreaterThan(0);
    for (const scene of body.scenes) {
      const item = replay.recordedItems.find((i) => i.id === scene.id)!;
      expect(item).toBeDefined();
      expect(scene).toMatchObject(recordedSummary(item));
    }
    expect(body.scenes.map((s) => s.id)).toContain('LC09_L2SP_084068_20250722_02_T2');
    expect(replay.searches.length).toBeGreaterThan(0);
  });

  it('says the source is the Planetary Computer, not synthetic', async () => {
    const health = (await app.inject('/api/health')).json() as { source: string; synthetic: boolean };
    expect(health).toMatchObject({ source: 'planetary-computer', synthetic: false });
  });
});
