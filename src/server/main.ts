import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DEFAULT_POINT } from '../shared/defaults.js';
import { inflateEngine } from '../core/raster/nativeInflate.mjs';

/**
 * First-use costs paid before the server answers, so that the first requests' /api/health is not held
 * behind them (issue 27: a fresh server under four long streams had loop turns of 0.1-0.9 s): the demo
 * archive's coastline index (~0.4 s of CPU in one turn), then one small statistics request through
 * the real route, which starts the worker threads (demo synthesis, window statistics) and compiles
 * the code of the statistics path. A failure here only costs the warm-up: it is logged, not fatal.
 */
async function warmUp(app: Awaited<ReturnType<typeof buildApp>>): Promise<void> {
  const started = performance.now();
  await (app.ctx.catalog as { ready?: Promise<void> }).ready;
  if (app.ctx.catalog.name !== 'demo') return;
  const { lat, lon } = DEFAULT_POINT;
  // A 4 km box over ten days: a scene or two, a few tiles, big enough (over 64 x 64 px) for the statistics worker.
  const d = 0.02;
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const request = app
    .inject({
      url: `/api/landsatData?LON_UL=${lon - d}&LAT_UR=${lat - d}&LON_UR=${lon + d}&LAT_UL=${lat + d}&startDate=${day(40)}&endDate=${day(30)}&bands=B04,B05&cloudCoverage=100`,
      // Not loopback (inject's default): the rate limit would count this against a local user's minute.
      // 0.0.0.0 is never a peer's address.
      remoteAddress: '0.0.0.0',
    })
    .then(
      (res) => app.log.info({ status: res.statusCode, ms: Math.round(performance.now() - started) }, 'warm-up done'),
      (err: unknown) => app.log.warn({ err }, 'warm-up request failed; the first requests pay for it'),
    );
  // Start-up stays short on a machine short of CPU: past WARM_UP_MAX_MS the server listens and the request finishes beside it.
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([request, new Promise<void>((resolve) => (timer = setTimeout(resolve, WARM_UP_MAX_MS)))]);
  clearTimeout(timer);
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
  await warmUp(app);
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
