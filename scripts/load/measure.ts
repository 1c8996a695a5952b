/**
 * What the load scenarios measure, in one place: /api/health latency polled during a phase, and figures
 * that do not depend on what else the machine runs: the server's main-thread CPU (Linux
 * /proc/<pid>/task/<pid>/stat: the event loop's own thread, not the worker pools) and its resident memory.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import type { LoopCpuFigures } from './loopCpuMonitor.mjs';

/** The server loop's turns in CPU ms since the last call (scripts/load/loopCpuMonitor.mjs), null where not measured. */
export type LoopCpu = () => Promise<LoopCpuFigures | null>;

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? null : Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]);
};

/** Polls /api/health (one request at a time, 50 ms apart) until `until()`; the latencies in ms. */
export async function pollHealth(baseUrl: string, until: () => boolean): Promise<number[]> {
  const ms: number[] = [];
  while (!until()) {
    const t = performance.now();
    const res = await fetch(`${baseUrl}/api/health`);
    await res.arrayBuffer();
    ms.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 50));
  }
  return ms;
}

/** Health latencies against the 200 ms p99 target of issues 22 and 27. */
export const healthSummary = (ms: number[]) => {
  const p99 = percentile(ms, 99);
  return { samples: ms.length, p50Ms: percentile(ms, 50), p99Ms: p99, maxMs: percentile(ms, 100), targetP99Ms: 200, met: p99 !== null && p99 < 200 };
};

const clockTicksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU ms (user + system) a /proc stat file counts, or null where it is not there. */
function statCpuMs(file: string): number | null {
  try {
    const stat = readFileSync(file, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicksPerSecond;
  } catch {
    return null;
  }
}

/** CPU ms (user + system) of the process's main thread so far, or null where /proc is not there. */
export const mainThreadCpuMs = (pid: number | undefined): number | null => (pid === undefined ? null : statCpuMs(`/proc/${pid}/task/${pid}/stat`));

/**
 * CPU ms (user + system) of the whole process so far, every thread (event loop, workers, GC), or null
 * where /proc is not there: a count the other load of a shared machine hardly changes, unlike wall time.
 */
export const processCpuMs = (pid: number | undefined): number | null => (pid === undefined ? null : statCpuMs(`/proc/${pid}/stat`));

/** CPU ms (user + system) of each thread of the process so far, by thread id (empty where /proc is not there). */
export function threadCpuMs(pid: number): Map<number, number> {
  const threads = new Map<number, number>();
  let ids: string[] = [];
  try {
    ids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return threads;
  }
  for (const id of ids) {
    const ms = statCpuMs(`/proc/${pid}/task/${id}/stat`);
    if (ms !== null) threads.set(Number(id), ms);
  }
  return threads;
}

/**
 * The CPU each thread spent between two `threadCpuMs` readings of process `pid`, summed in three: the
 * event loop (the thread whose id is the pid), the busiest other thread (on the demo archive, the
 * synthesis worker) and all the others (V8's collector threads, libuv's pool, idle workers).
 */
export function threadCpuSplit(pid: number, before: Map<number, number>, after: Map<number, number>) {
  const spent = [...after].map(([id, ms]) => ({ id, ms: ms - (before.get(id) ?? 0) }));
  const eventLoop = spent.find((t) => t.id === pid)?.ms ?? 0;
  const others = spent.filter((t) => t.id !== pid).sort((a, b) => b.ms - a.ms);
  return { eventLoop, busiestWorker: others[0]?.ms ?? 0, otherThreads: others.slice(1).reduce((sum, t) => sum + t.ms, 0) };
}

/** Main-thread CPU over a phase, in total and per unit of work (null without /proc). */
export function cpuOf(startMs: number | null, endMs: number | null, per: Record<string, number>) {
  if (startMs === null || endMs === null) return null;
  const total = endMs - startMs;
  return { totalMs: Math.round(total), ...Object.fromEntries(Object.entries(per).map(([k, n]) => [k, n > 0 ? Math.round((total / n) * 10) / 10 : null])) };
}

/** Resident memory of a process in MB (VmRSS), or null where /proc is not there. */
export function rssMb(pid: number): number | null {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return kb ? Math.round(Number(kb[1]) / 1024) : null;
  } catch {
    return null;
  }
}
