import type { FastifyBaseLogger } from 'fastify';
import { openVirtualByteSource } from '../../core/raster/virtualByteSources.js';
import { createFileByteSource, createHttpByteSource, isHttpHref, type ByteSource } from '../../core/raster/byteSource.js';
import { httpRangeGet, type RangeGet } from '../../core/raster/httpRangeGet.js';
import type { SceneCatalog } from '../../core/stac/sceneCatalog.js';
import type { ArchiveAllowlist } from './createArchiveAllowlist.js';
import { createCircuitBreaker, type CircuitBreaker, type CircuitBreakerSnapshot } from './createCircuitBreaker.js';
import { CircuitOpenError, UpstreamNotAllowedError, findOpsError } from './opsErrors.js';
import { currentRequestScope, runInPhase } from './requestScope.js';

export type UpstreamKind = 'stac_search' | 'token' | 'range' | 'stac';

export interface UpstreamCall {
  kind: UpstreamKind;
  host: string;
  /** HTTP status; 0 when there was no answer. */
  status: number;
  durationMs: number;
  /** 'ok', 'http_error', 'timeout', 'network', 'aborted', 'refused' or 'circuit_open'. */
  outcome: string;
}

export interface UpstreamGuardOptions {
  allowlist: ArchiveAllowlist;
  fetch?: typeof fetch;
  /** Per range read (the archive client has its own limit per JSON call). */
  timeoutMs: number;
  failureThreshold: number;
  openMs: number;
  /** Logger for calls made outside a request (the notification scheduler). */
  log: FastifyBaseLogger;
  onCall?: (call: UpstreamCall) => void;
  now?: () => number;
}

export interface UpstreamGuard {
  /** fetch for the STAC client: allowlisted, circuit-broken, logged and measured. */
  fetch: typeof fetch;
  /** Byte sources for COG reads, with the same checks; file paths must lie in an allowed folder. */
  openSource(href: string): ByteSource;
  /** The catalogue, failing fast while the host its searches or tokens go to is paused. */
  wrapCatalog(catalog: SceneCatalog): SceneCatalog;
  breakerStates(): Record<string, CircuitBreakerSnapshot>;
}

/** Statuses that say the host is in trouble (as opposed to 404: the host is fine, the object is not). */
const isFailureStatus = (status: number) => status >= 500 || status === 429 || status === 408;

/**
 * Every call the server makes to the archive passes here: it is checked against the allowlist,
 * refused while the host's circuit is open, and reported (log line with the request id, metrics).
 */
export function createUpstreamGuard(options: UpstreamGuardOptions): UpstreamGuard {
  const baseFetch = options.fetch ?? globalThis.fetch;
  const breakers = new Map<string, CircuitBreaker>();
  /** Hosts the catalogue's searches and token requests went to, so the next call can fail fast. */
  const hostsByPhase = { stac_search: new Set<string>(), token: new Set<string>() };
  const now = options.now ?? Date.now;

  const breakerFor = (host: string) => {
    let breaker = breakers.get(host);
    if (!breaker) {
      breaker = createCircuitBreaker({ failureThreshold: options.failureThreshold, openMs: options.openMs, now });
      breakers.set(host, breaker);
    }
    return breaker;
  };

  const report = (call: UpstreamCall, path: string) => {
    options.onCall?.(call);
    const scope = currentRequestScope();
    const log = scope?.log ?? options.log;
    const fields = { upstream: { ...call, path } };
    if (call.outcome === 'ok') log.info(fields, 'archive call');
    else log.warn(fields, 'archive call failed');
  };

  /** One archive call, allowlisted, circuit-broken and reported; `call` answers with an HTTP status or throws. */
  async function guarded<R extends { status: number }>(url: URL, kindOverride: UpstreamKind | undefined, call: () => Promise<R>): Promise<R> {
    const kind: UpstreamKind = kindOverride ?? currentRequestScope()?.phase ?? 'stac';
    const host = url.host;
    // Never log the query string: it carries SAS tokens.
    const base = { kind, host, status: 0, durationMs: 0 };
    if (!options.allowlist.isAllowedUrl(url)) {
      report({ ...base, outcome: 'refused' }, url.pathname);
      throw new UpstreamNotAllowedError(`${url.protocol}//${url.host}`);
    }
    if (kind === 'stac_search' || kind === 'token') hostsByPhase[kind].add(host);
    const breaker = breakerFor(host);
    if (!breaker.tryAcquire()) {
      report({ ...base, outcome: 'circuit_open' }, url.pathname);
      throw new CircuitOpenError(host, breaker.retryInSeconds());
    }
    const startedMs = performance.now();
    try {
      const response = await call();
      const answer = { ...base, status: response.status, durationMs: Math.round(performance.now() - startedMs) };
      if (isFailureStatus(response.status)) breaker.onFailure();
      else breaker.onSuccess();
      report({ ...answer, outcome: isFailureStatus(response.status) || response.status >= 400 ? 'http_error' : 'ok' }, url.pathname);
      return response;
    } catch (error) {
      const durationMs = Math.round(performance.now() - startedMs);
      // The client leaving is not the archive's fault; a timeout or a refused connection is. The
      // platform's abort is a DOMException, told apart by name; fetch's network failure is a TypeError.
      if ((error instanceof Error || error instanceof DOMException) && error.name === 'AbortError') {
        breaker.onSuccess();
        report({ ...base, durationMs, outcome: 'aborted' }, url.pathname);
      } else {
        breaker.onFailure();
        report({ ...base, durationMs, outcome: error instanceof TypeError ? 'network' : 'timeout' }, url.pathname);
      }
      throw error;
    }
  }

  function guardedFetch(kindOverride?: UpstreamKind): typeof fetch {
    return (input, init) => guarded(new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url), kindOverride, () => baseFetch(input, init));
  }

  const stacFetch = guardedFetch();
  const rangeFetch = guardedFetch('range');
  // Range reads go over node:http (httpRangeGet.ts: a fraction of fetch's CPU a read), unless a test injected its fetch.
  const rangeGet: RangeGet | undefined = options.fetch ? undefined : (url, headers, signal) => guarded(new URL(url), 'range', () => httpRangeGet(url, headers, signal));

  const failFastIfPaused = (hosts: Set<string>) => {
    for (const host of hosts) {
      const snapshot = breakerFor(host).snapshot;
      if (snapshot.state === 'open') throw new CircuitOpenError(host, snapshot.retryInSeconds);
    }
  };
  /** The archive client retries and then wraps the cause; surface the pause itself. */
  const unwrapOpsError = (error: unknown): never => {
    throw findOpsError(error) ?? error;
  };

  return {
    fetch: stacFetch,
    openSource(href) {
      const computed = openVirtualByteSource(href); // the synthetic demo archive's computed GeoTIFFs: no file, no host
      if (computed) return computed;
      if (isHttpHref(href)) {
        let url: URL;
        try {
          url = new URL(href);
        } catch {
          throw new UpstreamNotAllowedError('an unreadable URL');
        }
        if (!options.allowlist.isAllowedUrl(url)) {
          report({ kind: 'range', host: url.host, status: 0, durationMs: 0, outcome: 'refused' }, url.pathname);
          throw new UpstreamNotAllowedError(`${url.protocol}//${url.host}`);
        }
        return createHttpByteSource(href, { rangeGet, fetch: rangeFetch, timeoutMs: options.timeoutMs });
      }
      if (!options.allowlist.isAllowedPath(href)) throw new UpstreamNotAllowedError('a file outside the archive folder');
      return createFileByteSource(href);
    },
    wrapCatalog(catalog) {
      return Object.assign(Object.create(catalog) as SceneCatalog, {
        name: catalog.name,
        synthetic: catalog.synthetic,
        search: (query: Parameters<SceneCatalog['search']>[0]) => {
          failFastIfPaused(hostsByPhase.stac_search);
          return runInPhase('stac_search', () => catalog.search(query)).catch(unwrapOpsError);
        },
        resolveAssetHref: (href: string, signal?: AbortSignal) => {
          // Only an HTTP asset can need a token request to label; a file or demo href is resolved
          // without one, 8 times a scene (a 40-year point record: 29,000 scopes entered for nothing).
          if (!isHttpHref(href)) return catalog.resolveAssetHref(href, signal).catch(unwrapOpsError);
          failFastIfPaused(hostsByPhase.token);
          return runInPhase('token', () => catalog.resolveAssetHref(href, signal)).catch(unwrapOpsError);
        },
      });
    },
    breakerStates() {
      return Object.fromEntries([...breakers].map(([host, breaker]) => [host, breaker.snapshot]));
    },
  };
}
