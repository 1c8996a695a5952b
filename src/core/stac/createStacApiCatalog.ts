import { ArchiveUnavailableError } from './archiveErrors.js';
import { fetchArchiveJson } from './fetchArchiveJson.js';
import type { LandsatScene } from './landsatScene.js';
import { normalizeStacItem } from './normalizeStacItem.js';
import type { SceneCatalog, SceneQuery, SceneSearchResult } from './sceneCatalog.js';
import { keepMostRecent, sceneQueryFilter } from './sceneQueryFilter.js';
import { LANDSAT_PLATFORMS } from '../bands/missions.js';

export interface StacApiCatalogOptions {
  /** Root of the STAC API, e.g. https://planetarycomputer.microsoft.com/api/stac/v1 (its /search is used). */
  stacUrl: string;
  /** Name reported by the catalogue; default `stac:<stacUrl>`. */
  name?: string;
  /** Human name in error messages; default the API's host. */
  archiveName?: string;
  /** Collections searched; default ['landsat-c2-l2'] (the Planetary Computer's id). */
  collections?: string[];
  fetch?: typeof fetch;
  /** Per request; default 10 s. */
  timeoutMs?: number;
  retries?: number;
  retryDelayMs?: number;
  /** Largest page asked for; default 250 (the Planetary Computer refuses more than 1000). */
  maxPageSize?: number;
  /** Pages read per search at most, so a server that pages forever cannot hold a request. Default 20. */
  maxPages?: number;
  /** Turns an asset href into something readable, e.g. by signing it. Default: unchanged. */
  resolveAssetHref?: (href: string, signal?: AbortSignal) => Promise<string>;
}

interface SearchRequest {
  method: 'GET' | 'POST';
  url: string;
  body?: Record<string, unknown>;
  headers?: Record<string, string>;
}


/**
 * Any STAC API serving Landsat Collection 2 Level-2 items in the Planetary Computer's form
 * (STAC API Item Search, https://github.com/radiantearth/stac-api-spec/tree/release/v1.0.0/item-search).
 *
 * Searches ask for newest first (sort extension) and stop once more scenes than the limit qualify, so a
 * truncated answer keeps the most recent scenes. Paging follows the `next` link as given (method, body,
 * merge). POST is used first; an API that refuses it with 405 is searched with GET from then on.
 * Every scene is filtered again in memory (see sceneQueryFilter) because APIs differ in what they honour.
 */
export function createStacApiCatalog(options: StacApiCatalogOptions): SceneCatalog {
  const stacUrl = options.stacUrl.replace(/\/+$/, '');
  const searchUrl = `${stacUrl}/search`;
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const archiveName = options.archiveName ?? safeHost(stacUrl);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxPageSize = options.maxPageSize ?? 250;
  const maxPages = options.maxPages ?? 20;
  const collections = options.collections ?? ['landsat-c2-l2'];
  let usePost = true;

  async function fetchPage(request: SearchRequest, signal?: AbortSignal) {
    return fetchArchiveJson(
      request.url,
      {
        method: request.method,
        headers: { accept: 'application/geo+json, application/json', ...(request.body ? { 'content-type': 'application/json' } : {}), ...request.headers },
        body: request.method === 'POST' ? JSON.stringify(request.body ?? {}) : undefined,
      },
      { fetch: fetchImpl, archiveName, timeoutMs, signal, retries: options.retries, retryDelayMs: options.retryDelayMs, passStatuses: request.method === 'POST' ? [405] : [] },
    );
  }

  async function search(query: SceneQuery): Promise<SceneSearchResult> {
    const matches = sceneQueryFilter(query);
    const searchBody: Record<string, unknown> = {
      collections,
      bbox: query.bboxLngLat,
      // Whole UTC days, both ends included.
      datetime: `${query.startDate}T00:00:00Z/${query.endDate}T23:59:59.999Z`,
      limit: Math.min(Math.max(query.limit + 1, 20), maxPageSize),
      sortby: [{ field: 'properties.datetime', direction: 'desc' }],
      query: { 'eo:cloud_cover': { lte: query.maxCloudCover }, platform: { in: [...LANDSAT_PLATFORMS] } },
    };
    let request: SearchRequest = usePost ? { method: 'POST', url: searchUrl, body: searchBody } : { method: 'GET', url: toGetUrl(searchUrl, searchBody) };
    const collected: LandsatScene[] = [];
    const seenRequests = new Set<string>();
    let pages = 0;
    let moreExist = false;

    for (;;) {
      const signature = `${request.method} ${request.url} ${JSON.stringify(request.body ?? null)}`;
      if (seenRequests.has(signature)) break; // a `next` link pointing back at a page already read
      seenRequests.add(signature);
      const { status, body } = await fetchPage(request, query.signal);
      if (status === 405 && request.method === 'POST') {
        usePost = false;
        request = { method: 'GET', url: toGetUrl(searchUrl, searchBody) };
        continue;
      }
      const page = parseItemCollection(body, archiveName);
      for (const feature of page.features) {
        const scene = normalizeStacItem(feature, request.url);
        if (scene && matches(scene)) collected.push(scene);
      }
      pages++;
      const next = page.links.find((link) => link.rel === 'next');
      if (!next) break;
      if (collected.length > query.limit || pages >= maxPages) {
        moreExist = true;
        break;
      }
      request = nextRequest(next, request);
    }
    return keepMostRecent(collected, query.limit, moreExist);
  }

  return {
    name: options.name ?? `stac:${stacUrl}`,
    synthetic: false,
    search,
    resolveAssetHref: options.resolveAssetHref ?? (async (href, signal) => {
      signal?.throwIfAborted();
      return href;
    }),
  };
}

interface StacLink {
  rel: string;
  href: string;
  method?: string;
  body?: Record<string, unknown>;
  merge?: boolean;
  headers?: Record<string, string>;
}

function parseItemCollection(body: unknown, archiveName: string): { features: unknown[]; links: StacLink[] } {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : null;
  if (!record || !Array.isArray(record.features)) {
    throw new ArchiveUnavailableError(archiveName, 'the search answer is not a STAC ItemCollection');
  }
  const links = Array.isArray(record.links)
    ? (record.links.filter((link) => typeof link === 'object' && link !== null && typeof link.rel === 'string' && typeof link.href === 'string') as StacLink[])
    : [];
  return { features: record.features, links };
}

/** The STAC API paging link: GET by default, or POST with a body to send (merged into the last one when `merge`). */
function nextRequest(link: StacLink, previous: SearchRequest): SearchRequest {
  const url = new URL(link.href, previous.url).href;
  const headers = link.headers && typeof link.headers === 'object' ? link.headers : undefined;
  if ((link.method ?? 'GET').toUpperCase() === 'POST') {
    const body = link.merge ? { ...(previous.body ?? {}), ...(link.body ?? {}) } : (link.body ?? previous.body ?? {});
    return { method: 'POST', url, body, headers };
  }
  return { method: 'GET', url, headers };
}

/** The same search as GET parameters (https://github.com/radiantearth/stac-api-spec/tree/release/v1.0.0/item-search#query-parameter-table). */
function toGetUrl(searchUrl: string, body: Record<string, unknown>): string {
  const url = new URL(searchUrl);
  url.searchParams.set('collections', (body.collections as string[]).join(','));
  url.searchParams.set('bbox', (body.bbox as number[]).join(','));
  url.searchParams.set('datetime', String(body.datetime));
  url.searchParams.set('limit', String(body.limit));
  url.searchParams.set('sortby', '-properties.datetime');
  url.searchParams.set('query', JSON.stringify(body.query));
  return url.href;
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
