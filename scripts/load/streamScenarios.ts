/**
 * Issue 27 item 2 scenarios, against a server at `baseUrl` (the load script's, or a real process):
 * 1. `streams`: 4 long /api/landsatData/stream answers (0.5° box, 2013 on, eight bands) while
 *    /api/health is polled: health latency p50/p99/max against the 200 ms target.
 * 2. `abortStop`: those streams aborted; how long until the heavy-work queue is empty again (target 0.5 s).
 * 3. `churn`: 4 clients opening a stream and aborting it after 300 ms, over and over, health polled.
 * Figures only: the verdict is `met` per target, nothing is asserted here.
 *
 * Latency on a shared machine measures the other tenants as much as the server, so each phase also
 * reports the server's main-thread CPU (Linux: /proc/<pid>/task/<pid>/stat, the event loop's own
 * thread, not the worker pools), per stream and per scene streamed: what the loop itself does for
 * that work, whatever else the cores run. With `serverPid` the load script's own process (the
 * in-process server), that figure also holds the client's reading of the streams.
 */
import { cpuOf, healthSummary as summary, mainThreadCpuMs, pollHealth, type LoopCpu } from './measure.js';
import { ndjsonLines } from '../ndjsonLines.js';

export const LONG_STREAM = '/api/landsatData/stream?LON_UL=-79.5&LAT_UR=45.1&LON_UR=-79&LAT_UL=45.6&startDate=2013-04-01&endDate=2026-11-01&bands=B01,B02,B03,B04,B05,B06,B07,B10&cloudCoverage=100';

async function queueActive(baseUrl: string): Promise<number> {
  return ((await (await fetch(`${baseUrl}/api/health`)).json()) as { queue: { active: number } }).queue.active;
}

/** Opens a stream and reads it until `signal` aborts or it ends; counts the scenes (item lines) it got and how it was answered. */
export async function readStream(url: string, signal: AbortSignal, counts: { items: number; statuses: Record<string, number> }): Promise<void> {
  try {
    const res = await fetch(url, { signal });
    counts.statuses[res.status] = (counts.statuses[res.status] ?? 0) + 1;
    for await (const line of ndjsonLines(res.body!)) if (line.startsWith('{"type":"item"')) counts.items += 1;
  } catch {
    // aborted: what the scenario does on purpose
  }
}

export async function streamScenarios(
  baseUrl: string,
  { streamSeconds = 10, churnSeconds = 10, serverPid, loopCpu = async () => null }: { streamSeconds?: number; churnSeconds?: number; serverPid?: number; loopCpu?: LoopCpu } = {},
) {
  // 1. Four long streams, health polled.
  const controllers = Array.from({ length: 4 }, () => new AbortController());
  const streamCounts = { items: 0, statuses: {} as Record<string, number> };
  await loopCpu();
  const streamsCpuStart = mainThreadCpuMs(serverPid);
  const streams = controllers.map((c) => readStream(baseUrl + LONG_STREAM, c.signal, streamCounts));
  const streamsEndAt = performance.now() + streamSeconds * 1000;
  const streamHealth = await pollHealth(baseUrl, () => performance.now() > streamsEndAt);
  const streamsCpuEnd = mainThreadCpuMs(serverPid);
  const streamsLoop = await loopCpu();
  const activeBeforeAbort = await queueActive(baseUrl);

  // 2. Abort them: time until the queue holds none of their work, and what the loop still does after.
  const abortedAt = performance.now();
  controllers.forEach((c) => c.abort());
  await Promise.all(streams);
  let active = await queueActive(baseUrl);
  while (active > 0 && performance.now() - abortedAt < 30_000) {
    await new Promise((r) => setTimeout(r, 20));
    active = await queueActive(baseUrl);
  }
  const stopMs = Math.round(performance.now() - abortedAt);
  const idleCpuStart = mainThreadCpuMs(serverPid);
  await new Promise((r) => setTimeout(r, 1000));
  const idleCpuEnd = mainThreadCpuMs(serverPid);

  // 3. Open-and-abort churn by 4 clients.
  let churning = true;
  let opened = 0;
  const churnCounts = { items: 0, statuses: {} as Record<string, number> };
  await loopCpu();
  const churnCpuStart = mainThreadCpuMs(serverPid);
  const churners = Array.from({ length: 4 }, async () => {
    while (churning) {
      const c = new AbortController();
      opened += 1;
      const reading = readStream(baseUrl + LONG_STREAM, c.signal, churnCounts);
      await new Promise((r) => setTimeout(r, 300));
      c.abort();
      await reading;
    }
  });
  const churnEndAt = performance.now() + churnSeconds * 1000;
  const churnHealth = await pollHealth(baseUrl, () => performance.now() > churnEndAt);
  churning = false;
  await Promise.all(churners);
  const churnCpuEnd = mainThreadCpuMs(serverPid);
  const churnLoop = await loopCpu();

  return {
    longStreams: {
      streams: 4,
      seconds: streamSeconds,
      queueActiveBeforeAbort: activeBeforeAbort,
      scenesStreamed: streamCounts.items,
      health: summary(streamHealth),
      mainThreadCpu: cpuOf(streamsCpuStart, streamsCpuEnd, { perStreamMs: 4, perSceneMs: streamCounts.items }),
      loop: streamsLoop,
    },
    abortStop: {
      msUntilQueueEmpty: stopMs,
      targetMs: 500,
      met: stopMs <= 500,
      mainThreadCpuMsInTheSecondAfter: idleCpuStart === null || idleCpuEnd === null ? null : Math.round(idleCpuEnd - idleCpuStart),
    },
    churn: {
      clients: 4,
      seconds: churnSeconds,
      streamsOpenedAndAborted: opened,
      answers: churnCounts.statuses,
      scenesStreamed: churnCounts.items,
      health: summary(churnHealth),
      mainThreadCpu: cpuOf(churnCpuStart, churnCpuEnd, { perStreamOpenedMs: opened }),
      loop: churnLoop,
    },
  };
}
