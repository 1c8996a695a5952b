/**
 * Issue 33 item 5, against a server at `baseUrl`: 12 rounds of 4 long streams (two 40-year scene-box
 * statistics streams, two 40-year pixel streams at the default point) opened together and each aborted
 * after 1-2 s, /api/health polled throughout. Per round: health p50/p99/max (target p99 < 200 ms), how
 * long after the LAST abort the heavy queue is idle (target 0.5 s), and the whole process's CPU (event
 * loop and worker threads) in the second after that: work that went on although nobody waits for it.
 * Every stream asks for data no earlier one read (its box or point moved a little), so no round is
 * answered from the statistics or pixel answers an earlier round kept. Figures only: nothing is asserted.
 */
import { healthSummary, percentile, pollHealth, processCpuMs, type LoopCpu } from './measure.js';
import { readStream } from './streamScenarios.js';

const ROUNDS = Number(process.env.CHURN_ROUNDS ?? 12);
const TODAY = new Date().toISOString().slice(0, 10);
/** The default point's scene box (WRS-2 018/028) and the point itself (src/shared/defaults.ts). */
const BOX = { minLon: -80.62435440193119, minLat: 44.965806437353145, maxLon: -77.64312355860082, maxLat: 47.08106202336236 };
const POINT = { lon: -79.2165, lat: 45.3267 };

/** The i-th stream of round r: even ones scene-box statistics, odd ones the pixel series, each moved by (r, i). */
function streamUrl(round: number, i: number): string {
  const shift = (round * 4 + i) * 0.0007;
  const dates = `startDate=1982-08-22&endDate=${TODAY}&cloudCoverage=100&bands=B01,B02,B03,B04,B05`;
  if (i % 2 === 0) return `/api/landsatData/stream?LON_UL=${BOX.minLon + shift}&LAT_UR=${BOX.minLat}&LON_UR=${BOX.maxLon}&LAT_UL=${BOX.maxLat}&${dates}`;
  return `/api/pixel/stream?lat=${POINT.lat + shift}&lon=${POINT.lon}&${dates}`;
}

async function queueActive(baseUrl: string): Promise<number> {
  const health = (await (await fetch(`${baseUrl}/api/health`)).json()) as { queue: { active: number; queued: number } };
  return health.queue.active + health.queue.queued;
}

export async function churnRounds(baseUrl: string, { serverPid, loopCpu = async () => null }: { serverPid?: number; loopCpu?: LoopCpu } = {}) {
  const rounds = [];
  for (let round = 0; round < ROUNDS; round++) {
    await loopCpu();
    let polling = true;
    const health = pollHealth(baseUrl, () => !polling);
    const counts = { items: 0, statuses: {} as Record<string, number> };
    let lastAbortAt = 0;
    await Promise.all(
      Array.from({ length: 4 }, async (_, i) => {
        const c = new AbortController();
        const reading = readStream(baseUrl + streamUrl(round, i), c.signal, counts);
        // 1-2 s, spread over the four (not random: the same schedule every run).
        await new Promise((r) => setTimeout(r, 1000 + ((round * 4 + i) * 277) % 1000));
        c.abort();
        lastAbortAt = Math.max(lastAbortAt, performance.now());
        await reading;
      }),
    );
    let active = await queueActive(baseUrl);
    while (active > 0 && performance.now() - lastAbortAt < 30_000) {
      await new Promise((r) => setTimeout(r, 10));
      active = await queueActive(baseUrl);
    }
    const idleMs = Math.round(performance.now() - lastAbortAt);
    const cpuStart = processCpuMs(serverPid);
    await new Promise((r) => setTimeout(r, 1000));
    const cpuEnd = processCpuMs(serverPid);
    polling = false;
    const h = healthSummary(await health);
    // The loop's longest turns in CPU ms (scripts/load/loopCpuMonitor.mjs): what the server itself held it for, whatever the machine's other load.
    const loop = await loopCpu();
    rounds.push({ round: round + 1, loop, answers: counts.statuses, itemsStreamed: counts.items, health: h, queueIdleMsAfterLastAbort: idleMs, processCpuMsInTheSecondAfter: cpuStart === null || cpuEnd === null ? null : cpuEnd - cpuStart });
  }
  const p99s = rounds.map((r) => r.health.p99Ms ?? Infinity);
  const idles = rounds.map((r) => r.queueIdleMsAfterLastAbort);
  const spread = (xs: number[]) => ({ min: Math.min(...xs), median: percentile(xs, 50), max: Math.max(...xs) });
  return {
    rounds: ROUNDS,
    healthP99Ms: spread(p99s),
    queueIdleMsAfterLastAbort: spread(idles),
    targets: { healthP99Ms: 200, queueIdleMs: 500 },
    met: { healthEveryRound: p99s.every((p) => p < 200), queueIdleEveryRound: idles.every((ms) => ms <= 500) },
    perRound: rounds,
  };
}
