// The event loop's blocks measured in CPU, not wall time: a 10 ms timer reads the main thread's own
// on-CPU nanoseconds (Linux /proc/thread-self/schedstat, first field) at every tick; the CPU spent between
// two ticks bounds what one turn of the loop did before the timer (or a health request) got its turn.
// On a machine shared with other work, wall-clock delays grow with every other runnable thread; this
// figure does not. Loaded into the server process by the load scenarios (`--import`, see
// scripts/load/serverProcess.ts): SIGUSR2 writes the figures since the last signal to
// LOAD_LOOP_MONITOR_FILE as JSON and starts over. Where /proc is missing it does nothing.
import { readFileSync, writeFileSync } from 'node:fs';

const TICK_MS = 10;

/** Starts measuring; `take()` gives the figures since the last take (or the start) and starts over. */
export function createLoopCpuMonitor() {
  const cpuNs = () => {
    try {
      return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]);
    } catch {
      return null;
    }
  };
  if (cpuNs() === null) return { take: () => null, stop: () => {} };
  let gapsCpuMs = [];
  let maxWallMs = 0;
  let lastCpu = cpuNs();
  let lastWall = performance.now();
  const timer = setInterval(() => {
    const cpu = cpuNs();
    const wall = performance.now();
    gapsCpuMs.push((cpu - lastCpu) / 1e6);
    maxWallMs = Math.max(maxWallMs, wall - lastWall - TICK_MS);
    lastCpu = cpu;
    lastWall = wall;
  }, TICK_MS);
  timer.unref();
  return {
    take() {
      const sorted = gapsCpuMs.sort((a, b) => a - b);
      const at = (p) => (sorted.length === 0 ? null : Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] * 10) / 10);
      const figures = { ticks: sorted.length, tickMs: TICK_MS, loopTurnCpuMs: { p50: at(0.5), p99: at(0.99), max: at(1) }, totalCpuMs: Math.round(sorted.reduce((a, b) => a + b, 0)), maxWallDelayMs: Math.round(maxWallMs) };
      gapsCpuMs = [];
      maxWallMs = 0;
      return figures;
    },
    stop: () => clearInterval(timer),
  };
}

const file = process.env.LOAD_LOOP_MONITOR_FILE;
if (file) {
  const monitor = createLoopCpuMonitor();
  process.on('SIGUSR2', () => writeFileSync(file, JSON.stringify(monitor.take())));
}
