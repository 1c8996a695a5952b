import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../../test/support/testApp.js';
import { parseCsv } from '../../shared/csv.js';

// GDAL 3.6 `gdallocationinfo -wgs84` values listed in ../shared/fixtures/README.md.
const P1 = { lon: -67.3037941, lat: -14.7111791 };
const P2 = { lon: -67.6820161, lat: -13.8928145 };
const DATES = { startDate: '2019-01-01', endDate: '2019-01-31', cloudCoverage: 100, bands: 'B04' };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(app: FastifyInstance, id: string, until: (s: { status: string; done: number }) => boolean, timeoutMs = 60_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const state = (await app.inject(`/api/jobs/${id}`)).json();
    if (until(state)) return state;
    if (Date.now() > end) throw new Error(`job ${id} stuck at ${JSON.stringify(state)}`);
    await sleep(20);
  }
}

const submit = (app: FastifyInstance, body: unknown) => app.inject({ method: 'POST', url: '/api/jobs', payload: body as object });

describe('site jobs, embedded (SQLite)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("answers 202 with an unguessable id, reports progress, and gives the CSV with GDAL's values", async () => {
    const res = await submit(app, { sites: [{ id: 'A1', ...P1 }, { id: 'B2', ...P2 }, { id: 'far', lon: 10, lat: 50 }], ...DATES });
    expect(res.statusCode).toBe(202);
    const { id, status } = res.json();
    expect(status).toBe('queued');
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const state = await waitFor(app, id, (s) => s.status === 'done');
    expect(state).toMatchObject({ id, status: 'done', done: 3, total: 3 });
    expect(Date.parse(state.expiresAt) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    const csv = await app.inject(`/api/jobs/${id}/result.csv`);
    expect(csv.statusCode).toBe(200);
    const [header, ...rows] = parseCsv(csv.body);
    expect(header[0]).toBe('site_id');
    expect(rows.map((r) => r[0])).toEqual(['A1', 'B2', 'far']);
    expect(Number(rows[0][header.indexOf('qa_pixel')])).toBe(21824);
    expect(Number(rows[1][9])).toBeCloseTo(9996 * 0.0000275 - 0.2, 10);
    expect(rows[2][header.indexOf('note')]).toMatch(/no Landsat scene/);
  });

  it('refuses bad sites before queueing, and answers 404 for ids it does not know', async () => {
    const bad = await submit(app, { sites: [{ id: 'x', lat: 91, lon: 0 }], ...DATES });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.sites[0]).toMatchObject({ index: 0 });
    expect((await app.inject('/api/jobs/AAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    expect((await app.inject('/api/jobs/nope/result.csv')).json().error.code).toBe('job_not_found');
  });

  it('cancels a running job; its result is refused with the reason', async () => {
    const sites = Array.from({ length: 3000 }, (_, i) => ({ id: `s${i}`, lon: -67.7 + (i % 50) * 0.008, lat: -14.6 + Math.floor(i / 50) * 0.008 }));
    const app2 = await buildTestApp({ JOB_CHUNK_SITES: '1', RATE_LIMIT_PER_MINUTE: '100000' });
    try {
      const { id } = (await submit(app2, { sites, ...DATES })).json();
      await waitFor(app2, id, (s) => s.status === 'running' && s.done > 0);
      const del = await app2.inject({ method: 'DELETE', url: `/api/jobs/${id}` });
      expect(del.json().status).toBe('cancelled');
      const csv = await app2.inject(`/api/jobs/${id}/result.csv`);
      expect(csv.statusCode).toBe(409);
      expect(csv.json().error.message).toMatch(/cancelled/);
    } finally {
      await app2.close();
    }
  });
});

describe('an embedded job interrupted by a restart', () => {
  it('resumes and finishes with every site exactly once', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sites-jobs-'));
    const env = { DATABASE_PATH: path.join(dir, 'db.sqlite'), JOB_CHUNK_SITES: '5', RATE_LIMIT_PER_MINUTE: '100000' };
    const sites = Array.from({ length: 400 }, (_, i) => ({ id: `s${i}`, lon: -67.7 + (i % 50) * 0.008, lat: -14.6 + Math.floor(i / 50) * 0.008 }));
    try {
      const first = await buildTestApp(env);
      const { id } = (await submit(first, { sites, ...DATES })).json();
      const before = await waitFor(first, id, (s) => s.status === 'running' && s.done > 0);
      await first.close();
      const second = await buildTestApp(env);
      try {
        const after = await waitFor(second, id, (s) => s.status === 'done');
        expect(before.done).toBeLessThan(after.total);
        expect(after.done).toBe(400);
        const [, ...rows] = parseCsv((await second.inject(`/api/jobs/${id}/result.csv`)).body);
        expect(rows.map((r) => r[0])).toEqual(sites.map((s) => s.id));
        console.log(`restart: ${before.done} of ${after.total} rows done before it`);
      } finally {
        await second.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
