import proj4 from 'proj4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../../test/support/testApp.js';
import { pointInRing } from '../../core/geo/pointInRing.js';

/**
 * The nine pixels' outlines of /api/pixel against the fixture scene's grid, computed independently:
 * - `gdallocationinfo -wgs84 ..._SR_B4.TIF -67.3037941 -14.7111791` → Location: (344P,317L)
 * - `printf "343 316\n346 319\n" | gdaltransform -t_srs '+proj=longlat +datum=WGS84' -output_xy ..._SR_B4.TIF`
 *   → -67.3091222781988 -14.7047734383545 (upper-left corner of the 3 x 3) and
 *     -67.2965390092372 -14.7170430135943 (its lower-right corner)
 * - the STAC item's proj:transform [448.30078125, 0, 528285, 0, -455.91796875, -1482285] with proj4
 *   (EPSG:32619 written out here) for every corner.
 * - the MTL's LEVEL1_PROCESSING_RECORD.GEOMETRIC_RMSE_MODEL is 12.102 m.
 */
const POINT_1 = { lon: -67.3037941, lat: -14.7111791 };
const TRANSFORM = [448.30078125, 0, 528285, 0, -455.91796875, -1482285];
const toLngLat = proj4('+proj=utm +zone=19 +datum=WGS84 +units=m +no_defs', '+proj=longlat +datum=WGS84 +no_defs');
const cornerLngLat = (col: number, row: number) => toLngLat.forward([TRANSFORM[2] + col * TRANSFORM[0], TRANSFORM[5] + row * TRANSFORM[4]]);

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe('/api/pixel pixelFootprints and geometricRmseM', () => {
  it("outlines the nine pixels from the scene grid's corners, row-major like values, the target inside the centre one", async () => {
    const res = await app.inject(`/api/pixel?lat=${POINT_1.lat}&lon=${POINT_1.lon}&startDate=2019-01-01&endDate=2019-01-31&bands=B04`);
    const scene = res.json().scenes[0];
    expect(scene.pixel).toEqual({ col: 344, row: 317 });
    expect(scene.geometricRmseM).toBe(12.102);
    const fp = scene.pixelFootprints;
    expect(fp).toHaveLength(3);
    for (let r = 0; r < 3; r++) {
      expect(fp[r]).toHaveLength(3);
      for (let c = 0; c < 3; c++) {
        const col = 343 + c;
        const row = 316 + r;
        const ring: [number, number][] = fp[r][c].coordinates[0];
        expect(fp[r][c].type).toBe('Polygon');
        const expected = [cornerLngLat(col, row), cornerLngLat(col, row + 1), cornerLngLat(col + 1, row + 1), cornerLngLat(col + 1, row), cornerLngLat(col, row)];
        ring.forEach((p, i) => {
          expect(p[0]).toBeCloseTo(expected[i][0], 9);
          expect(p[1]).toBeCloseTo(expected[i][1], 9);
        });
        expect(pointInRing([POINT_1.lon, POINT_1.lat], ring)).toBe(r === 1 && c === 1);
      }
    }
    // GDAL's corners of the whole 3 x 3 (to 1e-7 degrees, about 1 cm).
    expect(fp[0][0].coordinates[0][0][0]).toBeCloseTo(-67.3091222781988, 7);
    expect(fp[0][0].coordinates[0][0][1]).toBeCloseTo(-14.7047734383545, 7);
    expect(fp[2][2].coordinates[0][2][0]).toBeCloseTo(-67.2965390092372, 7);
    expect(fp[2][2].coordinates[0][2][1]).toBeCloseTo(-14.7170430135943, 7);
  });
});
