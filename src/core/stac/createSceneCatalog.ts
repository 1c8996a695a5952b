import path from 'node:path';
import { fetchArchiveJson } from './fetchArchiveJson.js';
import { createLocalCatalog } from './createLocalCatalog.js';
import {
  PLANETARY_COMPUTER_COLLECTION,
  PLANETARY_COMPUTER_STAC_URL,
  createPlanetaryComputerCatalog,
} from './createPlanetaryComputerCatalog.js';
import { createStacApiCatalog } from './createStacApiCatalog.js';
import type { SceneCatalog } from './sceneCatalog.js';

export type LandsatSourceKind = 'planetary-computer' | 'stac' | 'local' | 'demo' | 'auto';

export interface LandsatSource {
  kind: LandsatSourceKind;
  /** STAC API root, for kind 'stac'. */
  url?: string;
  /** Absolute folder, for kind 'local'. */
  dir?: string;
}

const USAGE = "LANDSAT_SOURCE must be 'planetary-computer', 'stac:<http(s) URL of a STAC API>', 'local:<folder of STAC items>', 'demo' or 'auto'";

/** Parses a LANDSAT_SOURCE value; throws an Error saying what is accepted when it is not. */
export function parseLandsatSource(value: string): LandsatSource {
  const trimmed = (value ?? '').trim();
  if (trimmed === 'planetary-computer' || trimmed === 'demo' || trimmed === 'auto') return { kind: trimmed };
  if (trimmed.startsWith('stac:')) {
    const url = trimmed.slice('stac:'.length).trim();
    let parsed: URL | null = null;
    try {
      parsed = new URL(url);
    } catch {
      parsed = null;
    }
    if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
      throw new Error(`${USAGE}; "${url}" after 'stac:' is not an http(s) URL`);
    }
    return { kind: 'stac', url: parsed.href.replace(/\/+$/, '') };
  }
  if (trimmed.startsWith('local:')) {
    const dir = trimmed.slice('local:'.length).trim();
    if (!dir) throw new Error(`${USAGE}; 'local:' needs a folder, e.g. local:/data/landsat`);
    return { kind: 'local', dir: path.resolve(dir) };
  }
  throw new Error(`${USAGE}; got "${trimmed}"`);
}

export interface CreateSceneCatalogOptions {
  fetch?: typeof fetch;
  /** Per upstream request; default 10 s. */
  timeoutMs?: number;
  /** Builds the synthetic demo archive (src/core/demo), for 'demo' and as the 'auto' fallback. */
  demo?: () => Promise<SceneCatalog>;
  /** Time allowed to the 'auto' probe of the Planetary Computer; default 3 s. */
  probeTimeoutMs?: number;
  /** Planetary Computer endpoints, overridable so tests can use a stand-in. */
  planetaryComputerStacUrl?: string;
  planetaryComputerTokenUrl?: string;
  /** Told which catalogue 'auto' chose and why, e.g. for the server log. */
  onAutoChoice?: (choice: { source: 'planetary-computer' | 'demo'; reason?: string }) => void;
}

/** The scene catalogue a LANDSAT_SOURCE value names. */
export async function createSceneCatalog(source: string, opts: CreateSceneCatalogOptions = {}): Promise<SceneCatalog> {
  const parsed = parseLandsatSource(source);
  const pcOptions = { fetch: opts.fetch, timeoutMs: opts.timeoutMs, stacUrl: opts.planetaryComputerStacUrl, tokenUrl: opts.planetaryComputerTokenUrl };
  switch (parsed.kind) {
    case 'planetary-computer':
      return createPlanetaryComputerCatalog(pcOptions);
    case 'stac':
      return createStacApiCatalog({ stacUrl: parsed.url!, fetch: opts.fetch, timeoutMs: opts.timeoutMs });
    case 'local':
      return createLocalCatalog({ dir: parsed.dir! });
    case 'demo':
      return requireDemo(opts)();
    case 'auto': {
      const demo = requireDemo(opts);
      const stacUrl = (opts.planetaryComputerStacUrl ?? PLANETARY_COMPUTER_STAC_URL).replace(/\/+$/, '');
      try {
        // One quick look at the collection, without retries: a machine offline should fall back at once.
        await fetchArchiveJson(`${stacUrl}/collections/${PLANETARY_COMPUTER_COLLECTION}`, { method: 'GET', headers: { accept: 'application/json' } }, {
          fetch: opts.fetch ?? globalThis.fetch,
          archiveName: 'Planetary Computer',
          timeoutMs: opts.probeTimeoutMs ?? 3_000,
          retries: 0,
        });
      } catch (error) {
        opts.onAutoChoice?.({ source: 'demo', reason: error instanceof Error ? error.message : String(error) });
        return demo();
      }
      opts.onAutoChoice?.({ source: 'planetary-computer' });
      return createPlanetaryComputerCatalog(pcOptions);
    }
  }
}

function requireDemo(opts: CreateSceneCatalogOptions): () => Promise<SceneCatalog> {
  if (!opts.demo) throw new Error("LANDSAT_SOURCE 'demo' and 'auto' need the demo archive, but no demo factory was given");
  return opts.demo;
}
