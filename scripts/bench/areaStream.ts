/**
 * Issue 33 item 2 through the API alone: a 2,500 km² square around the default point, the last twelve
 * months at cloud 100 %, streamed from /api/area/stream on a fresh server (demo archive), to its end.
 * Per run: wall time, the server's CPU time (all threads, /proc), the 1-minute load average at start and
 * end, scenes, and a hash of the answer's scene entries (equal hashes: equal answers, e.g. before and
 * after a change). `npx tsx scripts/bench/areaStream.ts` (AREA_STREAM_RUNS, default 1;
 * FIRST_MINUTE_CPU_PROF=dir and WORKER_CPU_PROF_DIR=dir for profiles). Figures only.
 */
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { mkdtemp, rm } from 'node:fs/promises';
import { DEFAULT_POINT } from '../../src/shared/defaults.js';
import { serverCpuMs, startServer, stopServer } from './firstMinute.js';
import { runAsScript } from './runAsScript.js';

const RUNS = Number(process.env.AREA_STREAM_RUNS ?? 1);
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const log = (msg: string) => process.stderr.write(`${msg}\n`);

export function squarePolygon(km: number) {
  const dLat = km / 2 / 111.32;
  const dLon = km / 2 / (111.32 * Math.cos((DEFAULT_POINT.lat * Math.PI) / 180));
  const [x, y] = [DEFAULT_POINT.lon, DEFAULT_POINT.lat];
  return { type: 'Polygon', coordinates: [[[x - dLon, y - dLat], [x + dLon, y - dLat], [x + dLon, y + dLat], [x - dLon, y + dLat], [x - dLon, y - dLat]]] };
}

const spread = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { min: s[0], median: s[Math.floor((s.length - 1) / 2)], max: s[s.length - 1] };
};

export async function benchAreaStream() {
  const tmpDir = await mkdtemp(path.join(os.tmpdir(), 'landsat-bench-area-stream-'));
  const runs: { wallMs: number; serverCpuMs: number | null; load: [number, number]; scenes: number; answerHash: string }[] = [];
  const end = new Date();
  const body = JSON.stringify({ geometry: squarePolygon(49.9), startDate: isoDay(new Date(end.getTime() - 365 * 86_400_000)), endDate: isoDay(end), cloudCoverage: 100 });
  try {
    for (let run = 0; run < RUNS; run++) {
      const { child, baseUrl } = await startServer(tmpDir);
      try {
        const load0 = os.loadavg()[0];
        const cpu0 = await serverCpuMs(child);
        const t0 = performance.now();
        const res = await fetch(`${baseUrl}/api/area/stream`, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
        const text = await res.text();
        const wallMs = performance.now() - t0;
        const cpu1 = await serverCpuMs(child);
        const lines = text.split('\n').filter((l) => l.length > 0).map((l) => JSON.parse(l) as Record<string, unknown>);
        const last = lines[lines.length - 1] as { answer?: { scenes?: unknown[] }; result?: { scenes?: unknown[] }; scenes?: unknown[] };
        const answer = last.answer ?? last.result ?? last;
        const scenes = answer.scenes ?? [];
        const answerHash = createHash('sha256').update(JSON.stringify(scenes)).digest('hex').slice(0, 16);
        const r = { wallMs: Math.round(wallMs), serverCpuMs: cpu0 === null || cpu1 === null ? null : cpu1 - cpu0, load: [load0, os.loadavg()[0]] as [number, number], scenes: scenes.length, answerHash };
        log(`area stream run ${run + 1}/${RUNS}: ${JSON.stringify(r)} (status ${res.status})`);
        runs.push(r);
      } finally {
        await stopServer(child);
      }
    }
  } finally {
    await rm(tmpDir, { recursive: true, force: true });
  }
  return { runs, wallMs: spread(runs.map((r) => r.wallMs)), serverCpuMs: spread(runs.map((r) => r.serverCpuMs ?? NaN)) };
}

runAsScript(import.meta.url, benchAreaStream);
