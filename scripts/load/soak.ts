/**
 * Issue 27 item 1's mixed soak (`LOAD_SOAK_MINUTES=10 npm run load`): for that long, against the real server
 * as its own process with the README's heap setting (scripts/load/serverProcess.ts), several clients at
 * once, each at seeded random places on land (the same places every run):
 * - 2 asking 6-month `/api/pixel` series (the heap-limit finding of issue 27),
 * - 1 asking full `/api/landsatImage`s of 0.3° boxes,
 * - 1 opening a long `/api/landsatData/stream` (0.3° box from 2013, eight bands) and leaving after 1-6 s,
 * - 1 asking `/api/landsat3x3`,
 * - 1 posting 200-site `/api/sites` batches (two months),
 * while /api/health is polled and the server's resident memory (VmRSS) is sampled every 250 ms.
 * Reports peak RSS (target < 700 MB) and each minute's, how every request was answered, health
 * latency, and whether the server is still up at the end. Figures only, nothing asserted.
 */
import { healthSummary, pollHealth, rssMb } from './measure.js';
import { readStream } from './streamScenarios.js';

/** Boxes (lon/lat, west, south, east, north) mostly over land, on several continents. */
const LAND: [number, number, number, number][] = [
  [-100, 35, -88, 44],
  [-60, -15, -48, -5],
  [0, 45, 20, 52],
  [20, -20, 30, 0],
  [75, 20, 85, 27],
  [110, 28, 120, 35],
  [135, -30, 145, -22],
];

/** xorshift32, seeded: the same places every run. */
export function random(seed: number) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 2 ** 32;
  };
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

export async function soak(baseUrl: string, serverPid: number, minutes: number, serverExit: () => unknown) {
  const endAt = performance.now() + minutes * 60_000;
  const running = () => performance.now() < endAt && !serverExit();
  const answers: Record<string, Record<string, number>> = {};
  const count = (client: string, status: string) => {
    answers[client] ??= {};
    answers[client][status] = (answers[client][status] ?? 0) + 1;
  };

  const startedAt = performance.now();
  const rssByMinute: number[] = [];
  let peakRss = 0;
  const sampler = setInterval(() => {
    const rss = rssMb(serverPid);
    if (rss === null) return;
    peakRss = Math.max(peakRss, rss);
    const minute = Math.floor((performance.now() - startedAt) / 60_000);
    rssByMinute[minute] = Math.max(rssByMinute[minute] ?? 0, rss);
  }, 250);

  /** One client: `next()` gives its next request, asked again and again until the soak ends. */
  const client = (name: string, seed: number, next: (rand: () => number) => { url: string; init?: RequestInit; leaveAfterMs?: number }) =>
    (async () => {
      const rand = random(seed);
      while (running()) {
        const { url, init, leaveAfterMs } = next(rand);
        if (leaveAfterMs !== undefined) {
          const leave = new AbortController();
          const counts = { items: 0, statuses: {} as Record<string, number> };
          const reading = readStream(baseUrl + url, leave.signal, counts);
          await new Promise((r) => setTimeout(r, leaveAfterMs));
          leave.abort();
          await reading;
          for (const status of Object.keys(counts.statuses)) count(name, status);
          continue;
        }
        try {
          const res = await fetch(baseUrl + url, { ...init, signal: AbortSignal.timeout(120_000) });
          await res.arrayBuffer();
          count(name, String(res.status));
          // A refused client waits as Retry-After says, as the page does.
          if (res.status === 503) await new Promise((r) => setTimeout(r, 1000 * Number(res.headers.get('retry-after') ?? 1)));
        } catch (err) {
          count(name, (err as Error).name);
        }
      }
    })();

  const place = (rand: () => number) => {
    const [w, s, e, n] = LAND[Math.floor(rand() * LAND.length)];
    return { lon: Math.round((w + rand() * (e - w)) * 1e4) / 1e4, lat: Math.round((s + rand() * (n - s)) * 1e4) / 1e4 };
  };
  const box = (rand: () => number, half: number) => {
    const { lon, lat } = place(rand);
    return `LON_UL=${lon - half}&LAT_UR=${lat - half}&LON_UR=${lon + half}&LAT_UL=${lat + half}`;
  };
  const now = Date.now();
  const sixMonths = (rand: () => number) => {
    const end = now - Math.floor(rand() * 4 * 365) * DAY_MS;
    return `startDate=${day(end - 182 * DAY_MS)}&endDate=${day(end)}`;
  };

  const clients = [
    client('pixelSeries', 1, (rand) => {
      const p = place(rand);
      return { url: `/api/pixel?lat=${p.lat}&lon=${p.lon}&${sixMonths(rand)}&cloudCoverage=100` };
    }),
    client('pixelSeries', 2, (rand) => {
      const p = place(rand);
      return { url: `/api/pixel?lat=${p.lat}&lon=${p.lon}&${sixMonths(rand)}&cloudCoverage=100` };
    }),
    client('image', 3, (rand) => ({ url: `/api/landsatImage?${box(rand, 0.15)}&startDate=${day(now - 90 * DAY_MS)}&endDate=${day(now)}&cloudCoverage=100&bands=B04,B03,B02` })),
    client('streamLeft', 4, (rand) => ({
      url: `/api/landsatData/stream?${box(rand, 0.15)}&startDate=2013-04-01&endDate=${day(now)}&bands=B01,B02,B03,B04,B05,B06,B07,B10&cloudCoverage=100`,
      leaveAfterMs: 1000 + Math.floor(rand() * 5000),
    })),
    client('threeByThree', 5, (rand) => {
      const p = place(rand);
      const around = `LON_UL=${p.lon - 0.01}&LAT_UR=${p.lat - 0.01}&LON_UR=${p.lon + 0.01}&LAT_UL=${p.lat + 0.01}`;
      return { url: `/api/landsat3x3?latitude=${p.lat}&longitude=${p.lon}&${around}&startDate=${day(now - 90 * DAY_MS)}&endDate=${day(now)}&cloudCoverage=100` };
    }),
    client('sites', 6, (rand) => {
      const p = place(rand);
      const sites = Array.from({ length: 200 }, (_, i) => ({ id: `s${i}`, lat: Math.round((p.lat + rand() * 0.5) * 1e5) / 1e5, lon: Math.round((p.lon + rand() * 0.5) * 1e5) / 1e5 }));
      const body = JSON.stringify({ sites, startDate: day(now - 60 * DAY_MS), endDate: day(now), cloudCoverage: 100, bands: ['B04', 'B05'] });
      return { url: '/api/sites', init: { method: 'POST', headers: { 'content-type': 'application/json', accept: 'text/csv' }, body } };
    }),
  ];
  // Each minute, where the memory is (the server's own metrics): V8 heap, buffers, block cache.
  const breakdown: Record<string, number>[] = [];
  const snapshot = async () => {
    try {
      const text = await (await fetch(`${baseUrl}/api/metrics`)).text();
      const mb = (name: string) => {
        const m = new RegExp(`^landsat_${name}(?:\\{[^}]*\\})? ([0-9.e+]+)$`, 'm').exec(text);
        return m ? Math.round(Number(m[1]) / 2 ** 20) : -1;
      };
      breakdown.push({ minute: Math.round((performance.now() - startedAt) / 60_000), rss: rssMb(serverPid) ?? -1, heapUsed: mb('nodejs_heap_size_used_bytes'), heapTotal: mb('nodejs_heap_size_total_bytes'), external: mb('nodejs_external_memory_bytes'), blockCache: mb('block_cache_bytes') });
    } catch {
      // the server is busy or gone: the next minute tells
    }
  };
  const snapshots = setInterval(() => void snapshot(), 60_000);
  const health = await pollHealth(baseUrl, () => !running());
  clearInterval(snapshots);
  await snapshot();
  await Promise.all(clients);
  clearInterval(sampler);
  return {
    minutes,
    clients: clients.length,
    answers,
    health: healthSummary(health),
    peakRssMb: { max: peakRss, target: 700, met: peakRss > 0 && peakRss < 700, byMinute: rssByMinute },
    rssMbAtEnd: rssMb(serverPid),
    memoryByMinuteMb: breakdown,
    serverExit: serverExit() ?? null,
  };
}
