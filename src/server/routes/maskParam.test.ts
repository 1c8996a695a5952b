import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../../test/support/testApp.js';
import { FIXTURE_BOX as BOX, FIXTURE_DATES as DATES, README_POINT_1 as POINT_1, README_POINT_2 as POINT_2, queryString as qs } from '../../../test/support/fixtureFacts.js';

const WORDS = ['cloud', 'dilated_cloud', 'cirrus', 'shadow', 'snow', 'water'];

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe('the mask parameter', () => {
  it.each([
    ['GET', `/api/pixel?${qs({ lat: POINT_1.lat, lon: POINT_1.lon, ...DATES, mask: 'cloud,haze' })}`],
    ['GET', `/api/pixel/stream?${qs({ lat: POINT_1.lat, lon: POINT_1.lon, ...DATES, mask: 'haze' })}`],
    ['GET', `/api/landsatData?${qs({ ...BOX, ...DATES, mask: 'haze' })}`],
    ['GET', `/api/landsatData/stream?${qs({ ...BOX, ...DATES, mask: 'haze' })}`],
  ])('%s %s: 400 naming every allowed word', async (_method, url) => {
    const res = await app.inject(url);
    expect(res.statusCode).toBe(400);
    const message: string = res.json().error.message;
    expect(message).toContain('haze');
    for (const word of WORDS) expect(message).toContain(word);
  });

  it('POST /api/compare: 400 naming every allowed word', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/compare', payload: { lat: POINT_1.lat, lon: POINT_1.lon, datetime: '2019-01-14T14:30:00Z', bands: { B04: 0.1 }, mask: 'fog' } });
    expect(res.statusCode).toBe(400);
    for (const word of ['fog', ...WORDS]) expect(res.json().error.message).toContain(word);
  });

  it("/api/pixel says per pixel whether it is clear under the request's mask; the raw flags stay", async () => {
    const at = async (point: typeof POINT_1, mask?: string) =>
      (await app.inject(`/api/pixel?${qs({ lat: point.lat, lon: point.lon, ...DATES, bands: 'B04', ...(mask ? { mask } : {}) })}`)).json().scenes[0];
    const clearScene = await at(POINT_1);
    expect(clearScene.clear[1][1]).toBe(true);
    // Default mask: bits 1-4 (dilated cloud, cirrus, cloud, shadow) all unset, written out independently of the code.
    clearScene.qa.values.forEach((row: number[], r: number) => row.forEach((qa, c) => expect(clearScene.clear[r][c]).toBe((qa & 0b1_1110) === 0)));
    const cloudy = await at(POINT_2);
    expect(cloudy.clear[1][1]).toBe(false);
    expect(cloudy.qa.flags[1][1].cloud).toBe(true);
    expect((await at(POINT_2, 'none')).clear[1][1]).toBe(true);
    expect((await at(POINT_1, 'none')).qa.values).toEqual(clearScene.qa.values);
  });

  it('/api/landsatData: mask=none leaves out only what was not imaged; more words leave out more', async () => {
    const b04 = async (mask?: string) =>
      (await app.inject(`/api/landsatData?${qs({ ...BOX, ...DATES, bands: 'B04', ...(mask ? { mask } : {}) })}`)).json().data[0].outputs.data.bands.B04.stats;
    const none = await b04('none');
    const byDefault = await b04();
    const all = await b04(WORDS.join(','));
    expect(none.noDataCount).toBe(none.fillCount);
    // 75.65 % cloud scene: the default mask leaves out some of this box, every word at least as much.
    expect(byDefault.sampleCount).toBeLessThan(none.sampleCount);
    expect(all.sampleCount).toBeLessThanOrEqual(byDefault.sampleCount);
    for (const s of [byDefault, all]) expect(s.sampleCount + s.noDataCount).toBe(none.sampleCount + none.noDataCount);
  });
});
