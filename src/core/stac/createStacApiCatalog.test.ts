import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_SCENE_DIR, FIXTURE_SCENE_ID } from '../../../test/support/fixturePaths.js';
import { startStacStandIn, writeFixtureItemCopies, type StacStandIn } from '../../../test/support/stacStandIn.js';
import { ArchiveTimeoutError, ArchiveUnavailableError } from './archiveErrors.js';
import { createStacApiCatalog } from './createStacApiCatalog.js';
import type { SceneQuery } from './sceneCatalog.js';

const fixtureItemPath = path.join(FIXTURE_SCENE_DIR, `${FIXTURE_SCENE_ID}.json`);
const inside: [number, number, number, number] = [-67.3037941, -14.7111791, -67.3037941, -14.7111791];
const DAY_MS = 86_400_000;
const T0 = Date.parse('2023-01-03T14:34:30Z');

// 30 acquisitions 8 days apart; cloud cover cycles so that 2 in 3 qualify at <= 50 %.
const copies = Array.from({ length: 30 }, (_, i) => ({
  id: `S${String(i).padStart(2, '0')}`,
  datetime: new Date(T0 + i * 8 * DAY_MS).toISOString(),
  cloudCover: [10, 45, 80][i % 3],
}));
const qualifyingIds = copies.filter((c) => c.cloudCover <= 50).map((c) => c.id);

describe('createStacApiCatalog against the STAC stand-in', () => {
  let dir: string;
  let standIn: StacStandIn | null = null;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'stac-api-'));
    await writeFixtureItemCopies(dir, fixtureItemPath, copies);
    await writeFixtureItemCopies(dir, fixtureItemPath, [{ id: 'EAST', datetime: '2023-03-01T14:34:30Z', cloudCover: 0, shiftLon: 3 }]);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));
  afterEach(async () => {
    await standIn?.close();
    standIn = null;
  });
  const query = (patch: Partial<SceneQuery> = {}): SceneQuery => ({ bboxLngLat: inside, startDate: '2023-01-01', endDate: '2023-12-31', maxCloudCover: 50, limit: 100, ...patch });

  it('follows POST next links across pages and returns every qualifying scene oldest first', async () => {
    standIn = await startStacStandIn({ catalogDir: dir, maxPageSize: 4 });
    const catalog = createStacApiCatalog({ stacUrl: standIn.stacUrl, retryDelayMs: 1 });
    expect(catalog.name).toBe(`stac:${standIn.stacUrl}`);
    const result = await catalog.search(query());
    expect(result.scenes.map((s) => s.id)).toEqual(qualifyingIds);
    expect(result.truncated).toBe(false);
    expect(standIn.searchRequests).toBe(Math.ceil(qualifyingIds.length / 4));
    expect(standIn.searches.every((s) => s.method === 'POST')).toBe(true);
    const first = standIn.searches[0].params;
    expect(first).toMatchObject({
      collections: ['landsat-c2-l2'],
      bbox: inside,
      datetime: '2023-01-01T00:00:00Z/2023-12-31T23:59:59.999Z',
      sortby: [{ field: 'properties.datetime', direction: 'desc' }],
      query: { 'eo:cloud_cover': { lte: 50 }, platform: { in: ['landsat-4', 'landsat-5', 'landsat-7', 'landsat-8', 'landsat-9'] } },
    });
    expect(standIn.searches[1].params.token).toBe('next:4');
    // Asset hrefs are the stand-in's URLs, made absolute.
    expect(result.scenes[0].assets.red).toMatch(new RegExp(`^${standIn.url}/files/\\d+/.*_SR_B4\\.TIF$`));
  });

  it('truncates to the most recent scenes and stops paging once the limit is exceeded', async () => {
    standIn = await startStacStandIn({ catalogDir: dir, maxPageSize: 4 });
    const catalog = createStacApiCatalog({ stacUrl: standIn.stacUrl });
    const result = await catalog.search(query({ limit: 5 }));
    expect(result.scenes.map((s) => s.id)).toEqual(qualifyingIds.slice(-5));
    expect(result).toMatchObject({ truncated: true, limit: 5 });
    expect(standIn.searchRequests).toBe(2); // 8 newest read, 6 > 5 is enough to know
  });

  it('checks footprints itself when the API compares bounding boxes only', async () => {
    standIn = await startStacStandIn({ catalogDir: dir });
    const catalog = createStacApiCatalog({ stacUrl: standIn.stacUrl });
    // Inside EAST's bbox (north-east corner region) but outside its tilted footprint.
    const corner: [number, number, number, number] = [-66.69 + 3, -13.46, -66.69 + 3, -13.46];
    const result = await catalog.search(query({ bboxLngLat: corner, maxCloudCover: 100 }));
    expect(result.scenes).toHaveLength(0);
    expect(standIn.searchRequests).toBe(1);
  });

  it('falls back to GET when POST is refused with 405, and remembers it', async () => {
    standIn = await startStacStandIn({ catalogDir: dir, maxPageSize: 6, allowPost: false });
    const catalog = createStacApiCatalog({ stacUrl: standIn.stacUrl });
    const result = await catalog.search(query());
    expect(result.scenes.map((s) => s.id)).toEqual(qualifyingIds);
    const gets = standIn.searches.filter((s) => s.method === 'GET');
    expect(gets.length).toBe(Math.ceil(qualifyingIds.length / 6));
    expect(gets[0].params).toMatchObject({ bbox: inside, datetime: '2023-01-01T00:00:00Z/2023-12-31T23:59:59.999Z', sortby: '-properties.datetime' });
    const before = standIn.searches.length;
    await catalog.search(query({ limit: 1 }));
    expect(standIn.searches.slice(before).map((s) => s.method)).toEqual(['GET']);
  });

  it('retries a 500 and succeeds', async () => {
    standIn = await startStacStandIn({ catalogDir: dir });
    standIn.injectFault('search', { status: 500 }, 2);
    const catalog = createStacApiCatalog({ stacUrl: standIn.stacUrl, retryDelayMs: 1 });
    const result = await catalog.search(query());
    expect(result.scenes).toHaveLength(qualifyingIds.length);
    expect(standIn.searchRequests).toBe(3);
  });

  it('reports an upstream that keeps failing as ArchiveUnavailableError', async () => {
    standIn = await startStacStandIn({ catalogDir: dir });
    standIn.injectFault('search', { status: 503 }, 3);
    const catalog = createStacApiCatalog({ stacUrl: standIn.stacUrl, retryDelayMs: 1, archiveName: 'Stand-in' });
    await expect(catalog.search(query())).rejects.toThrow(ArchiveUnavailableError);
    expect(standIn.searchRequests).toBe(3);
  });

  it('reports garbage as ArchiveUnavailableError', async () => {
    standIn = await startStacStandIn({ catalogDir: dir });
    standIn.injectFault('search', { garbage: true });
    const catalog = createStacApiCatalog({ stacUrl: standIn.stacUrl, retryDelayMs: 1 });
    await expect(catalog.search(query())).rejects.toThrow(/not JSON/);
  });

  it('reports a slow upstream as ArchiveTimeoutError', async () => {
    standIn = await startStacStandIn({ catalogDir: dir });
    standIn.injectFault('search', { delayMs: 1000 });
    const catalog = createStacApiCatalog({ stacUrl: standIn.stacUrl, timeoutMs: 150, archiveName: 'Stand-in' });
    const failure = catalog.search(query());
    await expect(failure).rejects.toThrow(ArchiveTimeoutError);
    await expect(failure).rejects.toThrow('The Landsat archive (Stand-in) did not answer within 150 ms');
  });

  it('refuses an answer that is JSON but not an ItemCollection', async () => {
    const fetchImpl = (async () => Response.json({ hello: 'world' })) as typeof fetch;
    const catalog = createStacApiCatalog({ stacUrl: 'https://stac.test/v1', fetch: fetchImpl });
    await expect(catalog.search(query())).rejects.toThrow(/The Landsat archive \(stac\.test\) is not available: the search answer is not a STAC ItemCollection/);
  });

  it('merges the next link body when the API asks for it', async () => {
    const bodies: Array<Record<string, unknown>> = [];
    const fetchImpl = (async (_url: string | URL | Request, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      bodies.push(body);
      const links = bodies.length === 1 ? [{ rel: 'next', href: 'search', method: 'POST', body: { token: 'page2' }, merge: true }] : [];
      return Response.json({ type: 'FeatureCollection', features: [], links });
    }) as typeof fetch;
    const catalog = createStacApiCatalog({ stacUrl: 'https://stac.test/v1', fetch: fetchImpl });
    await catalog.search(query());
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toMatchObject({ ...bodies[0], token: 'page2' });
  });
});
