import type { z } from 'zod';
import { apiRequestErrorFrom } from './ApiRequestError.js';

/** The page's one way to the server: non-2xx answers become ApiRequestError with the server's message. */
export async function requestResponse(url: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(url, init);
  if (!response.ok) throw await apiRequestErrorFrom(response);
  return response;
}

/** GET/POST a JSON endpoint and read the answer with the call's schema from src/shared/api. */
export async function requestJson<S extends z.ZodType>(url: string, schema: S, init: RequestInit = {}): Promise<z.output<S>> {
  const response = await requestResponse(url, { ...init, headers: { Accept: 'application/json', ...init.headers } });
  return schema.parse(await response.json());
}
