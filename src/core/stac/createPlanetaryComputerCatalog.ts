import { createSasTokenSigner } from './createSasTokenSigner.js';
import { createStacApiCatalog } from './createStacApiCatalog.js';
import type { SceneCatalog } from './sceneCatalog.js';

export const PLANETARY_COMPUTER_STAC_URL = 'https://planetarycomputer.microsoft.com/api/stac/v1';
export const PLANETARY_COMPUTER_TOKEN_URL = 'https://planetarycomputer.microsoft.com/api/sas/v1/token/landsat-c2-l2';
export const PLANETARY_COMPUTER_COLLECTION = 'landsat-c2-l2';

export interface PlanetaryComputerCatalogOptions {
  /** Overridable so tests can point at a stand-in server. */
  stacUrl?: string;
  tokenUrl?: string;
  fetch?: typeof fetch;
  /** Per request; default 10 s. */
  timeoutMs?: number;
  /** Clock for SAS token expiry; injectable for tests. */
  now?: () => number;
  retryDelayMs?: number;
  tokenRefreshMarginMs?: number;
}

/**
 * Microsoft Planetary Computer's public `landsat-c2-l2` collection: searched through its STAC API,
 * assets read from Azure Blob Storage with an anonymous SAS token appended (no account needed;
 * https://planetarycomputer.microsoft.com/docs/concepts/sas/). Search answers carry unsigned hrefs;
 * signing happens in resolveAssetHref so a token is only fetched when pixels are actually read.
 */
export function createPlanetaryComputerCatalog(options: PlanetaryComputerCatalogOptions = {}): SceneCatalog {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const archiveName = 'Planetary Computer';
  const signer = createSasTokenSigner({
    tokenUrl: options.tokenUrl ?? PLANETARY_COMPUTER_TOKEN_URL,
    fetch: fetchImpl,
    timeoutMs,
    archiveName,
    now: options.now,
    refreshMarginMs: options.tokenRefreshMarginMs,
    retryDelayMs: options.retryDelayMs,
  });
  return createStacApiCatalog({
    stacUrl: options.stacUrl ?? PLANETARY_COMPUTER_STAC_URL,
    name: 'planetary-computer',
    archiveName,
    collections: [PLANETARY_COMPUTER_COLLECTION],
    fetch: fetchImpl,
    timeoutMs,
    retryDelayMs: options.retryDelayMs,
    resolveAssetHref: (href, signal) => signer.signHref(href, signal),
  });
}
