import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiRequestError, isAbortError } from './ApiRequestError.js';
import { isFirstCount, readNdjsonProgress, type StreamProgress } from './readNdjsonProgress.js';

/** A Response whose body hands out the given chunks one read at a time (lines split across chunks). */
function streamedResponse(chunks: string[], { hang = false } = {}): Response {
  const encoder = new TextEncoder();
  let i = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i < chunks.length) controller.enqueue(encoder.encode(chunks[i++]));
      else if (!hang) controller.close();
      // hang: never close, like a server still working.
      else return new Promise<void>(() => undefined);
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'application/x-ndjson' } });
}

afterEach(() => vi.unstubAllGlobals());

/** A result shape for the tests (the page passes the call's schema from src/shared/api). */
const scenesSchema = z.object({ scenes: z.array(z.object({ id: z.string() })) });
const anything = z.unknown();

describe('readNdjsonProgress', () => {
  it('reports progress lines and resolves with the result, even when lines are split across chunks', async () => {
    const result = { scenes: [{ id: 'A' }] };
    const text = [
      JSON.stringify({ type: 'progress', done: 0, total: null }),
      JSON.stringify({ type: 'progress', done: 12, total: 45 }),
      JSON.stringify({ type: 'result', result }),
    ].join('\n') + '\n';
    const fetchMock = vi.fn(async () => streamedResponse([text.slice(0, 20), text.slice(20, 61), text.slice(61)]));
    vi.stubGlobal('fetch', fetchMock);
    const seen: StreamProgress[] = [];
    const answer = await readNdjsonProgress('/api/pixel/stream?lat=1&lon=2', scenesSchema, { onProgress: (p) => seen.push(p) });
    expect(answer).toEqual(result);
    expect(seen).toEqual([
      { done: 0, total: null },
      { done: 12, total: 45 },
    ]);
    expect(fetchMock).toHaveBeenCalledWith('/api/pixel/stream?lat=1&lon=2', expect.objectContaining({ headers: { Accept: 'application/x-ndjson' } }));
  });

  it('accepts a last line without a trailing newline', async () => {
    vi.stubGlobal('fetch', async () => streamedResponse(['{"type":"result","result":42}']));
    await expect(readNdjsonProgress('/x', anything)).resolves.toBe(42);
  });

  it('turns an error line into an ApiRequestError with the server code, message and status', async () => {
    vi.stubGlobal('fetch', async () =>
      streamedResponse(['{"type":"progress","done":1,"total":3}\n{"type":"error","error":{"code":"upstream_timeout","message":"too slow"},"status":504}\n']),
    );
    const err = await readNdjsonProgress('/x', anything).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiRequestError);
    expect(err).toMatchObject({ status: 504, code: 'upstream_timeout', message: 'too slow' });
  });

  it('reports a non-2xx answer with the JSON error body', async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ error: { code: 'bad_request', message: 'lat is required' } }), { status: 400 }));
    await expect(readNdjsonProgress('/x', anything)).rejects.toMatchObject({ status: 400, code: 'bad_request', message: 'lat is required' });
  });

  it('fails plainly when the stream ends without a result', async () => {
    vi.stubGlobal('fetch', async () => streamedResponse(['{"type":"progress","done":1,"total":3}\n']));
    await expect(readNdjsonProgress('/x', anything)).rejects.toMatchObject({ code: 'stream_ended' });
  });

  it('stops reading and rejects with an abort error when the signal is aborted', async () => {
    vi.stubGlobal('fetch', async () => streamedResponse(['{"type":"progress","done":1,"total":3}\n'], { hang: true }));
    const controller = new AbortController();
    const seen: StreamProgress[] = [];
    const pending = readNdjsonProgress('/x', anything, {
      signal: controller.signal,
      onProgress: (p) => {
        seen.push(p);
        controller.abort();
      },
    });
    const err = await pending.catch((e: unknown) => e);
    expect(isAbortError(err)).toBe(true);
    expect(seen).toHaveLength(1);
  });

  it('reads item lines with their schema and hands each one over before the result', async () => {
    const items: { id: string }[] = [];
    vi.stubGlobal('fetch', async () => streamedResponse(['{"type":"item","item":{"id":"A"}}\n{"type":"item","item":{"id":"B"}}\n{"type":"result","result":{"scenes":[{"id":"A"},{"id":"B"}]}}\n']));
    const answer = await readNdjsonProgress('/x', scenesSchema, { items: { schema: z.object({ id: z.string() }), onItem: (item) => items.push(item) } });
    expect(items).toEqual([{ id: 'A' }, { id: 'B' }]);
    expect(answer.scenes).toHaveLength(2);
  });

  it.each([
    ['a line that is not JSON', '{"type":"progress","done":1,\n', /not JSON/],
    ['a line of an unknown kind', '{"type":"chunk","bytes":12}\n', /cannot read/],
    ['a progress line without its count', '{"type":"progress","total":3}\n', /done/],
    ['a result of another shape than the call answers', '{"type":"result","result":{"scenes":[{"id":7}]}}\n', /result\.scenes\.0\.id/],
    ['an error line without a message', '{"type":"error","error":{"code":"x"}}\n', /error\.message/],
  ])('%s rejects with a bad_stream error that says what was wrong', async (_what, text, words) => {
    vi.stubGlobal('fetch', async () => streamedResponse([text]));
    const err = await readNdjsonProgress('/x', scenesSchema).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiRequestError);
    expect(err).toMatchObject({ code: 'bad_stream' });
    expect((err as Error).message).toMatch(/^The server sent a line the page cannot read/);
    expect((err as Error).message).toMatch(words);
  });

  it('rejects an item line of another shape than the call sends', async () => {
    vi.stubGlobal('fetch', async () => streamedResponse(['{"type":"item","item":{"name":"A"}}\n']));
    const err = await readNdjsonProgress('/x', scenesSchema, { items: { schema: z.object({ id: z.string() }), onItem: () => undefined } }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'bad_stream' });
    expect((err as Error).message).toMatch(/item\.id/);
  });

  it('reports progress lines while the answer schemas still load: they are awaited when the result comes', async () => {
    vi.stubGlobal('fetch', async () => streamedResponse(['{"type":"progress","done":0,"total":2}\n', '{"type":"result","result":{"scenes":[]}}\n']));
    let loadSchema: (schema: typeof scenesSchema) => void = () => undefined;
    const schemaLoaded = new Promise<typeof scenesSchema>((resolve) => (loadSchema = resolve));
    const progress: StreamProgress[] = [];
    const answer = readNdjsonProgress('/x', () => schemaLoaded, { onProgress: (p) => progress.push(p) });
    await vi.waitFor(() => expect(progress).toEqual([{ done: 0, total: 2 }]));
    loadSchema(scenesSchema);
    await expect(answer).resolves.toEqual({ scenes: [] });
  });
});

describe('isFirstCount', () => {
  it.each<[string, StreamProgress | null, StreamProgress, boolean]>([
    ['the first count of scenes', { done: 0, total: null }, { done: 0, total: 1842 }, true],
    ['the first count of scenes, straight after nothing', null, { done: 0, total: 1842 }, true],
    ['a later count of scenes', { done: 0, total: 1842 }, { done: 1, total: 1842 }, false],
    ['the first count of the search', { done: 0, total: null }, { done: 0, total: null, searched: { checked: 16, candidates: 1842 } }, true],
    ['a later count of the search', { done: 0, total: null, searched: { checked: 16, candidates: 1842 } }, { done: 0, total: null, searched: { checked: 640, candidates: 1842 } }, false],
    ['the scenes counted after the search', { done: 0, total: null, searched: { checked: 1842, candidates: 1842 } }, { done: 0, total: 931 }, true],
    ['no count yet', null, { done: 0, total: null }, false],
  ])('%s', (_what, previous, next, expected) => {
    expect(isFirstCount(previous, next)).toBe(expected);
  });
});
