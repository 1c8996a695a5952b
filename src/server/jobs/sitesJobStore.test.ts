import { describe, expect, it } from 'vitest';
import { openSqliteStore } from '../store/openSqliteStore.js';
import { openSitesJobStore } from './sitesJobStore.js';

const PARAMS = { startDate: '2019-01-01', endDate: '2019-01-31', cloudCoverage: 100, bands: ['B04'] };
const SITES = [
  { id: 'a', lat: 1, lon: 2 },
  { id: 'b', lat: 3, lon: 4 },
];

async function plannedJob(now: () => Date = () => new Date()) {
  const sql = openSqliteStore(':memory:');
  const store = await openSitesJobStore(sql, now);
  await store.create('job1', PARAMS, SITES);
  await store.savePlan('job1', [
    { sceneJson: '{"id":"S1"}', sites: [{ index: 0, ...SITES[0] }] },
    { sceneJson: null, sites: [{ index: 1, ...SITES[1], note: 'no scene' }] },
  ], 2);
  return { sql, store };
}

describe('sites job store', () => {
  it('writes a chunk once however often it is run, and marks the job done after the last chunk', async () => {
    const { store } = await plannedJob();
    expect(await store.get('job1')).toMatchObject({ status: 'running', done: 0, total: 2 });
    // A second planner (a retried plan) changes nothing.
    expect(await store.savePlan('job1', [], 0)).toBe(false);
    const row0 = { siteIndex: 0, sceneKey: 'S1', sortDatetime: '2019-01-14', line: 'a,row\r\n' };
    expect(await store.completeChunk('job1', 0, [row0])).toBe('written');
    expect(await store.completeChunk('job1', 0, [row0])).toBe('skipped');
    expect(await store.get('job1')).toMatchObject({ status: 'running', done: 1 });
    expect(await store.completeChunk('job1', 1, [{ siteIndex: 1, sceneKey: '', sortDatetime: '', line: 'b,row\r\n' }])).toBe('written');
    expect(await store.get('job1')).toMatchObject({ status: 'done', done: 2, total: 2 });
    expect((await store.rowsAfter('job1', null, 10)).map((r) => r.line)).toEqual(['a,row\r\n', 'b,row\r\n']);
    // Paging continues after the last row of the page.
    const [first] = await store.rowsAfter('job1', null, 1);
    expect((await store.rowsAfter('job1', first, 10)).map((r) => r.siteIndex)).toEqual([1]);
  });

  it('writes nothing for a cancelled job', async () => {
    const { store } = await plannedJob();
    expect(await store.cancel('job1')).toBe(true);
    expect(await store.completeChunk('job1', 0, [{ siteIndex: 0, sceneKey: 'S1', sortDatetime: '', line: 'x' }])).toBe('skipped');
    expect(await store.get('job1')).toMatchObject({ status: 'cancelled', done: 0 });
    expect(await store.cancel('job1')).toBe(false);
  });

  it('deletes jobs, chunks and rows older than the cutoff (JOB_RETENTION_DAYS)', async () => {
    let now = new Date('2026-01-01T00:00:00Z');
    const { store, sql } = await plannedJob(() => now);
    await store.completeChunk('job1', 0, [{ siteIndex: 0, sceneKey: 'S1', sortDatetime: '', line: 'x' }]);
    now = new Date('2026-01-09T00:00:00Z');
    await store.create('job2', PARAMS, SITES);
    expect(await store.deleteOlderThan(new Date('2026-01-02T00:00:00Z'))).toBe(1);
    expect(await store.get('job1')).toBeUndefined();
    expect(await store.get('job2')).toBeDefined();
    expect(await sql.get<{ n: number }>("SELECT count(*) AS n FROM sites_job_rows WHERE job_id = 'job1'")).toEqual({ n: 0 });
    expect(await sql.get<{ n: number }>("SELECT count(*) AS n FROM sites_job_chunks WHERE job_id = 'job1'")).toEqual({ n: 0 });
  });
});
