import path from 'node:path';
import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { FIXTURE_CATALOG_DIR } from './fixturePaths.js';

/** An app on the real fixture catalogue with an in-memory store, no scheduler, no logs. */
export async function buildTestApp(env: Record<string, string> = {}, overrides: BuildAppOptions = {}): Promise<FastifyInstance> {
  return buildApp(
    loadConfig({
      LANDSAT_SOURCE: `local:${FIXTURE_CATALOG_DIR}`,
      DATABASE_PATH: ':memory:',
      OUTBOX_DIR: path.join(os.tmpdir(), `landsat-otf-outbox-${process.pid}`),
      STATIC_DIR: path.join(os.tmpdir(), 'landsat-otf-no-static'),
      SCHEDULER_INTERVAL_MS: '0',
      LOG_LEVEL: 'silent',
      ...env,
    }),
    overrides,
  );
}
