import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * The serialiser of a series answer (an envelope whose `itemsKey` array holds one part per scene): the
 * same bytes as app.ts's zod serialiser (zod's encode, then JSON.stringify), but each item is checked
 * against `itemSchema` and written once, its JSON then reused for as long as the object lives. The core
 * hands the same objects out again for a repeated series (pixelSceneMemo.ts): a 40-year record (1,000
 * scenes, 5 MB of JSON) spent 70-140 ms in zod and 55-75 ms in JSON.stringify on every answer; warm,
 * it is now a join. The envelope is still checked on every answer, its items left out.
 */
export function seriesSerializer(itemsKey: string, itemSchema: z.ZodType): FastifySerializerCompiler<unknown> {
  // By the item object itself: no key to build, and the entry goes when the core lets the object go.
  const itemJson = new WeakMap<object, string>();
  return ({ schema, method, url }) => {
    // Fastify compiles each status code's response schema on its own: here, a zod schema.
    const answerSchema = schema as z.ZodType;
    const jsonOf = (item: unknown): string => {
      const known = typeof item === 'object' && item !== null ? itemJson.get(item) : undefined;
      if (known !== undefined) return known;
      const checked = z.safeEncode(itemSchema, item);
      if (checked.error) throw new ResponseSerializationError(method, url, { cause: checked.error });
      const json = JSON.stringify(checked.data);
      if (typeof item === 'object' && item !== null) itemJson.set(item, json);
      return json;
    };
    return (data) => {
      const answer = data as Record<string, unknown>;
      const items = answer[itemsKey];
      // The envelope with an empty list stands for the whole: checked, and in zod's key order (the schema's, then extensions).
      const envelope = z.safeEncode(answerSchema, { ...answer, [itemsKey]: [] });
      if (envelope.error) throw new ResponseSerializationError(method, url, { cause: envelope.error });
      if (!Array.isArray(items)) throw new ResponseSerializationError(method, url, { cause: new z.ZodError([{ code: 'custom', path: [itemsKey], message: 'expected an array', input: items }]) });
      const parts: string[] = [];
      for (const [key, value] of Object.entries(envelope.data as Record<string, unknown>)) {
        if (value === undefined) continue; // as JSON.stringify leaves it out
        parts.push(`${JSON.stringify(key)}:${key === itemsKey ? `[${items.map(jsonOf).join(',')}]` : JSON.stringify(value)}`);
      }
      return `{${parts.join(',')}}`;
    };
  };
}
