import type { LandsatScene } from '../stac/landsatScene.js';
import type { SceneCatalog } from '../stac/sceneCatalog.js';
import { seedBBoxFromTile, wrs2Tile, WRS2_PATHS, WRS2_ROWS } from '../wrs2/wrs2.js';
import { isCalendarDate } from '../time/calendarDate.js';
import { NoSceneError } from './landsatService.js';

/**
 * Collection 2 product ids read `LXSS_L2SP_PPPRRR_YYYYMMDD_…` (the demo archive uses the same form):
 * https://www.usgs.gov/faqs/what-naming-convention-landsat-collection-2-level-1-and-level-2-scenes
 */
export function parseSceneId(id: string): { path: number; row: number; date: string } | null {
  const m = /^L[COTE]0[45789]_L2S[PR]_(\d{3})(\d{3})_(\d{4})(\d{2})(\d{2})_/.exec(id);
  if (!m) return null;
  return { path: Number(m[1]), row: Number(m[2]), date: `${m[3]}-${m[4]}-${m[5]}` };
}

/** A scene by the id the answers name it: a one-day search over its own WRS-2 tile's box. NoSceneError (404) when absent. */
export async function findSceneById(catalog: SceneCatalog, id: string, signal?: AbortSignal): Promise<LandsatScene> {
  const parsed = parseSceneId(id);
  if (!parsed) throw new NoSceneError(`"${id}" is not a Landsat Collection 2 Level-2 scene id (e.g. LC08_L2SP_PPPRRR_YYYYMMDD_…, LT05_…, LE07_…).`);
  // WRS-2 has paths 1-233 and rows 1-248; a day that does not exist (20230231) names no scene either.
  if (parsed.path < 1 || parsed.path > WRS2_PATHS || parsed.row < 1 || parsed.row > WRS2_ROWS) {
    throw new NoSceneError(`Scene ${id} cannot exist: WRS-2 path must be 001-${WRS2_PATHS} and row 001-${WRS2_ROWS}, this id names path ${parsed.path}, row ${parsed.row}.`);
  }
  if (!isCalendarDate(parsed.date)) {
    throw new NoSceneError(`Scene ${id} cannot exist: its acquisition day ${parsed.date} is not a calendar date.`);
  }
  const box = seedBBoxFromTile(wrs2Tile(parsed.path, parsed.row));
  const found = await catalog.search({ bboxLngLat: [box.minLon, box.minLat, box.maxLon, box.maxLat], startDate: parsed.date, endDate: parsed.date, maxCloudCover: 100, limit: 50, signal });
  const scene = found.scenes.find((s) => s.id === id);
  if (!scene) throw new NoSceneError(`Scene ${id} is not in the archive (${catalog.name}).`);
  return scene;
}
