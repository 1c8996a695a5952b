/**
 * Issue 34's speed rows (`BENCH_ONLY=change npm run bench`, and part of the full run):
 * - our CCDC (src/core/change) on the three reference series (../shared/reference/ccd) and on the
 *   40-year record of the embedded demo archive's default point, warm, BENCH_CHANGE_RUNS runs each
 *   (median and spread);
 * - USGS LCMAP pyccd on the same input in the same run (scripts/bench/pyccdRun.py with Debian's
 *   python3, numpy, scipy and scikit-learn) when `import ccd` works; otherwise it says so, and the
 *   seconds pyccd took when the reference was made (expected.json, another machine) are shown for
 *   scale only;
 * - GET /api/change at the default point over the whole record (1982-08-22 to today): cold (first
 *   request to a fresh server process) and warm.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { detectChanges, type ChangeObservation } from '../../src/core/change/detectChanges.js';
import { dateToOrdinal } from '../../src/core/change/ordinalDay.js';
import { qaClass } from '../../src/core/change/qaClass.js';
import { DEFAULT_POINT } from '../../src/shared/defaults.js';
import { readExpected, readReferenceSeries } from '../../test/support/ccdReference.js';
import { startServerProcess } from '../../test/support/serverProcess.js';

const RUNS = Math.max(3, Number(process.env.BENCH_CHANGE_RUNS ?? 20));
const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

function spread(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  return { medianMs: round(s[Math.floor(s.length / 2)]!), minMs: round(s[0]!), maxMs: round(s.at(-1)!), runs: s.length };
}

/**
 * Our detection, warm: a few unmeasured runs first (the JIT), then RUNS measured ones, wall clock and
 * this process's CPU time (the bench machine is shared: CPU time is what the work costs, the wall clock
 * adds waiting for a core).
 */
function timeOurs(observations: ChangeObservation[]) {
  for (let i = 0; i < 3; i += 1) detectChanges(observations);
  const ms: number[] = [];
  const cpu: number[] = [];
  let segments = 0;
  for (let i = 0; i < RUNS; i += 1) {
    const t = performance.now();
    const c = process.cpuUsage();
    segments = detectChanges(observations).segments.length;
    const used = process.cpuUsage(c);
    ms.push(performance.now() - t);
    cpu.push((used.user + used.system) / 1000);
  }
  return { ...spread(ms), cpuMedianMs: spread(cpu).medianMs, segments };
}

/** The series in pyccd's units and CFMask classes (a band not measured is sent as saturated, 20000). */
function toPyccd(observations: ChangeObservation[]) {
  const scaled = (v: number | null, k: number) => (v === null ? 20000 : Math.round(v * k));
  const cfmask = [0, 1, 2, 3, 4];
  return {
    dates: observations.map((o) => dateToOrdinal(o.date)),
    blue: observations.map((o) => scaled(o.B02, 1e4)),
    green: observations.map((o) => scaled(o.B03, 1e4)),
    red: observations.map((o) => scaled(o.B04, 1e4)),
    nir: observations.map((o) => scaled(o.B05, 1e4)),
    swir1: observations.map((o) => scaled(o.B06, 1e4)),
    swir2: observations.map((o) => scaled(o.B07, 1e4)),
    thermal: observations.map((o) => scaled(o.B09, 10)),
    qa: observations.map((o) => {
      const c = qaClass(o.qa);
      return cfmask.includes(c) ? c : 255;
    }),
  };
}

function runPyccd(series: Record<string, ChangeObservation[]>): { available: boolean; reason?: string; version?: string; series?: Record<string, { ms: number[]; cpuMs: number[]; segments: number | null }> } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ccd-bench-'));
  try {
    const input = path.join(dir, 'series.json');
    writeFileSync(input, JSON.stringify({ runs: Math.min(RUNS, 5), series: Object.fromEntries(Object.entries(series).map(([k, v]) => [k, toPyccd(v)])) }));
    const out = execFileSync(PYTHON, [path.resolve('scripts/bench/pyccdRun.py'), input], { encoding: 'utf8', timeout: 600_000 });
    return JSON.parse(out);
  } catch (err) {
    return { available: false, reason: `pyccd not available: ${(err as Error).message.split('\n')[0]}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchChange(log: (msg: string) => void) {
  log('change detection: GET /api/change at the default point over the whole record, cold and warm...');
  const server = await startServerProcess({ RATE_LIMIT_PER_MINUTE: '100000', REQUEST_TIMEOUT_MS: '600000' });
  const url = `${server.baseUrl}/api/change?lat=${DEFAULT_POINT.lat}&lon=${DEFAULT_POINT.lon}`;
  let t = performance.now();
  const answer = (await (await fetch(url)).json()) as { observations: number; usedObservations: number; segments: unknown[]; series: { date: string; values: Record<string, number | null>; qa: number }[] };
  const coldMs = performance.now() - t;
  const warm: number[] = [];
  for (let i = 0; i < 3; i += 1) {
    t = performance.now();
    await (await fetch(url)).arrayBuffer();
    warm.push(performance.now() - t);
  }
  await server.stop();
  // The same record read as /api/pixel/stream reads it, cold on another fresh server: the part of the
  // cold answer that is reading the series (what the detection adds is the rest).
  const pixelServer = await startServerProcess({ RATE_LIMIT_PER_MINUTE: '100000' });
  const today = new Date().toISOString().slice(0, 10);
  t = performance.now();
  await (await fetch(`${pixelServer.baseUrl}/api/pixel/stream?lat=${DEFAULT_POINT.lat}&lon=${DEFAULT_POINT.lon}&startDate=1982-08-22&endDate=${today}&bands=B02,B03,B04,B05,B06,B07,B09`)).arrayBuffer();
  const pixelColdMs = performance.now() - t;
  await pixelServer.stop();
  const demo40: ChangeObservation[] = answer.series.map((o) => ({ date: o.date, ...(o.values as Omit<ChangeObservation, 'date' | 'qa'>), qa: o.qa }));

  const expected = readExpected();
  const inputs: Record<string, ChangeObservation[]> = Object.fromEntries(Object.keys(expected).map((file) => [file, readReferenceSeries(file).observations]));
  inputs['demo 40-year default point'] = demo40;
  log('change detection: ours on the reference series and the 40-year demo series...');
  const ours = Object.fromEntries(Object.entries(inputs).map(([name, obs]) => [name, { observations: obs.length, ...timeOurs(obs) }]));
  log('change detection: pyccd on the same input...');
  const pyccd = runPyccd(inputs);
  const rows = Object.entries(ours).map(([name, o]) => {
    const theirs = pyccd.series?.[name];
    const theirMedian = theirs ? spread(theirs.ms).medianMs : null;
    return {
      series: name,
      observations: o.observations,
      ours: { medianMs: o.medianMs, minMs: o.minMs, maxMs: o.maxMs, cpuMedianMs: o.cpuMedianMs, runs: o.runs, segments: o.segments },
      pyccd: theirs ? { ...spread(theirs.ms), cpuMedianMs: spread(theirs.cpuMs).medianMs, segments: theirs.segments } : null,
      speedup: theirMedian !== null ? round(theirMedian / o.medianMs, 1) : null,
      speedupCpu: theirs ? round(spread(theirs.cpuMs).medianMs / o.cpuMedianMs, 1) : null,
      pyccdWhenReferenceWasMadeMs: expected[name] ? expected[name]!.seconds * 1000 : null,
    };
  });
  return {
    pyccd: pyccd.available ? { available: true, version: pyccd.version, python: PYTHON } : { available: false, note: pyccd.reason ?? 'pyccd not available' },
    note: pyccd.available
      ? 'ours and pyccd on the same input in the same run'
      : 'pyccd not available: speedup not measured; pyccdWhenReferenceWasMadeMs is from expected.json (another machine), for scale only',
    detection: rows,
    pointRecord: {
      point: DEFAULT_POINT,
      scenes: answer.observations,
      usedObservations: answer.usedObservations,
      segments: answer.segments.length,
      coldMs: Math.round(coldMs),
      warmMs: spread(warm),
      pixelStreamSameRecordColdMs: Math.round(pixelColdMs),
      targetColdMs: 3000,
    },
  };
}
