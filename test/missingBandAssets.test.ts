/**
 * Real archive entries leave band files out: the Planetary Computer's L2SR items (surface
 * reflectance only) carry no lwir11 (see planetaryComputerReplay.test.ts). A request that asks for
 * that band still gets the bands the scene has, and the missing one is reported for that scene in
 * words, never invented and never failing the whole answer.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_SCENE_DIR, FIXTURE_SCENE_ID } from './support/fixturePaths.js';
import { buildTestApp } from './support/testApp.js';

const L2SR_ID = 'LC08_L2SR_001070_20190114_02_T2';

describe('a scene without a band file (an L2SR item without lwir11)', () => {
  let tmp: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'missing-band-'));
    const dir = path.join(tmp, L2SR_ID);
    mkdirSync(dir, { recursive: true });
    const item = JSON.parse(readFileSync(path.join(FIXTURE_SCENE_DIR, `${FIXTURE_SCENE_ID}.json`), 'utf8')) as {
      id: string;
      properties: Record<string, unknown>;
      assets: Record<string, { href: string }>;
    };
    item.id = L2SR_ID;
    item.properties['landsat:correction'] = 'L2SR';
    const kept: Record<string, { href: string }> = {};
    for (const key of ['red', 'qa_pixel']) {
      const file = path.basename(item.assets[key].href);
      copyFileSync(path.join(FIXTURE_SCENE_DIR, file), path.join(dir, file));
      kept[key] = item.assets[key];
    }
    item.assets = kept;
    writeFileSync(path.join(dir, `${L2SR_ID}.json`), JSON.stringify(item));
    app = await buildTestApp({ LANDSAT_SOURCE: `local:${tmp}` });
  });
  afterAll(async () => {
    await app.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('answers /api/pixel with the bands the scene has and names the missing one for that scene', async () => {
    const res = await app.inject('/api/pixel?lat=-14.4&lon=-67.7&startDate=2019-01-14&endDate=2019-01-14&bands=B04,B09');
    expect(res.statusCode).toBe(200);
    const body = res.json() as { scenes: Array<{ id: string; bands: Record<string, { values: (number | null)[][] }>; missingBands?: Record<string, string> }>; unavailableBands: Record<string, string> };
    expect(body.scenes).toHaveLength(1);
    const [scene] = body.scenes;
    expect(scene.id).toBe(L2SR_ID);
    expect(Object.keys(scene.bands)).toEqual(['B04']);
    expect(scene.bands.B04.values[1][1]).toBeGreaterThan(0);
    expect(Object.keys(scene.missingBands ?? {})).toEqual(['B09']);
    expect(scene.missingBands!.B09).toMatch(/no .*lwir11.*L2SR products hold surface reflectance only/);
    expect(body.unavailableBands).toEqual({});
  });

  it('answers /api/landsatData with statistics for the bands present and the missing one named', async () => {
    const box = 'LON_UL=-67.75&LAT_UR=-14.45&LON_UR=-67.65&LAT_UL=-14.35';
    const res = await app.inject(`/api/landsatData?${box}&startDate=2019-01-14&endDate=2019-01-14&bands=B04,B09`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { data: Array<{ outputs: { data: { bands: Record<string, unknown> } }; missingBands?: Record<string, string> }> };
    expect(body.data).toHaveLength(1);
    expect(Object.keys(body.data[0].outputs.data.bands)).toEqual(['B04']);
    expect(Object.keys(body.data[0].missingBands ?? {})).toEqual(['B09']);
  });
});
