import type { $ZodType, output } from 'zod/v4/core';
import { apiRequestErrorFrom } from './ApiRequestError.js';

/** A call's schema from src/shared/api: classic zod or zod/mini (both have `parse`). */
export type ApiSchema = $ZodType & { parse(data: unknown): unknown };

/**
 * The schema, or a loader of its module. Issue 33: classic zod (~26 KB over the wire) stays off the
 * first screen; a call made later loads its schema (and zod) beside its request, not before it.
 */
export type SchemaSource<S extends ApiSchema> = S | (() => Promise<S>);

export const schemaFrom = <S extends ApiSchema>(source: SchemaSource<S>): Promise<S> | S => (typeof source === 'function' ? (source as () => Promise<S>)() : source);

/** The page's one way to the server: non-2xx answers become ApiRequestError with the server's message. */
export async function requestResponse(url: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(url, init);
  if (!response.ok) throw await apiRequestErrorFrom(response);
  return response;
}

/** GET/POST a JSON endpoint and read the answer with the call's schema from src/shared/api. */
export async function requestJson<S extends ApiSchema>(url: string, schema: SchemaSource<S>, init: RequestInit = {}): Promise<output<S>> {
  const [response, loaded] = await Promise.all([requestResponse(url, { ...init, headers: { Accept: 'application/json', ...init.headers } }), schemaFrom(schema)]);
  return loaded.parse(await response.json()) as output<S>;
}
