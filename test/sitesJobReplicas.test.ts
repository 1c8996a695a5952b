import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgresTestServer, type PostgresTestServer } from './support/startPostgresTestServer.js';
import { parseCsv } from '../src/shared/csv.js';
import { FIXTURE_CATALOG_DIR, REPO_ROOT } from './support/fixturePaths.js';
import { freePort } from './support/freePort.js';

// Two real server processes (replicas) on one real PostgreSQL, jobs on pg-boss: a job submitted to one,
// which is killed with SIGKILL mid-job; the other takes over the dead one's chunks once pg-boss expires
// them (JOB_CHUNK_TIMEOUT_SECONDS) and finishes. Every site appears exactly once in the result.
let pg: PostgresTestServer;
let databaseUrl: string;
let dir: string;
const children: ChildProcess[] = [];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function startReplica(name: string): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'src/server/main.ts')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LANDSAT_SOURCE: `local:${FIXTURE_CATALOG_DIR}`,
      DATABASE_URL: databaseUrl,
      OUTBOX_DIR: path.join(dir, `outbox-${name}`),
      STATIC_DIR: path.join(dir, 'no-static'),
      SCHEDULER_INTERVAL_MS: '0',
      RATE_LIMIT_PER_MINUTE: '100000',
      LOG_LEVEL: 'warn',
      JOB_CHUNK_SITES: '10',
      JOB_CHUNK_TIMEOUT_SECONDS: '3',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(child);
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`replica ${name} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, child };
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`replica ${name} did not start`);
}

beforeAll(async () => {
  pg = await startPostgresTestServer();
  databaseUrl = await pg.createDatabase('sites_jobs');
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sites-replicas-'));
}, 60_000);
afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await pg?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('site jobs on PostgreSQL with two replicas', () => {
  it('finish on the surviving replica after the other is killed mid-job, every site exactly once', async () => {
    const a = await startReplica('a');
    const b = await startReplica('b');
    const sites = Array.from({ length: 1000 }, (_, i) => ({ id: `site-${i}`, lon: -67.7 + (i % 40) * 0.01, lat: -14.6 + Math.floor(i / 40) * 0.01 }));
    const submitted = await fetch(`${a.base}/api/jobs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sites, startDate: '2019-01-01', endDate: '2019-01-31', bands: ['B04'] }),
    });
    expect(submitted.status).toBe(202);
    const { id } = (await submitted.json()) as { id: string };

    // Kill the replica that took the job as soon as some rows are written.
    let atKill: { status: string; done: number; total: number } | undefined;
    for (let i = 0; i < 1200 && !atKill; i++) {
      const state = (await (await fetch(`${a.base}/api/jobs/${id}`)).json()) as { status: string; done: number; total: number };
      if (state.done > 0) atKill = state;
      else await sleep(25);
    }
    a.child.kill('SIGKILL');
    expect(atKill).toBeDefined();
    expect(atKill!.status).toBe('running');
    expect(atKill!.done).toBeLessThan(atKill!.total);

    // The other replica reports progress and finishes.
    let state: { status: string; done: number; total: number } = { status: '', done: 0, total: 0 };
    const seen: number[] = [];
    for (let i = 0; i < 1200 && state.status !== 'done'; i++) {
      state = (await (await fetch(`${b.base}/api/jobs/${id}`)).json()) as typeof state;
      seen.push(state.done);
      if (state.status !== 'done') await sleep(100);
    }
    expect(state).toMatchObject({ status: 'done', done: 1000, total: 1000 });
    expect(seen.some((d) => d > atKill!.done && d < 1000)).toBe(true);

    const csv = await fetch(`${b.base}/api/jobs/${id}/result.csv`);
    expect(csv.status).toBe(200);
    const [header, ...rows] = parseCsv(await csv.text());
    expect(header[0]).toBe('site_id');
    expect(rows.map((r) => r[0])).toEqual(sites.map((s) => s.id));
    expect(new Set(rows.map((r) => r[0])).size).toBe(1000);
  }, 240_000);
});
