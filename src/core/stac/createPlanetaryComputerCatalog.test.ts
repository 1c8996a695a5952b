import { open } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FIXTURE_CATALOG_DIR, FIXTURE_SCENE_DIR, FIXTURE_SCENE_ID } from '../../../test/support/fixturePaths.js';
import { startStacStandIn, type StacStandIn } from '../../../test/support/stacStandIn.js';
import { ArchiveUnavailableError } from './archiveErrors.js';
import { createPlanetaryComputerCatalog } from './createPlanetaryComputerCatalog.js';

const inside: [number, number, number, number] = [-67.3037941, -14.7111791, -67.3037941, -14.7111791];
const query = { bboxLngLat: inside, startDate: '2019-01-01', endDate: '2019-01-31', maxCloudCover: 100, limit: 10 };

async function firstBytes(file: string, count: number): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(count);
    await handle.read(buffer, 0, count, 0);
    return buffer;
  } finally {
    await handle.close();
  }
}

describe('createPlanetaryComputerCatalog against the stand-in', () => {
  let standIn: StacStandIn | null = null;
  afterEach(async () => {
    await standIn?.close();
    standIn = null;
  });

  it('finds the fixture scene and reads its assets only once signed', async () => {
    standIn = await startStacStandIn({ catalogDir: FIXTURE_CATALOG_DIR });
    const catalog = createPlanetaryComputerCatalog({ stacUrl: standIn.stacUrl, tokenUrl: standIn.tokenUrl });
    expect(catalog).toMatchObject({ name: 'planetary-computer', synthetic: false });
    const { scenes } = await catalog.search(query);
    expect(scenes).toHaveLength(1);
    expect(standIn.tokenRequests).toBe(0); // searching needs no token

    const redUrl = scenes[0].assets.red!;
    const unsigned = await fetch(redUrl, { headers: { range: 'bytes=0-15' } });
    expect(unsigned.status).toBe(403);
    await unsigned.arrayBuffer();

    const signedUrl = await catalog.resolveAssetHref(redUrl);
    expect(signedUrl.startsWith(`${redUrl}?`)).toBe(true);
    expect(new URL(signedUrl).searchParams.get('sig')).toBeTruthy();
    const signed = await fetch(signedUrl, { headers: { range: 'bytes=0-15' } });
    expect(signed.status).toBe(206);
    const expected = await firstBytes(path.join(FIXTURE_SCENE_DIR, `${FIXTURE_SCENE_ID}_SR_B4.TIF`), 16);
    expect(Buffer.from(await signed.arrayBuffer())).toEqual(expected);
    expect(standIn.rangeRequests).toBe(1);

    // Every band reuses the one token.
    const all = await Promise.all(Object.values(scenes[0].assets).map((href) => catalog.resolveAssetHref(href)));
    expect(all).toHaveLength(9);
    expect(standIn.tokenRequests).toBe(1);
    expect(standIn.assetReads.map((r) => r.status)).toEqual([403, 206]);
  });

  it('fetches a new token when the cached one nears expiry', async () => {
    standIn = await startStacStandIn({ catalogDir: FIXTURE_CATALOG_DIR, tokenTtlSeconds: 3600 });
    const clock = { now: Date.now() };
    const catalog = createPlanetaryComputerCatalog({ stacUrl: standIn.stacUrl, tokenUrl: standIn.tokenUrl, now: () => clock.now });
    const { scenes } = await catalog.search(query);
    const first = await catalog.resolveAssetHref(scenes[0].assets.red!);
    clock.now += 30 * 60_000;
    expect(await catalog.resolveAssetHref(scenes[0].assets.red!)).toBe(first);
    clock.now += 26 * 60_000; // 4 minutes before expiry
    const second = await catalog.resolveAssetHref(scenes[0].assets.red!);
    expect(second).not.toBe(first);
    expect(standIn.tokenRequests).toBe(2);
    const response = await fetch(second, { headers: { range: 'bytes=0-3' } });
    expect(response.status).toBe(206);
    await response.arrayBuffer();
  });

  it('reports a failing token service as ArchiveUnavailableError and tries again next time', async () => {
    standIn = await startStacStandIn({ catalogDir: FIXTURE_CATALOG_DIR });
    standIn.injectFault('token', { status: 503 }, 3);
    const catalog = createPlanetaryComputerCatalog({ stacUrl: standIn.stacUrl, tokenUrl: standIn.tokenUrl, retryDelayMs: 1 });
    const { scenes } = await catalog.search(query);
    await expect(catalog.resolveAssetHref(scenes[0].assets.red!)).rejects.toThrow(ArchiveUnavailableError);
    expect(standIn.tokenRequests).toBe(3);
    await expect(catalog.resolveAssetHref(scenes[0].assets.red!)).resolves.toMatch(/sig=/);
    expect(standIn.tokenRequests).toBe(4);
  });
});
