import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import * as zm from 'zod/mini';
import { ApiRequestError } from './ApiRequestError.js';
import { requestJson } from './requestJson.js';

afterEach(() => vi.unstubAllGlobals());

const answerSchema = z.object({ id: z.string(), count: z.number() });

describe('requestJson', () => {
  it('with a schema loader, asks the server before the schema has loaded, then reads the answer with it', async () => {
    const order: string[] = [];
    let loaded!: (schema: typeof answerSchema) => void;
    const loader = () => {
      order.push('schema asked');
      return new Promise<typeof answerSchema>((resolve) => (loaded = resolve));
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        order.push('fetch');
        return Response.json({ id: 'A', count: 3, extra: true });
      }),
    );
    const answer = requestJson('/api/thing', loader);
    // Both started at once: the request does not wait for the schema's module.
    await vi.waitFor(() => expect(order).toEqual(['fetch', 'schema asked']));
    loaded(answerSchema);
    await expect(answer).resolves.toEqual({ id: 'A', count: 3 });
  });

  it('reads with a zod/mini schema as with a classic one, and refuses an answer of another shape', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ id: 'A', count: 'three' })));
    await expect(requestJson('/api/thing', zm.object({ id: zm.string(), count: zm.number() }))).rejects.toThrow(/count/);
    await expect(requestJson('/api/thing', async () => answerSchema)).rejects.toThrow(/count/);
  });

  it("turns the server's error answer into an ApiRequestError, whatever the schema's state", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ error: { code: 'bad_thing', message: 'Say it otherwise.' } }, { status: 400 })));
    const failure = await requestJson('/api/thing', async () => answerSchema).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(ApiRequestError);
    expect(failure).toMatchObject({ status: 400, code: 'bad_thing', message: 'Say it otherwise.' });
  });
});
