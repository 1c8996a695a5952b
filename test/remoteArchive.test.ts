import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { startStacStandIn, type StacStandIn } from './support/stacStandIn.js';
import { FIXTURE_CATALOG_DIR } from './support/fixturePaths.js';
import { buildTestApp } from './support/testApp.js';
import { createPlanetaryComputerCatalog } from '../src/core/stac/createPlanetaryComputerCatalog.js';

// The remote path end to end: STAC search over HTTP, an anonymous SAS token, signed range reads of
// the COGs, through the API. The stand-in refuses unsigned asset reads, so signing is exercised.
let standIn: StacStandIn;
let app: FastifyInstance;

beforeAll(async () => {
  standIn = await startStacStandIn({ catalogDir: FIXTURE_CATALOG_DIR, tokenTtlSeconds: 3600 });
  app = await buildTestApp({}, { catalog: createPlanetaryComputerCatalog({ stacUrl: standIn.stacUrl, tokenUrl: standIn.tokenUrl, timeoutMs: 5000 }) });
});
afterAll(async () => {
  await app?.close();
  await standIn?.close();
});

describe('API over a remote STAC archive with SAS signing and range requests', () => {
  it("reads GDAL's values at the fixture point through signed range requests", async () => {
    const res = await app.inject('/api/pixel?lat=-14.7111791&lon=-67.3037941&startDate=2019-01-01&endDate=2019-01-31&bands=B01,B04,B09');
    expect(res.statusCode).toBe(200);
    const [scene] = res.json().scenes;
    expect(scene.bands.B01.dn[1][1]).toBe(8121);
    expect(scene.bands.B04.dn[1][1]).toBe(7663);
    expect(scene.bands.B09.dn[1][1]).toBe(43782);
    expect(scene.qa.values[1][1]).toBe(21824);
    expect(standIn.searchRequests).toBeGreaterThan(0);
    expect(standIn.tokenRequests).toBe(1);
    expect(standIn.rangeRequests).toBeGreaterThan(0);
    expect(standIn.assetReads.every((r) => r.status === 206 || r.status === 200)).toBe(true);
  });

  it('reuses the token and the cached tiles on a second request', async () => {
    const rangesBefore = standIn.rangeRequests;
    const res = await app.inject('/api/pixel?lat=-14.7111791&lon=-67.3037941&startDate=2019-01-01&endDate=2019-01-31&bands=B01,B04,B09');
    expect(res.statusCode).toBe(200);
    expect(standIn.tokenRequests).toBe(1);
    expect(standIn.rangeRequests).toBe(rangesBefore);
  });

  it('draws an image from the remote archive', async () => {
    const res = await app.inject('/api/landsatImage?LON_UL=-67.6&LAT_UR=-14.5&LON_UR=-67.4&LAT_UL=-14.2&startDate=2019-01-01&endDate=2019-01-31&bands=B04,B03,B02');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
  });
});
