/**
 * Issue 33 item 1 / issue 34 item 2, the pixel part alone: `GET /api/pixel/stream` at the default point over the
 * whole record (1982-08-22 to today, cloud 100 %, bands B01-B05) on the embedded demo archive, cold, each run on
 * a fresh server that has only answered /api/health, and the server process's CPU time over the request. Median and spread over PIXEL_FORTY_RUNS (default 3), with the
 * machine's 1-minute load average at start and end (the bench machine is shared).
 * Then `GET /api/change` at the point (CCDC over the same record, its default dates) on another fresh server
 * (PIXEL_FORTY_CHANGE=0 leaves it out). `npx tsx scripts/bench/pixelFortyYears.ts`, or `BENCH_ONLY=pixel-forty npm run bench`. PIXEL_FORTY_NODE_ARGS passes node flags (e.g. --cpu-prof) to the server.
 */
import os from 'node:os';
import { startServerProcess } from '../../test/support/serverProcess.js';
import { withServerProcessEnv } from '../serverProcessEnv.mjs';
import { runAsScript } from './runAsScript.js';
import { processCpuMs } from '../load/measure.js';

const RUNS = Math.max(1, Number(process.env.PIXEL_FORTY_RUNS ?? 3));
const TODAY = new Date().toISOString().slice(0, 10);
const POINT = { lat: 45.3267, lon: -79.2165 };
const URL_PATH = `/api/pixel/stream?lat=${POINT.lat}&lon=${POINT.lon}&startDate=1982-08-22&endDate=${TODAY}&cloudCoverage=100&bands=B01,B02,B03,B04,B05`;

const CHANGE_PATH = `/api/change?lat=${POINT.lat}&lon=${POINT.lon}`;

/** GET /api/change at the point over the whole record (its default dates): CCDC over the same pixel series. */
async function timedChange(base: string) {
  const t0 = performance.now();
  const res = await fetch(base + CHANGE_PATH);
  const body = (await res.json()) as { observations?: unknown };
  return { status: res.status, ms: performance.now() - t0, observations: Array.isArray(body.observations) ? body.observations.length : Number(body.observations ?? 0) };
}

async function timed(base: string) {
  const t0 = performance.now();
  const res = await fetch(base + URL_PATH);
  const text = await res.text();
  const totals = [...text.matchAll(/"type":"progress","done":\d+,"total":(\d+)/g)];
  return { status: res.status, ms: performance.now() - t0, scenes: Number(totals.at(-1)?.[1] ?? 0), bytes: text.length };
}

/** The server's CPU so far, all its threads (NaN without /proc). */
const serverCpuMs = (pid: number): number => processCpuMs(pid) ?? Number.NaN;

const spread = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { median: Math.round(s[Math.floor(s.length / 2)]), min: Math.round(s[0]), max: Math.round(s[s.length - 1]), runs: xs.map(Math.round) };
};

export async function benchPixelFortyYears() {
  const cold: number[] = [];
  const changeCold: number[] = [];
  const cpu: number[] = [];
  const changeCpu: number[] = [];
  let change = { status: 0, observations: 0 };
  const loads: number[] = [];
  let last = { status: 0, scenes: 0, bytes: 0 };
  for (let run = 0; run < RUNS; run++) {
    loads.push(os.loadavg()[0]);
    const nodeArgs = (process.env.PIXEL_FORTY_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const server = await startServerProcess({ ...withServerProcessEnv({}), RATE_LIMIT_PER_MINUTE: '1000000' }, nodeArgs);
    try {
      const cpu0 = serverCpuMs(server.child.pid!);
      const r = await timed(server.baseUrl);
      cpu.push(serverCpuMs(server.child.pid!) - cpu0);
      cold.push(r.ms);
      last = r;
      process.stderr.write(`run ${run + 1}: ${Math.round(r.ms)} ms, ${cpu.at(-1)} ms CPU, ${r.scenes} scenes, status ${r.status}, load ${os.loadavg()[0].toFixed(1)}\n`);
    } finally {
      await server.stop();
    }
    if (process.env.PIXEL_FORTY_CHANGE === '0') continue;
    // The change answer on another fresh server (its own cold reads).
    const second = await startServerProcess({ ...withServerProcessEnv({}), RATE_LIMIT_PER_MINUTE: '1000000' });
    try {
      const cpu0 = serverCpuMs(second.child.pid!);
      const c = await timedChange(second.baseUrl);
      changeCpu.push(serverCpuMs(second.child.pid!) - cpu0);
      changeCold.push(c.ms);
      change = c;
      process.stderr.write(`run ${run + 1}: change ${Math.round(c.ms)} ms, ${changeCpu.at(-1)} ms CPU, status ${c.status}, load ${os.loadavg()[0].toFixed(1)}\n`);
    } finally {
      await second.stop();
    }
  }
  loads.push(os.loadavg()[0]);
  return { what: URL_PATH, runs: RUNS, status: last.status, scenes: last.scenes, answerBytes: last.bytes, coldMs: spread(cold), serverCpuMs: spread(cpu), change: changeCold.length ? { what: CHANGE_PATH, status: change.status, observations: change.observations, coldMs: spread(changeCold), serverCpuMs: spread(changeCpu) } : null, loadAverage1m: loads.map((l) => Math.round(l * 10) / 10) };
}

runAsScript(import.meta.url, benchPixelFortyYears);
