/**
 * Issue 33's area journey in the real page, on the embedded demo archive (a fresh `npm start`-like
 * server, headless Chromium at 1440 px): a 2,500 km² square around the seed's default point, the last
 * twelve months at cloud 100 %, uploaded as GeoJSON in the Area statistics panel, Measure clicked (t0).
 * It records when "scene N of M" first shows, then a point Fetch by another person in another page
 * while the area runs (time to its image and to every chart), the area's rate (scenes a second, server
 * CPU a scene), and either its end or, past AREA_JOURNEY_MAX_S (default 120 s), the Cancel: the time
 * from the click until the server's heavy queue is idle (/api/health). Run alone:
 * `npx tsx scripts/bench/areaJourney.ts` (AREA_JOURNEY_RUNS=n, default 1).
 */
import os from 'node:os';
import path from 'node:path';
import { mkdtemp, rm } from 'node:fs/promises';
import { chromium } from 'playwright-core';
import { DEFAULT_POINT } from '../../src/shared/defaults.js';
import { openPage, serverCpuMs, spread, startServer, stopServer, timeResults } from './firstMinute.js';
import { runAsScript } from './runAsScript.js';

const RUNS = Number(process.env.AREA_JOURNEY_RUNS ?? 1);
const MAX_MS = Number(process.env.AREA_JOURNEY_MAX_S ?? 120) * 1000;
const log = (msg: string) => process.stderr.write(`${msg}\n`);
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** A square of `km` x `km` around the default point, as a GeoJSON file's text. */
function squareGeoJson(km: number): string {
  const dLat = km / 2 / 111.32;
  const dLon = km / 2 / (111.32 * Math.cos((DEFAULT_POINT.lat * Math.PI) / 180));
  const [x, y] = [DEFAULT_POINT.lon, DEFAULT_POINT.lat];
  const ring = [[x - dLon, y - dLat], [x + dLon, y - dLat], [x + dLon, y + dLat], [x - dLon, y + dLat], [x - dLon, y - dLat]];
  return JSON.stringify({ type: 'Feature', properties: { name: '2,500 km² square' }, geometry: { type: 'Polygon', coordinates: [ring] } });
}

async function queueActive(baseUrl: string): Promise<number> {
  return ((await (await fetch(`${baseUrl}/api/health`)).json()) as { queue: { active: number } }).queue.active;
}

export async function benchAreaJourney() {
  const tmpDir = await mkdtemp(path.join(os.tmpdir(), 'landsat-bench-area-'));
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'] });
  const firstProgressMs: number[] = [];
  const pointImageMs: number[] = [];
  const pointChartsMs: number[] = [];
  const scenesPerSecond: number[] = [];
  const cpuMsPerScene: number[] = [];
  const finishedMs: number[] = [];
  const cancelToIdleMs: number[] = [];
  const loadAverages: number[] = [];
  let total = 0;
  try {
    for (let run = 0; run < RUNS; run++) {
      const { child, baseUrl } = await startServer(tmpDir);
      try {
        log(`area journey, run ${run + 1}/${RUNS}...`);
        const end = new Date();
        const start = new Date(end.getTime() - 365 * 86_400_000);
        const dates = `startDate=${isoDay(start)}&endDate=${isoDay(end)}&cloud=100`;
        const page = await openPage(browser, `${baseUrl}/?${dates}`);
        const section = page.getByRole('region', { name: 'Area statistics' });
        await section.scrollIntoViewIfNeeded();
        await section.getByLabel('Polygon file').setInputFiles({ name: 'square.geojson', mimeType: 'application/geo+json', buffer: Buffer.from(squareGeoJson(49.9)) });
        const cpuBefore = await serverCpuMs(child);
        const t0 = performance.now();
        await section.getByRole('button', { name: 'Measure the area' }).click();
        const status = page.locator('.area-progress');
        await page.waitForFunction(() => /scene \d+ of \d+/.test(document.querySelector('.area-progress')?.textContent ?? ''), undefined, { polling: 50, timeout: 300_000 });
        firstProgressMs.push(performance.now() - t0);
        total = Number(/of (\d+)/.exec((await status.textContent()) ?? '')?.[1]);

        // Another person's point Fetch while the area runs.
        const other = await openPage(browser, `${baseUrl}/?${dates}`);
        const point = await timeResults(other, () => other.getByRole('button', { name: 'Fetch Data' }).click());
        pointImageMs.push(point.imageMs);
        pointChartsMs.push(point.chartsMs);
        await other.context().close();

        const finished = page
          .waitForFunction(() => document.querySelector('.area-result') !== null, undefined, { polling: 200, timeout: MAX_MS })
          .then(() => true)
          .catch(() => false);
        const done = await finished;
        const elapsed = performance.now() - t0;
        const doneScenes = done ? total : Number(/scene (\d+) of/.exec((await status.textContent()) ?? '')?.[1] ?? 0);
        const cpuAfter = await serverCpuMs(child);
        scenesPerSecond.push(doneScenes / (elapsed / 1000));
        if (cpuBefore !== null && cpuAfter !== null && doneScenes > 0) cpuMsPerScene.push((cpuAfter - cpuBefore) / doneScenes);
        loadAverages.push(os.loadavg()[0]);
        if (done) {
          finishedMs.push(elapsed);
        } else {
          const tc = performance.now();
          await section.getByRole('button', { name: 'Cancel' }).click();
          while ((await queueActive(baseUrl)) > 0) await new Promise((r) => setTimeout(r, 20));
          cancelToIdleMs.push(performance.now() - tc);
        }
        await page.context().close();
      } finally {
        await stopServer(child);
      }
    }
  } finally {
    await browser.close();
    await rm(tmpDir, { recursive: true, force: true });
  }
  return {
    what: `2,500 km² square at the seed's default point, last 12 months, cloud 100 %, demo archive, 1440 px Chromium, fresh server; t0 = Measure; past ${MAX_MS / 1000} s the Cancel is clicked`,
    targets: { wholeAreaMs: 10_000, pointFetchDuringAreaMs: 2_000, cancelToIdleMs: 500 },
    scenes: total,
    loadAverage1m: spread(loadAverages.map((l) => l * 10)).median / 10,
    firstProgressMs: spread(firstProgressMs),
    pointFetchDuringArea: { firstImageMs: spread(pointImageMs), everyChartMs: spread(pointChartsMs) },
    scenesPerSecond: spread(scenesPerSecond.map((v) => v * 100)).median / 100,
    serverCpuMsPerScene: cpuMsPerScene.length ? spread(cpuMsPerScene) : null,
    ...(finishedMs.length ? { wholeAreaMs: spread(finishedMs) } : {}),
    ...(cancelToIdleMs.length ? { cancelToIdleMs: spread(cancelToIdleMs) } : {}),
    // From the rate: what the whole area takes on this machine when it was cancelled first.
    wholeAreaEstimateMs: Math.round((total / (scenesPerSecond.reduce((a, b) => a + b, 0) / scenesPerSecond.length)) * 1000),
  };
}

runAsScript(import.meta.url, benchAreaJourney);
