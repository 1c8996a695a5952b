import { ArchiveUnavailableError } from './archiveErrors.js';
import { fetchArchiveJson } from './fetchArchiveJson.js';

export interface SasTokenSignerOptions {
  /** e.g. https://planetarycomputer.microsoft.com/api/sas/v1/token/landsat-c2-l2 */
  tokenUrl: string;
  fetch: typeof fetch;
  timeoutMs: number;
  archiveName: string;
  /** Clock in ms since the epoch; injectable for tests. */
  now?: () => number;
  /** Refresh this long before the token expires (at most half its lifetime). Default 5 minutes. */
  refreshMarginMs?: number;
  retryDelayMs?: number;
}

export interface SasTokenSigner {
  /** The current token (query string without '?'), fetched or refreshed when needed. */
  getToken(signal?: AbortSignal): Promise<string>;
  /** Appends the token to an http(s) URL; other hrefs come back unchanged. */
  signHref(href: string, signal?: AbortSignal): Promise<string>;
}

interface CachedToken {
  token: string;
  refreshAtMs: number;
}

/**
 * Planetary Computer blobs are read with an anonymous SAS token per collection
 * (https://planetarycomputer.microsoft.com/docs/concepts/sas/): GET the token endpoint, get
 * {"msft:expiry": ISO time, "token": "st=…&se=…&sig=…"}, append the token as the blob URL's query.
 * The token is cached until shortly before it expires; concurrent callers share one request, and a
 * failed request is not cached, so the next caller tries again.
 */
export function createSasTokenSigner(options: SasTokenSignerOptions): SasTokenSigner {
  const now = options.now ?? Date.now;
  const refreshMarginMs = options.refreshMarginMs ?? 5 * 60_000;
  let cached: CachedToken | null = null;
  let pending: Promise<CachedToken> | null = null;

  async function requestToken(): Promise<CachedToken> {
    const requestedAtMs = now();
    // Deliberately without a caller's signal: the request is shared, one caller leaving must not fail the others.
    const { body } = await fetchArchiveJson(options.tokenUrl, { method: 'GET', headers: { accept: 'application/json' } }, {
      fetch: options.fetch,
      archiveName: options.archiveName,
      timeoutMs: options.timeoutMs,
      retryDelayMs: options.retryDelayMs,
    });
    const record = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    const token = record.token;
    const expiryMs = typeof record['msft:expiry'] === 'string' ? Date.parse(record['msft:expiry']) : NaN;
    if (typeof token !== 'string' || token === '' || Number.isNaN(expiryMs)) {
      throw new ArchiveUnavailableError(options.archiveName, 'the data access token service answered without a usable token');
    }
    const lifetimeMs = Math.max(0, expiryMs - requestedAtMs);
    return { token: token.replace(/^\?/, ''), refreshAtMs: expiryMs - Math.min(refreshMarginMs, lifetimeMs / 2) };
  }

  async function getToken(signal?: AbortSignal): Promise<string> {
    signal?.throwIfAborted();
    if (cached && now() < cached.refreshAtMs) return cached.token;
    if (!pending) {
      pending = requestToken().then(
        (fresh) => {
          cached = fresh;
          pending = null;
          return fresh;
        },
        (error: unknown) => {
          pending = null;
          throw error;
        },
      );
    }
    return (await waitUnlessAborted(pending, signal)).token;
  }

  return {
    getToken,
    async signHref(href: string, signal?: AbortSignal): Promise<string> {
      if (!/^https?:\/\//i.test(href)) return href;
      if (/[?&]sig=/.test(href)) return href;
      const token = await getToken(signal);
      return `${href}${href.includes('?') ? '&' : '?'}${token}`;
    },
  };
}

function waitUnlessAborted<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
