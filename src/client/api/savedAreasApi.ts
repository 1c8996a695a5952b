import { requestJson, requestResponse } from './requestJson.js';

/** Loaded when a polygon is kept, not on the first screen (requestJson.ts). */
const savedAreaCreatedSchema = () => import('../../shared/api/savedAreas.js').then((m) => m.savedAreaCreatedSchema);

/** POST /api/areas: keeps a polygon too long for a link; its short id goes in the link (`areaId`). */
export async function saveAreaForLink(geometry: unknown, signal?: AbortSignal): Promise<string> {
  const answer = await requestJson('/api/areas', savedAreaCreatedSchema, { method: 'POST', signal, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(geometry) });
  return answer.id;
}

/** GET /api/areas/{id}: the polygon a link names by id, as GeoJSON. */
export async function loadSavedArea(id: string, signal?: AbortSignal): Promise<unknown> {
  const response = await requestResponse(`/api/areas/${encodeURIComponent(id)}`, { signal, headers: { Accept: 'application/geo+json, application/json' } });
  return response.json() as Promise<unknown>;
}
