import { describe, expect, it } from 'vitest';
import { ArchiveUnavailableError } from './archiveErrors.js';
import { createSasTokenSigner } from './createSasTokenSigner.js';

const T0 = Date.parse('2024-05-01T12:00:00Z');

/** A token endpoint stand-in issuing numbered tokens valid for `ttlMs` from the fake clock. */
function tokenEndpoint(clock: { now: number }, ttlMs: number) {
  let requests = 0;
  const failures: number[] = [];
  const fetchImpl = (async () => {
    requests++;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const status = failures.shift();
    if (status) return new Response('{}', { status });
    return Response.json({ 'msft:expiry': new Date(clock.now + ttlMs).toISOString(), token: `se=x&sig=token${requests}` });
  }) as typeof fetch;
  return { fetchImpl, get requests() { return requests; }, failNext: (status: number) => failures.push(status) };
}

describe('createSasTokenSigner', () => {
  const setup = (ttlMs = 60 * 60_000) => {
    const clock = { now: T0 };
    const endpoint = tokenEndpoint(clock, ttlMs);
    const signer = createSasTokenSigner({ tokenUrl: 'https://pc.test/token', fetch: endpoint.fetchImpl, timeoutMs: 1000, archiveName: 'Planetary Computer', now: () => clock.now, retryDelayMs: 1 });
    return { clock, endpoint, signer };
  };

  it('appends the token with ? or &, and leaves file paths alone', async () => {
    const { signer } = setup();
    await expect(signer.signHref('https://blob.test/a/B4.TIF')).resolves.toBe('https://blob.test/a/B4.TIF?se=x&sig=token1');
    await expect(signer.signHref('https://blob.test/a/B4.TIF?v=1')).resolves.toBe('https://blob.test/a/B4.TIF?v=1&se=x&sig=token1');
    await expect(signer.signHref('/data/B4.TIF')).resolves.toBe('/data/B4.TIF');
  });

  it('caches the token until shortly before it expires, then refreshes', async () => {
    const { clock, endpoint, signer } = setup(60 * 60_000);
    expect(await signer.getToken()).toBe('se=x&sig=token1');
    clock.now = T0 + 54 * 60_000; // 6 min left: more than the 5 min margin
    expect(await signer.getToken()).toBe('se=x&sig=token1');
    expect(endpoint.requests).toBe(1);
    clock.now = T0 + 56 * 60_000; // 4 min left
    expect(await signer.getToken()).toBe('se=x&sig=token2');
    expect(endpoint.requests).toBe(2);
  });

  it('refreshes short-lived tokens at half their life', async () => {
    const { clock, endpoint, signer } = setup(4 * 60_000);
    await signer.getToken();
    clock.now = T0 + 1.9 * 60_000;
    await signer.getToken();
    expect(endpoint.requests).toBe(1);
    clock.now = T0 + 2.1 * 60_000;
    await signer.getToken();
    expect(endpoint.requests).toBe(2);
  });

  it('shares one request between concurrent callers', async () => {
    const { endpoint, signer } = setup();
    const tokens = await Promise.all(Array.from({ length: 8 }, () => signer.getToken()));
    expect(new Set(tokens)).toEqual(new Set(['se=x&sig=token1']));
    expect(endpoint.requests).toBe(1);
  });

  it('does not cache a failure', async () => {
    const { endpoint, signer } = setup();
    endpoint.failNext(500);
    endpoint.failNext(500);
    endpoint.failNext(500);
    await expect(signer.getToken()).rejects.toBeInstanceOf(ArchiveUnavailableError);
    expect(endpoint.requests).toBe(3);
    await expect(signer.getToken()).resolves.toBe('se=x&sig=token4');
  });

  it("lets one caller abort without failing the shared request", async () => {
    const { endpoint, signer } = setup();
    const controller = new AbortController();
    const leaving = signer.getToken(controller.signal);
    const staying = signer.getToken();
    controller.abort(new Error('left'));
    await expect(leaving).rejects.toThrow('left');
    await expect(staying).resolves.toBe('se=x&sig=token1');
    expect(endpoint.requests).toBe(1);
  });

  it('rejects an answer without a token', async () => {
    const signer = createSasTokenSigner({
      tokenUrl: 'https://pc.test/token', fetch: (async () => Response.json({ hello: 1 })) as typeof fetch, timeoutMs: 1000, archiveName: 'Planetary Computer',
    });
    await expect(signer.getToken()).rejects.toThrow(/without a usable token/);
  });
});
