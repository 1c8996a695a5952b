import { describe, expect, it } from 'vitest';
import { ArchiveTimeoutError, ArchiveUnavailableError } from './archiveErrors.js';
import { fetchArchiveJson } from './fetchArchiveJson.js';

type Answer = () => Response | Promise<Response>;

/** A fetch stand-in answering from a script and counting calls; it honours the signal like undici. */
function scriptedFetch(answers: Answer[]) {
  const calls: string[] = [];
  const fetchImpl = (async (input: string | URL | Request, init?: RequestInit) => {
    calls.push(String(input));
    init?.signal?.throwIfAborted();
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)];
    return answer();
  }) as typeof fetch;
  return { fetchImpl, calls };
}
const json = (body: unknown, status = 200) => () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const never: Answer = () => new Promise<Response>(() => {});
const opts = (fetchImpl: typeof fetch, extra: Partial<Parameters<typeof fetchArchiveJson>[2]> = {}) => ({
  fetch: fetchImpl, archiveName: 'Planetary Computer', timeoutMs: 1000, retryDelayMs: 1, ...extra,
});

describe('fetchArchiveJson', () => {
  it('returns parsed JSON', async () => {
    const { fetchImpl } = scriptedFetch([json({ ok: 1 })]);
    await expect(fetchArchiveJson('https://a.test/x', {}, opts(fetchImpl))).resolves.toEqual({ status: 200, body: { ok: 1 } });
  });

  it('retries 5xx and network failures, then succeeds', async () => {
    const { fetchImpl, calls } = scriptedFetch([json({}, 503), () => Promise.reject(new TypeError('fetch failed')), json({ ok: 2 })]);
    const { body } = await fetchArchiveJson('https://a.test/x', {}, opts(fetchImpl));
    expect(body).toEqual({ ok: 2 });
    expect(calls).toHaveLength(3);
  });

  it('passes on at once, untouched, an error the fetch wrapper marks final (a paused or refused host)', async () => {
    const refusal = Object.assign(new Error('requests paused'), { retryable: false });
    const { fetchImpl, calls } = scriptedFetch([() => Promise.reject(refusal), json({ ok: 1 })]);
    await expect(fetchArchiveJson('https://a.test/x', {}, opts(fetchImpl, { retryDelayMs: 500 }))).rejects.toBe(refusal);
    expect(calls).toHaveLength(1);
  });

  it('gives up after 2 retries with ArchiveUnavailableError naming the status', async () => {
    const { fetchImpl, calls } = scriptedFetch([json({ error: 'boom' }, 500)]);
    const failure = fetchArchiveJson('https://a.test/api/search?token=secret', {}, opts(fetchImpl));
    await expect(failure).rejects.toBeInstanceOf(ArchiveUnavailableError);
    await expect(failure).rejects.toMatchObject({ upstreamStatus: 500, statusCode: 502 });
    await expect(failure).rejects.toThrow(/Planetary Computer.*HTTP 500/);
    // Query strings can hold SAS tokens: they must not reach messages.
    await expect(failure).rejects.not.toThrow(/secret/);
    expect(calls).toHaveLength(3);
  });

  it('does not retry a 4xx refusal', async () => {
    const { fetchImpl, calls } = scriptedFetch([json({ description: 'bad bbox' }, 400)]);
    await expect(fetchArchiveJson('https://a.test/x', {}, opts(fetchImpl))).rejects.toThrow(/HTTP 400: .*bad bbox/);
    expect(calls).toHaveLength(1);
  });

  it('turns garbage into ArchiveUnavailableError', async () => {
    const { fetchImpl } = scriptedFetch([() => new Response('<html>Service Unavailable</html>', { status: 200 })]);
    await expect(fetchArchiveJson('https://a.test/x', {}, opts(fetchImpl))).rejects.toThrow(/not JSON/);
  });

  it('reports a timeout as ArchiveTimeoutError in words, without retrying', async () => {
    const { fetchImpl, calls } = scriptedFetch([never]);
    const started = Date.now();
    const failure = fetchArchiveJson('https://a.test/x', {}, opts(fetchImpl, { timeoutMs: 80 }));
    await expect(failure).rejects.toBeInstanceOf(ArchiveTimeoutError);
    await expect(failure).rejects.toThrow('The Landsat archive (Planetary Computer) did not answer within 80 ms');
    expect(Date.now() - started).toBeLessThan(1000);
    expect(calls).toHaveLength(1);
    const ten = new ArchiveTimeoutError('Planetary Computer', 10_000);
    expect(ten.message).toBe('The Landsat archive (Planetary Computer) did not answer within 10 s');
    expect(ten.statusCode).toBe(504);
    expect(new ArchiveTimeoutError('Planetary Computer', 2_500).message).toMatch(/within 2.5 s$/);
  });

  it('passes through statuses the caller handles', async () => {
    const { fetchImpl } = scriptedFetch([json({}, 405)]);
    await expect(fetchArchiveJson('https://a.test/x', {}, opts(fetchImpl, { passStatuses: [405] }))).resolves.toEqual({ status: 405, body: null });
  });

  it("rethrows the caller's abort as is and never retries it", async () => {
    const { fetchImpl, calls } = scriptedFetch([never]);
    const controller = new AbortController();
    const reason = new Error('person left');
    setTimeout(() => controller.abort(reason), 20);
    await expect(fetchArchiveJson('https://a.test/x', {}, opts(fetchImpl, { signal: controller.signal }))).rejects.toBe(reason);
    expect(calls).toHaveLength(1);
  });

  it('stops waiting between retries when the caller aborts', async () => {
    const { fetchImpl, calls } = scriptedFetch([json({}, 503)]);
    const controller = new AbortController();
    const failure = fetchArchiveJson('https://a.test/x', {}, opts(fetchImpl, { signal: controller.signal, retryDelayMs: 10_000 }));
    setTimeout(() => controller.abort(new Error('gone')), 30);
    await expect(failure).rejects.toThrow('gone');
    expect(calls).toHaveLength(1);
  });
});
