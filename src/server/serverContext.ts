import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import { createBlockCache, type BlockCache } from '../core/raster/blockCache.js';
import { createSceneCatalog } from '../core/stac/createSceneCatalog.js';
import type { SceneCatalog } from '../core/stac/sceneCatalog.js';
import { createDemoCatalog } from '../core/demo/createDemoCatalog.js';
import { createLandsatService, type LandsatService } from '../core/landsat/landsatService.js';
import { createGazetteer, type Gazetteer } from '../core/geocode/gazetteer.js';
import { createNotificationWiring, type NotificationWiring } from './notificationWiring.js';

/** Everything the routes share, built once per app from the configuration. */
export interface ServerContext {
  config: Config;
  catalog: SceneCatalog;
  cache: BlockCache;
  landsat: LandsatService;
  /** Loaded on first use: the city list costs ~0.5 s and ~50 MB, which a server that never geocodes need not pay. */
  gazetteer(): Gazetteer;
  notifications: NotificationWiring['service'] | null;
  close(): Promise<void>;
}

export interface ServerContextOverrides {
  catalog?: SceneCatalog;
  fetch?: typeof fetch;
  clock?: { now(): Date };
}

export async function createServerContext(config: Config, overrides: ServerContextOverrides, log: FastifyBaseLogger): Promise<ServerContext> {
  const catalog =
    overrides.catalog ??
    (await createSceneCatalog(config.LANDSAT_SOURCE, {
      fetch: overrides.fetch,
      timeoutMs: config.UPSTREAM_TIMEOUT_MS,
      demo: () => createDemoCatalog({ dir: config.DEMO_DIR }),
    }));
  log.info({ source: catalog.name, synthetic: catalog.synthetic }, 'Landsat source ready');
  const cache = createBlockCache({ maxBytes: config.BLOCK_CACHE_MB * 1024 * 1024 });
  const landsat = createLandsatService({ catalog, cache, maxScenes: config.MAX_SCENES });
  let gazetteer: Gazetteer | null = null;
  const notifications = await createNotificationWiring(config, catalog, log, overrides.clock);
  return {
    config,
    catalog,
    cache,
    landsat,
    gazetteer: () => (gazetteer ??= createGazetteer()),
    notifications: notifications?.service ?? null,
    async close() {
      await notifications?.close();
    },
  };
}
