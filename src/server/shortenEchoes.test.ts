import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildTestApp } from '../../test/support/testApp.js';
import { MAX_ECHO_CHARS, shortenEchoes } from './shortenEchoes.js';

describe('shortenEchoes', () => {
  const long = 'x'.repeat(10_000);
  it.each([
    ['a message in words stays as written', "The scene's grid has no pixel inside the box; choose a box inside scene LC08_L2SP_001070_20190114_02_T2.", null],
    ['a long value without spaces keeps its first 40 characters and says how many more', `startDate ${long} is not a date`, `startDate ${'x'.repeat(40)}… (9,960 more characters) is not a date`],
    ['a long double-quoted value with spaces is cut inside its quotes', `got "${'ab cd '.repeat(100).trim()}".`, `got "${'ab cd '.repeat(100).slice(0, 40)}… (559 more characters)".`],
    ['a word of exactly the limit stays whole', `id ${'y'.repeat(60)}`, null],
    [
      'two short quotations far apart are not one long quotation',
      'mask: unknown mask word "smoke"; mask takes comma-separated words among fill, dilated_cloud, cirrus, cloud, shadow, snow, clear, water, or "none" to keep every imaged pixel (default cloud,dilated_cloud,cirrus,shadow)',
      null,
    ],
  ])('%s', (_name, input, expected) => {
    expect(shortenEchoes(input)).toBe(expected ?? input);
  });

  it('never answers more than 1000 characters, whatever the message', () => {
    expect(shortenEchoes('word '.repeat(2000)).length).toBeLessThanOrEqual(1000);
  });
});

describe('every error answer repeats at most a short part of its input', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  });
  afterAll(async () => {
    await app?.close();
  });
  const big = 'q'.repeat(10_000);
  /** The longest run of the input's character the answer holds. */
  const longestEcho = (body: string) => Math.max(0, ...(body.match(/q+/g) ?? []).map((m) => m.length));

  it.each([
    ['POST /api/sites startDate', { method: 'POST', url: '/api/sites', payload: { sites: [{ lat: 1, lon: 2 }], startDate: big } }],
    ['POST /api/jobs startDate', { method: 'POST', url: '/api/jobs', payload: { sites: [{ lat: 1, lon: 2 }], startDate: big } }],
    ['POST /api/sites bands', { method: 'POST', url: '/api/sites', payload: { sites: [{ lat: 1, lon: 2 }], startDate: '2020-01-01', endDate: '2020-02-01', bands: big } }],
    ['POST /api/jobs harmonize', { method: 'POST', url: '/api/jobs', payload: { sites: [{ lat: 1, lon: 2 }], startDate: '2020-01-01', endDate: '2020-02-01', harmonize: big } }],
    ['POST /api/sites a bad site', { method: 'POST', url: '/api/sites', payload: { sites: [{ id: big, lat: big, lon: 2 }], startDate: '2020-01-01', endDate: '2020-02-01' } }],
    ['GET an unknown path', { method: 'GET', url: `/api/${'q'.repeat(3000)}` }],
    ['GET /api/pixel lat', { method: 'GET', url: `/api/pixel?lat=${'q'.repeat(3000)}&lon=1` }],
  ] as const)('%s', async (_name, request) => {
    const res = await app.inject(request as InjectOptions);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.json().error.code).toEqual(expect.any(String));
    expect(longestEcho(res.body)).toBeLessThanOrEqual(MAX_ECHO_CHARS);
  });
});
