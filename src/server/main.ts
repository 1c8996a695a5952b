import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';

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
  // The demo archive indexes its coastlines (~0.4 s of CPU in one turn) right after start: done before
  // the server answers, so the first requests' /api/health is not held behind it (issue 27).
  await (app.ctx.catalog as { ready?: Promise<void> }).ready;
  await app.listen({ port: config.PORT, host: config.HOST });
  const source = app.ctx.catalog;
  app.log.info(`Landsat On the Fly at http://localhost:${config.PORT} — source: ${source.name}${source.synthetic ? ' (SYNTHETIC demo data)' : ''}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
