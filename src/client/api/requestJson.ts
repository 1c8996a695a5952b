import { apiRequestErrorFrom } from './ApiRequestError.js';

/** GET/POST a JSON endpoint; non-2xx answers become ApiRequestError with the server's message. */
export async function requestJson<T>(url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, { ...init, headers: { Accept: 'application/json', ...init.headers } });
  if (!response.ok) throw await apiRequestErrorFrom(response);
  return (await response.json()) as T;
}
