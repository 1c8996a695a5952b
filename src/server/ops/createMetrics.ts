import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { BlockCacheStats } from '../../core/raster/blockCache.js';
import type { CircuitBreakerSnapshot } from './createCircuitBreaker.js';
import type { UpstreamCall } from './createUpstreamGuard.js';
import type { WorkQueueStats } from './createWorkQueue.js';

export interface OutboxCounts {
  pending: number;
  sent: number;
  failed: number;
}

export interface MetricsSources {
  cacheStats(): BlockCacheStats;
  queueStats(): WorkQueueStats;
  breakerStates(): Record<string, CircuitBreakerSnapshot>;
  /** Emails in the notification outbox by status. */
  outboxCounts(): Promise<OutboxCounts>;
  /** Which notification store is in use and whether it answers. */
  storeStatus(): Promise<{ store: string; reachable: boolean }>;
}

export interface Metrics {
  registry: Registry;
  observeRequest(labels: { method: string; route: string; statusCode: number }, seconds: number): void;
  observeUpstream(call: UpstreamCall): void;
}

const BREAKER_STATE_VALUE = { closed: 0, half_open: 1, open: 2 } as const;

/**
 * Prometheus metrics in a registry of their own per app (tests build many apps in one process, and
 * the global registry would refuse the second). Gauges read their sources at scrape time.
 */
export function createMetrics(sources: MetricsSources): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'landsat_' });

  const requestSeconds = new Histogram({
    name: 'landsat_http_request_duration_seconds',
    help: 'API request latency by route and status',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const upstreamSeconds = new Histogram({
    name: 'landsat_upstream_request_duration_seconds',
    help: 'Archive call latency (STAC search, SAS token, COG range read) by host',
    labelNames: ['kind', 'host'] as const,
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const upstreamErrors = new Counter({
    name: 'landsat_upstream_errors_total',
    help: 'Archive calls that failed, by kind, host and outcome (http_error, timeout, network, refused, circuit_open)',
    labelNames: ['kind', 'host', 'outcome'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'landsat_block_cache_hit_ratio',
    help: 'Share of block cache lookups served from memory since start',
    registers: [registry],
    collect() {
      const s = sources.cacheStats();
      this.set(s.hits + s.misses === 0 ? 0 : s.hits / (s.hits + s.misses));
    },
  });
  new Gauge({
    name: 'landsat_block_cache_lookups',
    help: 'Block cache lookups since start, by result',
    labelNames: ['result'] as const,
    registers: [registry],
    collect() {
      const s = sources.cacheStats();
      this.set({ result: 'hit' }, s.hits);
      this.set({ result: 'miss' }, s.misses);
    },
  });
  new Gauge({
    name: 'landsat_block_cache_bytes',
    help: 'Bytes held by the block cache',
    registers: [registry],
    collect() {
      this.set(sources.cacheStats().bytes);
    },
  });
  new Gauge({
    name: 'landsat_heavy_queue_depth',
    help: 'Heavy requests (full images, long series) by state',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const s = sources.queueStats();
      this.set({ state: 'running' }, s.active);
      this.set({ state: 'waiting' }, s.queued);
    },
  });
  new Gauge({
    name: 'landsat_heavy_queue_rejected',
    help: 'Heavy requests refused with 503 because the queue was full, since start',
    registers: [registry],
    collect() {
      this.set(sources.queueStats().rejected);
    },
  });
  new Gauge({
    name: 'landsat_heavy_queue_timed_out',
    help: 'Heavy requests answered 503 queue_timeout because they waited past REQUEST_TIMEOUT_MS, since start',
    registers: [registry],
    collect() {
      this.set(sources.queueStats().timedOut ?? 0);
    },
  });
  new Gauge({
    name: 'landsat_upstream_circuit_state',
    help: 'Circuit breaker per archive host: 0 closed, 1 half-open, 2 open',
    labelNames: ['host'] as const,
    registers: [registry],
    collect() {
      for (const [host, s] of Object.entries(sources.breakerStates())) this.set({ host }, BREAKER_STATE_VALUE[s.state]);
    },
  });
  new Gauge({
    name: 'landsat_emails',
    help: 'Notification emails in the outbox by status',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      for (const [status, n] of Object.entries(await sources.outboxCounts())) this.set({ status }, n);
    },
  });
  new Gauge({
    name: 'landsat_notification_store_up',
    help: 'Whether the notification store (label store: sqlite or postgres) answers: 1 yes, 0 no',
    labelNames: ['store'] as const,
    registers: [registry],
    async collect() {
      const status = await sources.storeStatus();
      this.reset();
      this.set({ store: status.store }, status.reachable ? 1 : 0);
    },
  });

  return {
    registry,
    observeRequest({ method, route, statusCode }, seconds) {
      requestSeconds.observe({ method, route, status_code: String(statusCode) }, seconds);
    },
    observeUpstream(call) {
      if (call.outcome !== 'refused' && call.outcome !== 'circuit_open') upstreamSeconds.observe({ kind: call.kind, host: call.host }, call.durationMs / 1000);
      if (call.outcome !== 'ok' && call.outcome !== 'aborted') upstreamErrors.inc({ kind: call.kind, host: call.host, outcome: call.outcome });
    },
  };
}
