import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import { createBlockCache, type BlockCache } from '../core/raster/blockCache.js';
import { startMemoryBudget } from './ops/memoryBudget.js';
import { tuneMallocForArchive } from './ops/mallocTuning.js';
import { createSceneCatalog } from '../core/stac/createSceneCatalog.js';
import type { SceneCatalog } from '../core/stac/sceneCatalog.js';
import { createDemoCatalog } from '../core/demo/createDemoCatalog.js';
import { createLandsatService, type LandsatService } from '../core/landsat/landsatService.js';
import type { Gazetteer } from '../core/geocode/gazetteer.js';
import { loadGazetteer } from '../core/geocode/loadGazetteer.js';
import { ApiError } from './apiError.js';
import { createNotificationWiring, type NotificationWiring } from './notificationWiring.js';
import { createSitesReader } from '../core/sites/readSites.js';
import { readSitesSeries } from '../core/sites/readSitesSeries.js';
import { createWorkQueue, type WorkQueue } from './ops/createWorkQueue.js';
import { createArchiveAllowlist } from './ops/createArchiveAllowlist.js';
import { createUpstreamGuard, type UpstreamGuard } from './ops/createUpstreamGuard.js';
import { createMetrics, type Metrics } from './ops/createMetrics.js';

/** Everything the routes share, built once per app from the configuration. */
export interface ServerContext {
  config: Config;
  catalog: SceneCatalog;
  cache: BlockCache;
  landsat: LandsatService;
  /**
   * Loaded on first use, in a worker thread (~2 s of CPU off the event loop; ~20 MB kept), which a
   * server that never geocodes need not pay. Callers during the load wait for it; a failed load is
   * retried by the next call.
   */
  gazetteer(): Promise<Gazetteer>;
  notifications: NotificationWiring['service'] | null;
  /** Which notification store is in use and whether it answers (for /api/health). */
  notificationStore: NotificationWiring['storeStatus'];
  /** Bounds the expensive work (full images, long series) so memory stays bounded under load. */
  heavyQueue: WorkQueue;
  /** Allowlist, circuit breakers and reporting around every archive call. */
  upstream: UpstreamGuard;
  metrics: Metrics;
  close(): Promise<void>;
}

export interface ServerContextOverrides {
  catalog?: SceneCatalog;
  /** A catalogue built on the server's guarded fetch, so its calls are allowlisted, circuit-broken and measured (tests: a stand-in archive). */
  createCatalog?: (fetch: typeof globalThis.fetch) => SceneCatalog | Promise<SceneCatalog>;
  fetch?: typeof fetch;
  clock?: { now(): Date };
  /** Loads the place index (tests: a stand-in that is slow or fails); default loadGazetteer. */
  loadGazetteer?: () => Promise<Gazetteer>;
}

export async function createServerContext(config: Config, overrides: ServerContextOverrides, log: FastifyBaseLogger): Promise<ServerContext> {
  let metrics: Metrics | null = null;
  const upstream = createUpstreamGuard({
    allowlist: createArchiveAllowlist({
      landsatSource: config.LANDSAT_SOURCE,
      archiveHosts: config.ARCHIVE_HOSTS,
      planetaryComputerUrls: [config.PC_STAC_URL, config.PC_SAS_URL],
      injectedCatalog: overrides.catalog !== undefined || overrides.createCatalog !== undefined,
    }),
    fetch: overrides.fetch,
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    failureThreshold: config.CIRCUIT_FAILURES,
    openMs: config.CIRCUIT_OPEN_MS,
    log,
    onCall: (call) => metrics?.observeUpstream(call),
  });
  const rawCatalog =
    overrides.catalog ??
    (await overrides.createCatalog?.(upstream.fetch)) ??
    (await createSceneCatalog(config.LANDSAT_SOURCE, {
      fetch: upstream.fetch,
      timeoutMs: config.UPSTREAM_TIMEOUT_MS,
      planetaryComputerStacUrl: config.PC_STAC_URL,
      planetaryComputerTokenUrl: config.PC_SAS_URL,
      onAutoChoice: ({ source, reason }) =>
        source === 'demo'
          ? log.warn({ reason }, 'LANDSAT_SOURCE=auto: the Planetary Computer did not answer, so the SYNTHETIC demo archive is served')
          : log.info('LANDSAT_SOURCE=auto: using the Planetary Computer'),
      // Scenes are computed tile by tile when read: no disk, no pre-generation (src/core/demo); the
      // synthesis worker starts now rather than in the first person's Fetch.
      demo: async () => createDemoCatalog({ now: overrides.clock ? () => overrides.clock!.now() : undefined, warmWorkers: true }),
    }));
  const catalog = upstream.wrapCatalog(rawCatalog);
  log.info({ source: catalog.name, synthetic: catalog.synthetic }, 'Landsat source ready');
  const cache = createBlockCache({ maxBytes: config.BLOCK_CACHE_MB * 1024 * 1024 });
  // The demo keeps npm start's malloc settings; an archive of COGs gets its own (mallocTuning.ts).
  const malloc = catalog.name === 'demo' ? null : tuneMallocForArchive();
  if (malloc?.unavailable) {
    log[malloc.remedy ? 'warn' : 'info']({ reason: malloc.unavailable }, `malloc is left as the environment set it, so archive reads take more CPU${malloc.remedy ? `: ${malloc.remedy}` : ''} (native/malloc/README.md)`);
  }
  const memoryBudget = startMemoryBudget({ budgetMb: config.MEMORY_BUDGET_MB, cache, trimMalloc: malloc?.trim });
  const landsat = createLandsatService({ catalog, cache, maxScenes: config.MAX_SCENES, maxScenesStreamed: config.MAX_SCENES_STREAM, openSource: upstream.openSource });
  const heavyQueue = createWorkQueue({ maxConcurrent: config.MAX_CONCURRENT_HEAVY, maxQueued: config.MAX_QUEUED_HEAVY, maxWaitMs: config.REQUEST_TIMEOUT_MS });
  // Change watches read the point's whole record (as change jobs do: readSitesSeries, one site).
  const pointSeriesReader = createSitesReader({ catalog, cache, openSource: upstream.openSource, searchLimit: Math.max(config.MAX_SCENES_STREAM, 20_000) });
  const changeSeries = async (lat: number, lon: number, endDate: string, signal?: AbortSignal) =>
    (await readSitesSeries(pointSeriesReader, [{ id: 'point', lat, lon }], { startDate: '1982-08-22', endDate }, signal))[0].observations;
  const notifications = await createNotificationWiring(config, catalog, log, overrides.clock, changeSeries);
  metrics = createMetrics({
    cacheStats: () => cache.stats,
    queueStats: () => heavyQueue.stats,
    breakerStates: () => upstream.breakerStates(),
    outboxCounts: notifications.outboxCounts,
    storeStatus: notifications.storeStatus,
  });
  let gazetteer: Promise<Gazetteer> | null = null;
  return {
    config,
    catalog,
    cache,
    landsat,
    gazetteer: () =>
      (gazetteer ??= (overrides.loadGazetteer ?? (() => loadGazetteer(undefined, { cacheDir: config.PLACE_INDEX_CACHE_DIR ?? undefined })))().catch((err: unknown) => {
        gazetteer = null;
        throw new ApiError(503, 'place_index_unavailable', `The offline place index could not be loaded (${err instanceof Error ? err.message : String(err)}); try again, the next search loads it anew.`);
      })),
    notifications: notifications.service,
    notificationStore: notifications.storeStatus,
    heavyQueue,
    upstream,
    metrics,
    async close() {
      memoryBudget.stop();
      await notifications.close();
    },
  };
}
