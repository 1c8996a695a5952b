/**
 * Issue 21's default journey, measured in the real page: a fresh server process (as `npm start`
 * runs it, on the embedded demo archive) and headless Chromium. The seed's default point and its
 * last twelve months: Fetch Data at the seed's cloud 0 gives the empty answer, its one button fetches
 * the scenes that exist (t0 = that click): first image, then every chart complete. Then five years
 * at the same cloud limit on another fresh server (t0 = Fetch Data). Then issue 33's forty years: the whole
 * record (1982-08-22 to today) at the default point and cloud limit, on a server that has been running
 * and served other work (a year at another place, fetched in the page first), asked for data it has not
 * read before (t0 = Fetch Data; also when the progress note first shows a scene count). Median and
 * spread over RUNS. `npx tsx scripts/bench/firstMinute.ts` runs this part alone (FIRST_MINUTE_RUNS=n;
 * FIRST_MINUTE_ONLY=forty runs the forty years alone).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { mkdtemp, rm } from 'node:fs/promises';
import { chromium, type Browser, type Page } from 'playwright-core';
import { withServerProcessEnv } from '../serverProcessEnv.mjs';
import { runAsScript } from './runAsScript.js';
import { machineSpeedReport, probeMachineSpeedMs } from './machineSpeed.js';
import { processCpuMs } from '../load/measure.js';

const RUNS = Number(process.env.FIRST_MINUTE_RUNS ?? 3);
const CHROMIUM_PATH = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
/** Issue 21's targets, milliseconds. */
export const FIRST_MINUTE_TARGETS_MS = { firstImage: 2_000, everyChart: 5_000, fiveYears: 10_000, fortyYearsEveryChart: 5_000, fortyYearsFirstProgress: 1_000 };
/** Where the forty-year journey's server works first: a year in the Alps (other scenes, other tiles). */
const OTHER_WORK = { lat: 46.0, lon: 7.75 };
const RECORD_START = '1982-08-22';

const log = (msg: string) => process.stderr.write(`${msg}\n`);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** `npm start`'s server process (its env: malloc tunables, libuv pool), on the demo archive, built page from dist/client. */
export async function startServer(tmpDir: string): Promise<{ child: ChildProcess; baseUrl: string }> {
  const port = await freePort();
  const env = withServerProcessEnv({
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LANDSAT_SOURCE: 'demo',
    DATABASE_PATH: ':memory:',
    OUTBOX_DIR: path.join(tmpDir, 'outbox'),
    SCHEDULER_INTERVAL_MS: '0',
    LOG_LEVEL: process.env.FIRST_MINUTE_LOG_LEVEL ?? 'warn',
  });
  // FIRST_MINUTE_CPU_PROF=dir writes a V8 CPU profile of the server's threads (event loop and workers) per journey.
  const prof = process.env.FIRST_MINUTE_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.FIRST_MINUTE_CPU_PROF)}`] : [];
  // FIRST_MINUTE_NODE_ARGS adds node and V8 flags to the server (e.g. `--single-threaded-gc`), as BENCH_SERVER_NODE_ARGS does for versusGdal.ts.
  const nodeArgs = (process.env.FIRST_MINUTE_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...prof, ...nodeArgs, '--import', 'tsx', path.resolve('src/server/main.ts')], { env, stdio: ['ignore', process.env.FIRST_MINUTE_LOG_LEVEL ? 'inherit' : 'ignore', 'inherit'] });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).status < 500) return { child, baseUrl };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error('the server did not start');
}

/**
 * CPU milliseconds the server process has used (all its threads: event loop and workers), from
 * /proc/<pid>/stat (utime + stime, clock ticks of 10 ms): a count that the other load of a shared
 * machine hardly changes, unlike wall time. null where /proc is missing.
 */
export async function serverCpuMs(child: ChildProcess): Promise<number | null> {
  return processCpuMs(child.pid);
}

export async function stopServer(child: ChildProcess) {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

export async function openPage(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.route('**/*', (route) => (new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort('internetdisconnected')));
  const page = await context.newPage();
  await page.goto(url);
  await page.getByText('Loading map...').waitFor({ state: 'detached', timeout: 60_000 });
  return page;
}

/**
 * Waits until `test` holds in the page, asking every 50 ms with one cheap selector. Not Playwright's
 * getByRole/getByText: they re-run their query over the whole page on every change of it, and the
 * five-year series changes it for seconds: the browser's CPU profile showed half a second of those
 * queries, taken from the two cores the server measured here shares with the browser.
 */
const POLL_MS = 50;
/** How long a journey may take before the bench gives up on it (FIRST_MINUTE_TIMEOUT_MS; the forty years took over 300 s on the shared machine). */
const JOURNEY_TIMEOUT_MS = Number(process.env.FIRST_MINUTE_TIMEOUT_MS ?? 600_000);
export const waitInPage = (page: Page, test: () => boolean) => page.waitForFunction(test, undefined, { polling: POLL_MS, timeout: JOURNEY_TIMEOUT_MS });

/** Milliseconds from `start` until the image is shown and until every chart is complete (the coverage note); to within POLL_MS. */
export async function timeResults(page: Page, start: () => Promise<void>) {
  const t0 = performance.now();
  await start();
  const image = waitInPage(page, () => document.querySelector('img[alt^="Landsat 3 x 3 pixels around"]') !== null).then(() => performance.now() - t0);
  const charts = waitInPage(page, () => /scenes? matched from/.test(document.querySelector('.coverage-note')?.textContent ?? '')).then(() => performance.now() - t0);
  const [imageMs, chartsMs] = await Promise.all([image, charts]);
  const scenes = Number(/(\d+) scenes? matched/.exec((await page.locator('.coverage-note').textContent()) ?? '')?.[1] ?? NaN);
  return { imageMs, chartsMs, scenes };
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The forty-year journey on a fresh server: first a year at OTHER_WORK fetched in the page (code
 * loaded, workers up, caches holding other data), then the default point's whole record at `cloudLimit`.
 */
async function fortyYearsRun(browser: Browser, tmpDir: string, cloudLimit: number) {
  const { child, baseUrl } = await startServer(tmpDir);
  try {
    const today = isoDay(new Date());
    const yearAgo = isoDay(new Date(Date.now() - 365 * 86_400_000));
    const other = await openPage(browser, `${baseUrl}/?lat=${OTHER_WORK.lat}&lon=${OTHER_WORK.lon}&cloud=100&startDate=${yearAgo}&endDate=${today}`);
    await timeResults(other, () => other.getByRole('button', { name: 'Fetch Data' }).click());
    await other.context().close();
    const page = await openPage(browser, `${baseUrl}/?cloud=${cloudLimit}&startDate=${RECORD_START}&endDate=${today}`);
    const cpuBefore = await serverCpuMs(child);
    const t0 = performance.now();
    const progress = waitInPage(page, () => /\d+ of \d+/.test(document.querySelector('.stream-progress')?.textContent ?? '')).then(() => performance.now() - t0, () => NaN);
    const r = await timeResults(page, () => page.getByRole('button', { name: 'Fetch Data' }).click());
    const cpuAfter = await serverCpuMs(child);
    const firstProgressMs = await Promise.race([progress, Promise.resolve(NaN)]);
    await page.context().close();
    return { ...r, firstProgressMs, cpuMs: cpuBefore !== null && cpuAfter !== null ? cpuAfter - cpuBefore : null };
  } finally {
    await stopServer(child);
  }
}
export const spread = (values: number[]) => {
  // A figure a run could not take (NaN: the progress note never showed a count) is left out.
  const xs = values.filter(Number.isFinite);
  const s = [...xs].sort((a, b) => a - b);
  return { median: Math.round(s[Math.floor(s.length / 2)]), min: Math.round(s[0]), max: Math.round(s[s.length - 1]), runs: xs.map(Math.round) };
};

export async function benchFirstMinute() {
  const tmpDir = await mkdtemp(path.join(os.tmpdir(), 'landsat-bench-first-minute-'));
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const oneYear = { emptyMs: [] as number[], imageMs: [] as number[], chartsMs: [] as number[], cpuMs: [] as number[], scenes: 0, cloudLimit: 0 };
  const fiveYears = { imageMs: [] as number[], chartsMs: [] as number[], cpuMs: [] as number[], scenes: 0 };
  const fortyYears = { firstProgressMs: [] as number[], imageMs: [] as number[], chartsMs: [] as number[], cpuMs: [] as number[], speedProbeMs: [] as number[], scenes: 0, timedOut: 0 };
  const onlyForty = process.env.FIRST_MINUTE_ONLY === 'forty';
  try {
    for (let run = 0; run < RUNS && !onlyForty; run++) {
      let { child, baseUrl } = await startServer(tmpDir);
      try {
        log(`first minute, run ${run + 1}/${RUNS}: one year...`);
        const page = await openPage(browser, `${baseUrl}/`);
        const cpuBefore = await serverCpuMs(child);
        const t0 = performance.now();
        await page.getByRole('button', { name: 'Fetch Data' }).click();
        const wayOut = page.locator('.empty-answer button');
        await wayOut.waitFor({ timeout: 300_000 });
        oneYear.emptyMs.push(performance.now() - t0);
        oneYear.cloudLimit = Number(/up to (\d+)% cloud/.exec((await wayOut.textContent()) ?? '')?.[1]);
        const r = await timeResults(page, () => wayOut.click());
        oneYear.imageMs.push(r.imageMs);
        oneYear.chartsMs.push(r.chartsMs);
        const cpuAfter = await serverCpuMs(child);
        if (cpuBefore !== null && cpuAfter !== null) oneYear.cpuMs.push(cpuAfter - cpuBefore);
        oneYear.scenes = r.scenes;
        await page.context().close();
      } finally {
        await stopServer(child);
      }
      ({ child, baseUrl } = await startServer(tmpDir));
      try {
        log(`first minute, run ${run + 1}/${RUNS}: five years...`);
        const end = new Date();
        const start = new Date(end.getTime() - 5 * 365.25 * 86_400_000);
        const page = await openPage(browser, `${baseUrl}/?cloud=${oneYear.cloudLimit}&startDate=${isoDay(start)}&endDate=${isoDay(end)}`);
        const cpuBefore = await serverCpuMs(child);
        const r = await timeResults(page, () => page.getByRole('button', { name: 'Fetch Data' }).click());
        fiveYears.imageMs.push(r.imageMs);
        fiveYears.chartsMs.push(r.chartsMs);
        const cpuAfter = await serverCpuMs(child);
        if (cpuBefore !== null && cpuAfter !== null) fiveYears.cpuMs.push(cpuAfter - cpuBefore);
        fiveYears.scenes = r.scenes;
        await page.context().close();
      } finally {
        await stopServer(child);
      }
    }
    // The one-year journey's cloud limit (the empty answer's way out), or all scenes when it was not run.
    const fortyCloud = onlyForty ? Number(process.env.FIRST_MINUTE_CLOUD ?? 100) : oneYear.cloudLimit;
    for (let run = 0; run < RUNS; run++) {
      log(`first minute, run ${run + 1}/${RUNS}: forty years at cloud <= ${fortyCloud}%...`);
      fortyYears.speedProbeMs.push(probeMachineSpeedMs());
      // A run past the time limit is reported as such (NaN, left out of the spread), not as a failed bench.
      const r = await fortyYearsRun(browser, tmpDir, fortyCloud).catch((err: Error) => {
        log(`  the forty-year journey did not finish: ${err.message}`);
        fortyYears.timedOut += 1;
        return { imageMs: NaN, chartsMs: NaN, scenes: fortyYears.scenes, firstProgressMs: NaN, cpuMs: null };
      });
      fortyYears.firstProgressMs.push(r.firstProgressMs);
      fortyYears.imageMs.push(r.imageMs);
      fortyYears.chartsMs.push(r.chartsMs);
      if (r.cpuMs !== null) fortyYears.cpuMs.push(r.cpuMs);
      fortyYears.scenes = r.scenes;
    }
    (fortyYears as { cloudLimit?: number }).cloudLimit = fortyCloud;
  } finally {
    await browser.close();
    await rm(tmpDir, { recursive: true, force: true });
  }
  const fortyYearsResult = {
    what: `default point, ${RECORD_START} to today, on a server that first served a year at another place in the page`,
    cloudLimit: (fortyYears as { cloudLimit?: number }).cloudLimit,
    scenes: fortyYears.scenes,
    runsPastTimeLimit: fortyYears.timedOut,
    timeLimitMs: JOURNEY_TIMEOUT_MS,
    firstProgressMs: spread(fortyYears.firstProgressMs),
    firstImageMs: spread(fortyYears.imageMs),
    everyChartMs: spread(fortyYears.chartsMs),
    ...(fortyYears.cpuMs.length ? { serverCpuMs: spread(fortyYears.cpuMs) } : {}),
    machineSpeed: machineSpeedReport(fortyYears.speedProbeMs),
  };
  if (onlyForty) return { loadAverage1m: Math.round(os.loadavg()[0] * 10) / 10, targetsMs: FIRST_MINUTE_TARGETS_MS, fortyYears: fortyYearsResult };
  return {
    what: "seed default point, 1440 px Chromium, fresh `npm start`-like server per journey; t0 = the empty answer's button (one year) or Fetch Data (five years)",
    targetsMs: FIRST_MINUTE_TARGETS_MS,
    loadAverage1m: Math.round(os.loadavg()[0] * 10) / 10,
    // serverCpuMs: CPU the server used from t0 until every chart was complete (page loading not included).
    oneYear: { cloudLimit: oneYear.cloudLimit, scenes: oneYear.scenes, emptyAnswerMs: spread(oneYear.emptyMs), firstImageMs: spread(oneYear.imageMs), everyChartMs: spread(oneYear.chartsMs), ...(oneYear.cpuMs.length ? { serverCpuMs: spread(oneYear.cpuMs) } : {}) },
    fiveYears: { cloudLimit: oneYear.cloudLimit, scenes: fiveYears.scenes, firstImageMs: spread(fiveYears.imageMs), everyChartMs: spread(fiveYears.chartsMs), ...(fiveYears.cpuMs.length ? { serverCpuMs: spread(fiveYears.cpuMs) } : {}) },
    fortyYears: fortyYearsResult,
  };
}

runAsScript(import.meta.url, benchFirstMinute);
