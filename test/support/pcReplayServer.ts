/**
 * A replay of the Microsoft Planetary Computer on 127.0.0.1, serving RECORDED real answers
 * (../shared/real-world/stac: the `landsat-c2-l2` collection and a page of ten real Landsat 9
 * items) through the real protocol, so the product's Planetary Computer path can be run end to end
 * without the internet:
 *
 * - `GET /api/stac/v1/collections/landsat-c2-l2`: the recorded collection.
 * - `POST /api/stac/v1/search`: the recorded items that match the search (collections, bbox,
 *   datetime, `query` on eo:cloud_cover / platform), newest first, in pages, each with PC's `next`
 *   link as recorded in pystac-client's cassettes: `method: POST`, the whole request body plus
 *   `token: "next:<collection>:<id of the page's last item>"` (pgstac keyset paging), no `merge`.
 * - `GET /api/sas/v1/token/landsat-c2-l2`: a token answer in the real form
 *   `{"msft:expiry": ISO time, "token": "st=…&se=…&sp=rl&sv=…&sr=c&skoid=…&sig=…"}`.
 *
 * Hrefs pointing at planetarycomputer.microsoft.com are rewritten to the replay's address; asset
 * hrefs (Azure Blob Storage) are left as recorded. https://planetarycomputer.microsoft.com/docs/reference/stac/
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AddressInfo, Socket } from 'node:net';
import { parseDatetime, readJsonBody, sendJson } from './standInHttp.js';
import type { StacItemJson } from '../../src/core/stac/normalizeStacItem.js';
import { REPO_ROOT } from './fixturePaths.js';

export const RECORDED_STAC_DIR = path.resolve(REPO_ROOT, '../shared/real-world/stac');
const PC_ORIGIN = 'https://planetarycomputer.microsoft.com';

export interface PcReplayOptions {
  /** Largest page served whatever the client asks (an API may always return fewer); default 1000, PC's cap. */
  maxPageSize?: number;
  /** Lifetime of issued SAS tokens; default 3600 s. */
  tokenTtlSeconds?: number;
}

export interface PcReplay {
  url: string;
  /** `${url}/api/stac/v1` */
  stacUrl: string;
  /** `${url}/api/sas/v1/token/landsat-c2-l2` */
  tokenUrl: string;
  /** The recorded items, as recorded. */
  readonly recordedItems: readonly StacItemJson[];
  /** Every search body received, in order. */
  readonly searches: Array<Record<string, unknown>>;
  /** Every SAS token issued, in order. */
  readonly tokens: string[];
  close(): Promise<void>;
}

export function loadRecordedItems(): StacItemJson[] {
  const page = JSON.parse(readFileSync(path.join(RECORDED_STAC_DIR, 'pc_items_page_landsat-c2-l2.json'), 'utf8')) as { features: StacItemJson[] };
  return page.features;
}

export async function startPcReplay(options: PcReplayOptions = {}): Promise<PcReplay> {
  const maxPageSize = options.maxPageSize ?? 1000;
  const ttlMs = (options.tokenTtlSeconds ?? 3600) * 1000;
  const collectionText = readFileSync(path.join(RECORDED_STAC_DIR, 'pc_collection_landsat-c2-l2.json'), 'utf8');
  const recordedItems = loadRecordedItems();
  const searches: Array<Record<string, unknown>> = [];
  const tokens: string[] = [];
  let baseUrl = '';
  const rewrite = <T>(value: T): T => JSON.parse(JSON.stringify(value).split(PC_ORIGIN).join(baseUrl)) as T;

  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => sendJson(res, 500, { code: 'InternalError', description: String(error) }));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const route = new URL(req.url ?? '/', baseUrl).pathname;
    if (route === '/api/stac/v1/collections/landsat-c2-l2' && req.method === 'GET') {
      return sendJson(res, 200, rewrite(JSON.parse(collectionText) as unknown));
    }
    if (route === '/api/stac/v1/search' && req.method === 'POST') {
      const body = (await readJsonBody(req)) as Record<string, unknown>;
      searches.push(body);
      return sendJson(res, 200, search(body), 'application/geo+json');
    }
    if (route === '/api/sas/v1/token/landsat-c2-l2' && req.method === 'GET') {
      const startMs = Date.now();
      const expiry = new Date(startMs + ttlMs);
      const iso = (d: Date) => d.toISOString().replace(/\.\d+Z$/, 'Z');
      const token = `st=${encodeURIComponent(iso(new Date(startMs)))}&se=${encodeURIComponent(iso(expiry))}&sp=rl&sv=2024-05-04&sr=c&skoid=${randomBytes(8).toString('hex')}&sktid=replay&skt=${encodeURIComponent(iso(new Date(startMs)))}&ske=${encodeURIComponent(iso(expiry))}&sks=b&skv=2024-05-04&sig=${encodeURIComponent(randomBytes(32).toString('base64'))}`;
      tokens.push(token);
      return sendJson(res, 200, { 'msft:expiry': iso(expiry), token });
    }
    sendJson(res, 404, { detail: 'Not Found' });
  }

  function search(body: Record<string, unknown>) {
    const collections = Array.isArray(body.collections) ? (body.collections as string[]) : null;
    const bbox = Array.isArray(body.bbox) ? (body.bbox as number[]) : null;
    const [startMs, endMs] = parseDatetime(body.datetime);
    const query = (typeof body.query === 'object' && body.query !== null ? body.query : {}) as Record<string, Record<string, unknown>>;
    const matches = recordedItems.filter((item) => {
      const datetimeMs = Date.parse(String(item.properties.datetime));
      const b = item.bbox as number[];
      if (collections && !collections.includes(String(item.collection))) return false;
      if (bbox && (b[0] > bbox[2] || b[2] < bbox[0] || b[1] > bbox[3] || b[3] < bbox[1])) return false;
      if (datetimeMs < startMs || datetimeMs > endMs) return false;
      for (const [field, ops] of Object.entries(query)) {
        const value = item.properties[field];
        for (const [op, operand] of Object.entries(ops ?? {})) {
          if (op === 'lte' && !((value as number) <= (operand as number))) return false;
          if (op === 'gte' && !((value as number) >= (operand as number))) return false;
          if (op === 'eq' && value !== operand) return false;
          if (op === 'in' && !(operand as unknown[]).includes(value)) return false;
        }
      }
      return true;
    });
    // pgstac's default order, which the recorded page shows: newest first, then id descending.
    matches.sort((a, b) => String(b.properties.datetime).localeCompare(String(a.properties.datetime)) || b.id.localeCompare(a.id));
    const limit = Math.max(1, Math.min(Number(body.limit ?? 10) || 10, maxPageSize));
    const after = typeof body.token === 'string' ? /^next:[^:]+:(.+)$/.exec(body.token)?.[1] : undefined;
    const start = after === undefined ? 0 : matches.findIndex((item) => item.id === after) + 1;
    const page = matches.slice(start, start + limit);
    const links: Array<Record<string, unknown>> = [
      { rel: 'root', type: 'application/json', href: `${baseUrl}/api/stac/v1/` },
      { rel: 'self', type: 'application/json', href: `${baseUrl}/api/stac/v1/search` },
    ];
    if (start + limit < matches.length) {
      const { token: _previous, ...rest } = body;
      links.push({
        rel: 'next',
        type: 'application/geo+json',
        method: 'POST',
        href: `${baseUrl}/api/stac/v1/search`,
        body: { ...rest, token: `next:${String(page.at(-1)!.collection)}:${page.at(-1)!.id}` },
      });
    }
    return { type: 'FeatureCollection', features: page.map((item) => rewrite(item)), links };
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: baseUrl,
    stacUrl: `${baseUrl}/api/stac/v1`,
    tokenUrl: `${baseUrl}/api/sas/v1/token/landsat-c2-l2`,
    recordedItems,
    searches,
    tokens,
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}



