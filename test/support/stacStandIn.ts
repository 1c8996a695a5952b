/**
 * A stand-in for the Planetary Computer on 127.0.0.1, for tests: a STAC API (POST and GET
 * /api/stac/v1/search with bbox, datetime, `query` on eo:cloud_cover / platform, sortby, limit and
 * paging through `next` links, the way pgstac-based APIs answer), the SAS token endpoint
 * (/api/sas/v1/token/landsat-c2-l2), and the asset files with Range support that REFUSE reads
 * without a valid, unexpired token (403), as Azure Blob Storage does.
 * https://planetarycomputer.microsoft.com/docs/reference/stac/ and /docs/concepts/sas/
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import type { AddressInfo, Socket } from 'node:net';
import { parseDatetime, readJsonBody, sendJson } from './standInHttp.js';
import { normalizeStacItem, resolveHref, type StacItemJson } from '../../src/core/stac/normalizeStacItem.js';
import { readStacItemTree, type StacItemFile } from '../../src/core/stac/readStacItemTree.js';

export interface StacStandInFault {
  /** Answer with this HTTP status. */
  status?: number;
  /** Answer 200 with a body that is not JSON. */
  garbage?: boolean;
  /** Hold the answer this long before responding normally. */
  delayMs?: number;
}

export type StacStandInEndpoint = 'search' | 'token' | 'collection' | 'asset';

export interface StacStandInOptions {
  /** Folder tree of STAC items served by the API (e.g. ../shared/fixtures/landsat-c2-l2). */
  catalogDir: string;
  /** Lifetime of issued SAS tokens; default 3600 s. */
  tokenTtlSeconds?: number;
  /** Further items (with the file they were "read" from, for relative hrefs). */
  extraItems?: StacItemFile[];
  /** Largest page served whatever the client asks; default 1000 (the Planetary Computer's cap). */
  maxPageSize?: number;
  /** When false, POST /search answers 405 (an API that only supports GET). */
  allowPost?: boolean;
}

export interface StacStandInSearch {
  method: 'GET' | 'POST';
  params: Record<string, unknown>;
}

export interface StacStandIn {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  /** STAC API root: `${url}/api/stac/v1` */
  stacUrl: string;
  /** `${url}/api/sas/v1/token/landsat-c2-l2` */
  tokenUrl: string;
  readonly tokenRequests: number;
  readonly searchRequests: number;
  readonly rangeRequests: number;
  /** Every search received, in order. */
  readonly searches: StacStandInSearch[];
  /** Every asset read: path and the status it got. */
  readonly assetReads: Array<{ path: string; status: number }>;
  /** The next `count` requests to `endpoint` fail as described. */
  injectFault(endpoint: StacStandInEndpoint, fault: StacStandInFault, count?: number): void;
  /** Make every issued token invalid (as if they had expired server-side). */
  revokeTokens(): void;
  close(): Promise<void>;
}

interface ServedItem {
  raw: StacItemJson;
  filePath: string;
  datetimeMs: number;
  bbox: [number, number, number, number];
  /** asset key -> absolute file path */
  assetFiles: Record<string, string>;
}

export async function startStacStandIn(options: StacStandInOptions): Promise<StacStandIn> {
  const ttlMs = (options.tokenTtlSeconds ?? 3600) * 1000;
  const maxPageSize = options.maxPageSize ?? 1000;
  const files = [...(await readStacItemTree(options.catalogDir)), ...(options.extraItems ?? [])];

  // Only files referenced by an item are served, each under /files/<n>/<name>.
  const routeByFile = new Map<string, string>();
  const fileByRoute = new Map<string, string>();
  const items: ServedItem[] = [];
  for (const { item, filePath } of files) {
    const scene = normalizeStacItem(item, filePath);
    const datetimeMs = Date.parse(String(item.properties.datetime));
    const bbox = scene?.bboxLngLat ?? (item.bbox as [number, number, number, number] | undefined);
    if (Number.isNaN(datetimeMs) || !bbox) continue;
    const assetFiles: Record<string, string> = {};
    for (const [key, asset] of Object.entries(item.assets)) {
      if (typeof asset?.href !== 'string') continue;
      const absolute = resolveHref(asset.href, filePath);
      if (/^https?:/i.test(absolute)) continue;
      assetFiles[key] = absolute;
      if (!routeByFile.has(absolute)) {
        const route = `/files/${routeByFile.size}/${encodeURIComponent(path.basename(absolute))}`;
        routeByFile.set(absolute, route);
        fileByRoute.set(route, absolute);
      }
    }
    items.push({ raw: item, filePath, datetimeMs, bbox, assetFiles });
  }

  const validTokens = new Map<string, number>(); // sig -> expiry ms
  const faults: Record<StacStandInEndpoint, StacStandInFault[]> = { search: [], token: [], collection: [], asset: [] };
  const searches: StacStandInSearch[] = [];
  const assetReads: Array<{ path: string; status: number }> = [];
  let tokenRequests = 0;
  let rangeRequests = 0;
  let baseUrl = '';

  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { code: 'InternalError', description: String(error) });
      else res.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  async function applyFault(endpoint: StacStandInEndpoint, res: ServerResponse): Promise<boolean> {
    const fault = faults[endpoint].shift();
    if (!fault) return false;
    if (fault.delayMs) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
    if (res.destroyed) return true;
    if (fault.status) {
      sendJson(res, fault.status, { code: 'InjectedFault', description: `injected ${fault.status}` });
      return true;
    }
    if (fault.garbage) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('<html><body>Service Unavailable</body></html>');
      return true;
    }
    return false;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', baseUrl);
    const route = url.pathname;
    if (route === '/api/stac/v1' || route === '/api/stac/v1/') {
      return sendJson(res, 200, { type: 'Catalog', id: 'stand-in', stac_version: '1.0.0', description: 'STAC stand-in', links: [] });
    }
    if (route === '/api/stac/v1/collections/landsat-c2-l2') {
      if (await applyFault('collection', res)) return;
      return sendJson(res, 200, { type: 'Collection', id: 'landsat-c2-l2', stac_version: '1.0.0', description: 'Landsat Collection 2 Level-2 (stand-in)', links: [] });
    }
    if (route === '/api/stac/v1/search') {
      if (req.method === 'POST' && options.allowPost === false) return sendJson(res, 405, { code: 'MethodNotAllowed', description: 'POST is not supported' });
      if (req.method !== 'POST' && req.method !== 'GET') return sendJson(res, 405, { code: 'MethodNotAllowed' });
      const params = req.method === 'POST' ? ((await readJsonBody(req)) as Record<string, unknown>) : getParams(url);
      searches.push({ method: req.method, params });
      if (await applyFault('search', res)) return;
      return sendJson(res, 200, search(req.method, params), 'application/geo+json');
    }
    if (route === '/api/sas/v1/token/landsat-c2-l2') {
      tokenRequests++;
      if (await applyFault('token', res)) return;
      const startMs = Date.now();
      const expiryMs = startMs + ttlMs;
      const sig = randomBytes(16).toString('base64url');
      validTokens.set(sig, expiryMs);
      const st = new Date(startMs).toISOString().replace(/\.\d+Z$/, 'Z');
      const se = new Date(expiryMs).toISOString().replace(/\.\d+Z$/, 'Z');
      return sendJson(res, 200, {
        'msft:expiry': new Date(expiryMs).toISOString(),
        token: `st=${encodeURIComponent(st)}&se=${encodeURIComponent(se)}&sp=rl&sv=2024-05-04&sr=c&skoid=stand-in&sig=${sig}`,
      });
    }
    const filePath = fileByRoute.get(route);
    if (filePath && (req.method === 'GET' || req.method === 'HEAD')) {
      if (await applyFault('asset', res)) return;
      const sig = url.searchParams.get('sig');
      const expiry = sig ? validTokens.get(sig) : undefined;
      if (expiry === undefined || expiry <= Date.now()) {
        assetReads.push({ path: route, status: 403 });
        res.writeHead(403, { 'content-type': 'application/xml' });
        res.end('<?xml version="1.0" encoding="utf-8"?><Error><Code>AuthenticationFailed</Code><Message>Server failed to authenticate the request.</Message></Error>');
        return;
      }
      return serveFile(req, res, route, filePath);
    }
    sendJson(res, 404, { code: 'NotFound', description: `${route} not found` });
  }

  async function serveFile(req: IncomingMessage, res: ServerResponse, route: string, filePath: string): Promise<void> {
    const { size } = await stat(filePath);
    const rangeHeader = req.headers.range;
    let start = 0;
    let end = size - 1;
    let status = 200;
    if (rangeHeader) {
      rangeRequests++;
      const match = /^bytes=(\d*)-(\d*)$/.exec(rangeHeader.trim());
      if (match && (match[1] !== '' || match[2] !== '')) {
        if (match[1] === '') start = Math.max(0, size - Number(match[2]));
        else {
          start = Number(match[1]);
          end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
        }
        if (start >= size || start > end) {
          assetReads.push({ path: route, status: 416 });
          res.writeHead(416, { 'content-range': `bytes */${size}` });
          res.end();
          return;
        }
        status = 206;
      }
    }
    assetReads.push({ path: route, status });
    const headers: Record<string, string | number> = { 'accept-ranges': 'bytes', 'content-type': 'image/tiff', 'content-length': end - start + 1 };
    if (status === 206) headers['content-range'] = `bytes ${start}-${end}/${size}`;
    res.writeHead(status, headers);
    if (req.method === 'HEAD' || end < start) return void res.end();
    const handle = await open(filePath, 'r');
    try {
      const buffer = Buffer.alloc(end - start + 1);
      await handle.read(buffer, 0, buffer.length, start);
      res.end(buffer);
    } finally {
      await handle.close();
    }
  }

  function search(method: 'GET' | 'POST', params: Record<string, unknown>) {
    const collections = Array.isArray(params.collections) ? (params.collections as string[]) : null;
    const bbox = Array.isArray(params.bbox) ? (params.bbox as number[]) : null;
    const [startMs, endMs] = parseDatetime(params.datetime);
    const query = (typeof params.query === 'object' && params.query !== null ? params.query : {}) as Record<string, Record<string, unknown>>;
    const matches = items.filter((item) => {
      if (collections && !collections.includes(String(item.raw.collection ?? ''))) return false;
      // Like many STAC servers, compares bounding boxes only; the client must check footprints itself.
      if (bbox && (item.bbox[0] > bbox[2] || item.bbox[2] < bbox[0] || item.bbox[1] > bbox[3] || item.bbox[3] < bbox[1])) return false;
      if (item.datetimeMs < startMs || item.datetimeMs > endMs) return false;
      for (const [field, ops] of Object.entries(query)) {
        const value = item.raw.properties[field];
        for (const [op, operand] of Object.entries(ops ?? {})) {
          if (op === 'lte' && !((value as number) <= (operand as number))) return false;
          if (op === 'lt' && !((value as number) < (operand as number))) return false;
          if (op === 'gte' && !((value as number) >= (operand as number))) return false;
          if (op === 'eq' && value !== operand) return false;
          if (op === 'in' && !(operand as unknown[]).includes(value)) return false;
        }
      }
      return true;
    });
    const descending = sortDescending(params.sortby);
    matches.sort((a, b) => (descending ? b.datetimeMs - a.datetimeMs : a.datetimeMs - b.datetimeMs) || a.raw.id.localeCompare(b.raw.id));
    const limit = Math.max(1, Math.min(Number(params.limit ?? 10) || 10, maxPageSize));
    const offset = typeof params.token === 'string' && params.token.startsWith('next:') ? Number(params.token.slice(5)) : 0;
    const page = matches.slice(offset, offset + limit);
    const links: Array<Record<string, unknown>> = [];
    if (offset + limit < matches.length) {
      const token = `next:${offset + limit}`;
      if (method === 'POST') {
        links.push({ rel: 'next', type: 'application/geo+json', method: 'POST', href: `${baseUrl}/api/stac/v1/search`, body: { ...params, token } });
      } else {
        const next = new URL(`${baseUrl}/api/stac/v1/search`);
        for (const [key, value] of Object.entries(params)) next.searchParams.set(key, typeof value === 'string' ? value : key === 'query' ? JSON.stringify(value) : (value as unknown[]).join(','));
        next.searchParams.set('token', token);
        links.push({ rel: 'next', type: 'application/geo+json', method: 'GET', href: next.href });
      }
    }
    return {
      type: 'FeatureCollection',
      features: page.map((item) => withServedHrefs(item)),
      links,
      context: { returned: page.length, limit, matched: matches.length },
    };
  }

  function withServedHrefs(item: ServedItem): StacItemJson {
    const copy = structuredClone(item.raw);
    for (const [key, filePath] of Object.entries(item.assetFiles)) {
      copy.assets[key] = { ...copy.assets[key], href: `${baseUrl}${routeByFile.get(filePath)}` };
    }
    copy.links = [...(copy.links ?? []).filter((link) => link.rel !== 'self'), { rel: 'self', href: `${baseUrl}/api/stac/v1/collections/landsat-c2-l2/items/${copy.id}` }];
    return copy;
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;

  return {
    url: baseUrl,
    stacUrl: `${baseUrl}/api/stac/v1`,
    tokenUrl: `${baseUrl}/api/sas/v1/token/landsat-c2-l2`,
    get tokenRequests() {
      return tokenRequests;
    },
    get searchRequests() {
      return searches.length;
    },
    get rangeRequests() {
      return rangeRequests;
    },
    searches,
    assetReads,
    injectFault(endpoint, fault, count = 1) {
      for (let i = 0; i < count; i++) faults[endpoint].push(fault);
    },
    revokeTokens() {
      validTokens.clear();
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

function getParams(url: URL): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const [key, value] of url.searchParams) {
    if (key === 'bbox') params.bbox = value.split(',').map(Number);
    else if (key === 'collections') params.collections = value.split(',');
    else if (key === 'query') params.query = JSON.parse(value);
    else if (key === 'sortby') params.sortby = value;
    else params[key] = value;
  }
  return params;
}


function sortDescending(sortby: unknown): boolean {
  if (typeof sortby === 'string') return sortby.split(',')[0]?.trim().startsWith('-') ?? false;
  if (Array.isArray(sortby) && sortby[0] && typeof sortby[0] === 'object') return (sortby[0] as { direction?: string }).direction === 'desc';
  return false;
}



export interface FixtureItemCopy {
  id: string;
  datetime: string;
  cloudCover: number;
  platform?: string;
  correction?: string;
  /** Moves the footprint and bbox east by this many degrees. */
  shiftLon?: number;
  synthetic?: boolean;
}

/**
 * Writes copies of the real fixture scene item under `dir` (one folder per item), with the given
 * ids, dates and cloud cover, and asset hrefs pointing at the real fixture files (absolute paths).
 * For tests that need many scenes: paging, truncation, filtering.
 */
export async function writeFixtureItemCopies(dir: string, fixtureItemPath: string, copies: FixtureItemCopy[]): Promise<string[]> {
  const { mkdir, readFile, writeFile } = await import('node:fs/promises');
  const template = JSON.parse(await readFile(fixtureItemPath, 'utf8')) as StacItemJson;
  const written: string[] = [];
  for (const copy of copies) {
    const item = structuredClone(template);
    item.id = copy.id;
    item.properties.datetime = copy.datetime;
    item.properties['eo:cloud_cover'] = copy.cloudCover;
    if (copy.platform) item.properties.platform = copy.platform;
    if (copy.correction) item.properties['landsat:correction'] = copy.correction;
    if (copy.synthetic) item.properties.synthetic = true;
    const shift = copy.shiftLon ?? 0;
    if (shift && item.geometry) {
      item.geometry.coordinates = (item.geometry.coordinates as number[][][]).map((ring) => ring.map(([lon, lat]) => [lon + shift, lat]));
      if (item.bbox) item.bbox = [item.bbox[0] + shift, item.bbox[1], item.bbox[2] + shift, item.bbox[3]];
    }
    for (const asset of Object.values(item.assets)) asset.href = resolveHref(asset.href, fixtureItemPath);
    const itemDir = path.join(dir, copy.id);
    await mkdir(itemDir, { recursive: true });
    const filePath = path.join(itemDir, `${copy.id}.json`);
    await writeFile(filePath, JSON.stringify(item));
    written.push(filePath);
  }
  return written;
}
