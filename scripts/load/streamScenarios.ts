/**
 * Issue 27 item 2 scenarios, against a server at `baseUrl` (the load script's, or a real process):
 * 1. `streams`: 4 long /api/landsatData/stream answers (0.5° box, 2013 on, eight bands) while
 *    /api/health is polled: health latency p50/p99/max against the 200 ms target.
 * 2. `abortStop`: those streams aborted; how long until the heavy-work queue is empty again (target 0.5 s).
 * 3. `churn`: 4 clients opening a stream and aborting it after 300 ms, over and over, health polled.
 * Figures only: the verdict is `met` per target, nothing is asserted here.
 */
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? null : Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]);
};

export const LONG_STREAM = '/api/landsatData/stream?LON_UL=-79.5&LAT_UR=45.1&LON_UR=-79&LAT_UL=45.6&startDate=2013-04-01&endDate=2026-11-01&bands=B01,B02,B03,B04,B05,B06,B07,B10&cloudCoverage=100';

async function pollHealth(baseUrl: string, until: () => boolean): Promise<number[]> {
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

const summary = (ms: number[]) => {
  const p99 = percentile(ms, 99);
  return { samples: ms.length, p50Ms: percentile(ms, 50), p99Ms: p99, maxMs: percentile(ms, 100), targetP99Ms: 200, met: p99 !== null && p99 < 200 };
};

async function queueActive(baseUrl: string): Promise<number> {
  return ((await (await fetch(`${baseUrl}/api/health`)).json()) as { queue: { active: number } }).queue.active;
}

/** Opens a stream and reads it until `signal` aborts or it ends. */
async function readStream(url: string, signal: AbortSignal): Promise<void> {
  try {
    const res = await fetch(url, { signal });
    const reader = res.body!.getReader();
    while (!(await reader.read()).done);
  } catch {
    // aborted: what the scenario does on purpose
  }
}

export async function streamScenarios(baseUrl: string, { streamSeconds = 10, churnSeconds = 10 } = {}) {
  // 1. Four long streams, health polled.
  const controllers = Array.from({ length: 4 }, () => new AbortController());
  const streams = controllers.map((c) => readStream(baseUrl + LONG_STREAM, c.signal));
  const streamsEndAt = performance.now() + streamSeconds * 1000;
  const streamHealth = await pollHealth(baseUrl, () => performance.now() > streamsEndAt);
  const activeBeforeAbort = await queueActive(baseUrl);

  // 2. Abort them: time until the queue holds none of their work.
  const abortedAt = performance.now();
  controllers.forEach((c) => c.abort());
  await Promise.all(streams);
  let active = await queueActive(baseUrl);
  while (active > 0 && performance.now() - abortedAt < 30_000) {
    await new Promise((r) => setTimeout(r, 20));
    active = await queueActive(baseUrl);
  }
  const stopMs = Math.round(performance.now() - abortedAt);

  // 3. Open-and-abort churn by 4 clients.
  let churning = true;
  let opened = 0;
  const churners = Array.from({ length: 4 }, async () => {
    while (churning) {
      const c = new AbortController();
      opened += 1;
      const reading = readStream(baseUrl + LONG_STREAM, c.signal);
      await new Promise((r) => setTimeout(r, 300));
      c.abort();
      await reading;
    }
  });
  const churnEndAt = performance.now() + churnSeconds * 1000;
  const churnHealth = await pollHealth(baseUrl, () => performance.now() > churnEndAt);
  churning = false;
  await Promise.all(churners);

  return {
    longStreams: { streams: 4, seconds: streamSeconds, queueActiveBeforeAbort: activeBeforeAbort, health: summary(streamHealth) },
    abortStop: { msUntilQueueEmpty: stopMs, targetMs: 500, met: stopMs <= 500 },
    churn: { clients: 4, seconds: churnSeconds, streamsOpenedAndAborted: opened, health: summary(churnHealth) },
  };
}
