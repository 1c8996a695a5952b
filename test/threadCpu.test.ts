import { describe, expect, it } from 'vitest';
import { threadCpuMs, threadCpuSplit } from '../scripts/load/measure.js';

/** The benches' CPU by thread (scripts/load/measure.ts), read from /proc/PID/task. */
describe('thread CPU of a server process', () => {
  it('splits the CPU spent between two readings into the event loop, the busiest other thread and the rest', () => {
    const before = new Map([[100, 1_000], [101, 50], [102, 10], [103, 0]]);
    // Thread 104 started between the readings: all its CPU was spent since.
    const after = new Map([[100, 1_400], [101, 2_050], [102, 40], [103, 5], [104, 25]]);
    expect(threadCpuSplit(100, before, after)).toEqual({ eventLoop: 400, busiestWorker: 2_000, otherThreads: 30 + 5 + 25 });
  });

  it.runIf(process.platform === 'linux')('reads every thread of a process, its own id among them, and only ever counts up', () => {
    const first = threadCpuMs(process.pid);
    // Spend some CPU on this thread, so that the second reading differs.
    const until = performance.now() + 50;
    let spin = 0;
    while (performance.now() < until) spin++;
    const second = threadCpuMs(process.pid);
    expect(spin).toBeGreaterThan(0);
    expect(first.has(process.pid)).toBe(true);
    expect(second.get(process.pid)!).toBeGreaterThanOrEqual(first.get(process.pid)!);
    for (const [id, ms] of first) if (second.has(id)) expect(second.get(id)!).toBeGreaterThanOrEqual(ms);
    expect(threadCpuMs(-1).size).toBe(0);
  });
});
