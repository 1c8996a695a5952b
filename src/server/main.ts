import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DEFAULT_POINT } from '../shared/defaults.js';
import { inflateEngine } from '../core/raster/nativeInflate.mjs';
import { warmUpAreaCode } from '../core/area/areaWarmUp.js';
import type { DemoCatalog } from '../core/demo/createDemoCatalog.js';

/**
 * First-use costs paid before the server answers, so that the first requests' /api/health is not held
 * behind them (issue 27: a fresh server under four long streams had loop turns of 0.1-0.9 s): the demo
 * archive's coastline index (~0.4 s of CPU in one turn), then one small statistics request through
 * the real route, which starts the worker threads (demo synthesis, window statistics) and compiles
 * the code of the statistics path; with WARM_UP=full (the default) then one request over the whole
 * record (LONG_RECORD_WARM_UP). On an archive of COGs, with WARM_UP=full, areas over an archive of
 * its own in memory (warmUpArchiveAreas). A failure here only costs the warm-up: it is logged, not fatal.
 */
async function warmUp(app: Awaited<ReturnType<typeof buildApp>>, full: boolean): Promise<void> {
  const started = performance.now();
  await (app.ctx.catalog as { ready?: Promise<void> }).ready;
  let request: Promise<void>;
  if (app.ctx.catalog.name !== 'demo') {
    if (!full) return;
    request = warmUpArchiveAreas(app, started);
  } else {
    const { lat, lon } = DEFAULT_POINT;
    // A 4 km box over ten days: a scene or two, a few tiles, big enough (over 64 x 64 px) for the statistics worker.
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const small = { lat, lon, halfWidthDeg: 0.02, halfHeightDeg: 0.02, startDate: day(40), endDate: day(30), bands: 'B04,B05', cloudCoverage: 100 };
    request = warmUpRequest(app, small, started, 'warm-up done', 'warm-up request failed; the first requests pay for it').then(() =>
      full ? warmUpLongRecord(app, app.ctx.catalog as DemoCatalog) : undefined,
    );
  }
  // Start-up stays short on a machine short of CPU: past WARM_UP_MAX_MS the server listens and the requests finish beside it.
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([request, new Promise<void>((resolve) => (timer = setTimeout(resolve, WARM_UP_MAX_MS)))]);
  clearTimeout(timer);
}

/**
 * WARM_UP=full on an archive of COGs: areas over the warm-up's own archive in memory (areaWarmUp.ts),
 * nothing read from the server's. ~1 s on this 2-core machine; the first area a person asks then meets
 * compiled code (docs/performance.md, twentieth round).
 */
function warmUpArchiveAreas(app: Awaited<ReturnType<typeof buildApp>>, started: number): Promise<void> {
  return warmUpAreaCode().then(
    ({ full, year }) => app.log.info({ ms: Math.round(performance.now() - started), scenes: full.scenes.length + year.scenes.length }, 'archive warm-up done'),
    (err: unknown) => app.log.warn({ err }, 'archive warm-up failed; the first area pays for it'),
  );
}

/**
 * WARM_UP=full: the whole record (1982-08-22 to today) of a box the size of a WRS-2 scene's (what the
 * page asks by default) around the Chiemsee, Bavaria (lakes, forest, fields and the Alps' snow), cloud
 * cover up to 50 %, elsewhere than the default point. Its search computes the cloud percents of every
 * candidate on the event loop, and the plain answer counts its newest 100 scenes (MAX_SCENES), on the
 * event loop and in the worker, at the overview a long series reads: code the small request above does
 * not run. Each thread's V8 compiles its hot functions as the work goes, and a function compiled before
 * one of its branches ever ran (a percent-only cloud build after full ones, a sparse read after dense
 * ones) is thrown away when that branch runs, and compiled again. Measured on this machine (2 cores,
 * docs/performance.md, twelfth round): without it the first 40-year statistics after a year elsewhere
 * spent ~1.1-1.3 s of V8's helper threads compiling (buildSceneClouds thrown away 45-95 times), with it ~0.7 s;
 * the 40-year journey in the page took 5.3-5.4 s against 6.4 s. It holds the start ~1.7 s more. Run
 * after listening instead, it slowed the first users' journeys (five years in the page 5.0-5.3 s against
 * 3.8 s); run as the whole stream, it outlasted WARM_UP_MAX_MS and slowed the next requests.
 * Its search keeps no cloud fields for its counts (DemoCatalog.keepSearchedFields), so that the counts
 * build them, on the event loop and in the worker, as every request that finds no kept field does (one
 * at a cloud limit of 100 %, or whose search found the percents known). With the fields kept, its counts
 * all took one, and in the full first-minute bench the one-year journey after start took ~0.2 s longer
 * to its first image (set medians 0.65-0.71 s against 0.40-0.46 s) with ~0.25 s more server CPU: in
 * the next request V8 compiled buildSceneClouds again, 4-5 times at 25-95 ms each (`--trace-opt`; not
 * once after a warm-up keeping none). Which kind of build threw the compiled code away was not pinned
 * down; a keeping warm-up builds every field whole, none for its percent alone. Without, one year is as
 * before and a person's 40-year request keeps its own fields: set medians 4.14-4.67 s in the page
 * against 4.45-4.85 s (docs/performance.md, twenty-third round).
 */
const LONG_RECORD_WARM_UP = { lat: 47.87, lon: 12.45, halfWidthDeg: 1.5, halfHeightDeg: 1.05, startDate: '1982-08-22', cloudCoverage: 50 };

async function warmUpLongRecord(app: Awaited<ReturnType<typeof buildApp>>, catalog: DemoCatalog): Promise<void> {
  const { lat, lon, startDate, cloudCoverage } = LONG_RECORD_WARM_UP;
  app.log.info({ lat, lon, startDate, cloudCoverage }, 'long-record warm-up started');
  const box = { ...LONG_RECORD_WARM_UP, endDate: new Date().toISOString().slice(0, 10), bands: 'B01,B02,B03,B04,B05' };
  catalog.keepSearchedFields(false);
  await warmUpRequest(app, box, performance.now(), 'long-record warm-up done', 'long-record warm-up failed; the first 40-year request pays for it');
  catalog.keepSearchedFields(true);
}

/** One warm-up statistics request through the real route, logged as `done` (status and ms since `started`) or `failed`; never throws. */
function warmUpRequest(
  app: Awaited<ReturnType<typeof buildApp>>,
  q: { lat: number; lon: number; halfWidthDeg: number; halfHeightDeg: number; startDate: string; endDate: string; bands: string; cloudCoverage: number },
  started: number,
  done: string,
  failed: string,
): Promise<void> {
  const { lat, lon, halfWidthDeg: w, halfHeightDeg: h } = q;
  return app
    .inject({
      url: `/api/landsatData?LON_UL=${lon - w}&LAT_UR=${lat - h}&LON_UR=${lon + w}&LAT_UL=${lat + h}&startDate=${q.startDate}&endDate=${q.endDate}&bands=${q.bands}&cloudCoverage=${q.cloudCoverage}`,
      // Not loopback (inject's default): the rate limit would count this against a local user's minute.
      // 0.0.0.0 is never a peer's address.
      remoteAddress: '0.0.0.0',
    })
    .then(
      (res) => app.log.info({ status: res.statusCode, ms: Math.round(performance.now() - started) }, done),
      (err: unknown) => app.log.warn({ err }, failed),
    );
}

/** Longest the warm-up holds the start (it took 2.8 and 4.3 s in two starts at load average ~12 on 2 cores). */
const WARM_UP_MAX_MS = 5_000;

/** Entry point: validate configuration, build the app, listen, and shut down cleanly on signals. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const app = await buildApp(config);
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await warmUp(app, config.WARM_UP === 'full');
  await app.listen({ port: config.PORT, host: config.HOST });
  const source = app.ctx.catalog;
  app.log.info(`Landsat On the Fly at http://localhost:${config.PORT} — source: ${source.name}${source.synthetic ? ' (SYNTHETIC demo data)' : ''}`);
  const inflate = inflateEngine();
  if (inflate.engine === 'libdeflate') app.log.info("archive tiles inflate with libdeflate (native/deflate)");
  else app.log.warn(`archive tiles inflate with node's zlib, about half as fast: ${inflate.reason}. Install a C compiler and libdeflate-dev, then run \`npm rebuild\`.`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
