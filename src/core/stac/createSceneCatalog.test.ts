import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FIXTURE_CATALOG_DIR } from '../../../test/support/fixturePaths.js';
import { startStacStandIn, type StacStandIn } from '../../../test/support/stacStandIn.js';
import { createSceneCatalog, parseLandsatSource } from './createSceneCatalog.js';
import type { SceneCatalog } from './sceneCatalog.js';

const inside: [number, number, number, number] = [-67.3037941, -14.7111791, -67.3037941, -14.7111791];
const query = { bboxLngLat: inside, startDate: '2019-01-01', endDate: '2019-01-31', maxCloudCover: 100, limit: 10 };

function fakeDemo() {
  let calls = 0;
  const catalog: SceneCatalog = {
    name: 'demo', synthetic: true,
    search: async (q) => ({ scenes: [], truncated: false, limit: q.limit }),
    resolveAssetHref: async (href) => href,
  };
  return { demo: async () => { calls++; return catalog; }, get calls() { return calls; }, catalog };
}

describe('parseLandsatSource', () => {
  it('accepts the five forms', () => {
    expect(parseLandsatSource('planetary-computer')).toEqual({ kind: 'planetary-computer' });
    expect(parseLandsatSource('demo')).toEqual({ kind: 'demo' });
    expect(parseLandsatSource(' auto ')).toEqual({ kind: 'auto' });
    expect(parseLandsatSource('stac:https://earth-search.aws.element84.com/v1/')).toEqual({ kind: 'stac', url: 'https://earth-search.aws.element84.com/v1' });
    expect(parseLandsatSource('local:/data/landsat')).toEqual({ kind: 'local', dir: '/data/landsat' });
    expect(parseLandsatSource('local:data')).toEqual({ kind: 'local', dir: path.resolve('data') });
  });

  it('explains what is wrong', () => {
    expect(() => parseLandsatSource('pc')).toThrow(/LANDSAT_SOURCE must be .*got "pc"/);
    expect(() => parseLandsatSource('stac:ftp://x')).toThrow(/not an http\(s\) URL/);
    expect(() => parseLandsatSource('stac:')).toThrow(/not an http\(s\) URL/);
    expect(() => parseLandsatSource('local:')).toThrow(/needs a folder/);
    expect(() => parseLandsatSource('')).toThrow(/LANDSAT_SOURCE must be/);
  });
});

describe('createSceneCatalog', () => {
  let standIn: StacStandIn | null = null;
  afterEach(async () => {
    await standIn?.close();
    standIn = null;
  });

  it('builds a local catalogue', async () => {
    const catalog = await createSceneCatalog(`local:${FIXTURE_CATALOG_DIR}`);
    expect(catalog.name).toBe(`local:${FIXTURE_CATALOG_DIR}`);
    expect((await catalog.search(query)).scenes).toHaveLength(1);
  });

  it('builds a STAC API catalogue and the Planetary Computer one', async () => {
    standIn = await startStacStandIn({ catalogDir: FIXTURE_CATALOG_DIR });
    const stac = await createSceneCatalog(`stac:${standIn.stacUrl}`);
    expect((await stac.search(query)).scenes).toHaveLength(1);
    // A generic STAC API is not signed.
    const href = (await stac.search(query)).scenes[0].assets.red!;
    expect(await stac.resolveAssetHref(href)).toBe(href);

    const pc = await createSceneCatalog('planetary-computer', { planetaryComputerStacUrl: standIn.stacUrl, planetaryComputerTokenUrl: standIn.tokenUrl });
    expect(pc.name).toBe('planetary-computer');
    expect(await pc.resolveAssetHref(href)).toMatch(/\?st=.*&sig=/);
  });

  it("'demo' calls the injected demo factory, and refuses without one", async () => {
    const demo = fakeDemo();
    await expect(createSceneCatalog('demo', { demo: demo.demo })).resolves.toBe(demo.catalog);
    await expect(createSceneCatalog('demo')).rejects.toThrow(/no demo factory/);
  });

  it("'auto' uses the Planetary Computer when it answers", async () => {
    standIn = await startStacStandIn({ catalogDir: FIXTURE_CATALOG_DIR });
    const demo = fakeDemo();
    const choices: string[] = [];
    const catalog = await createSceneCatalog('auto', {
      demo: demo.demo, planetaryComputerStacUrl: standIn.stacUrl, planetaryComputerTokenUrl: standIn.tokenUrl, onAutoChoice: (c) => choices.push(c.source),
    });
    expect(catalog.name).toBe('planetary-computer');
    expect(demo.calls).toBe(0);
    expect(choices).toEqual(['planetary-computer']);
  });

  it("'auto' falls back to the demo when the probe fails, is refused or is slow", async () => {
    const offline = (async () => { throw new TypeError('fetch failed'); }) as typeof fetch;
    const demo = fakeDemo();
    expect(await createSceneCatalog('auto', { demo: demo.demo, fetch: offline })).toBe(demo.catalog);

    standIn = await startStacStandIn({ catalogDir: FIXTURE_CATALOG_DIR });
    standIn.injectFault('collection', { status: 503 });
    expect(await createSceneCatalog('auto', { demo: demo.demo, planetaryComputerStacUrl: standIn.stacUrl })).toBe(demo.catalog);

    standIn.injectFault('collection', { delayMs: 800 });
    const started = Date.now();
    expect(await createSceneCatalog('auto', { demo: demo.demo, planetaryComputerStacUrl: standIn.stacUrl, probeTimeoutMs: 100 })).toBe(demo.catalog);
    expect(Date.now() - started).toBeLessThan(700);
    expect(demo.calls).toBe(3);
  });
});
