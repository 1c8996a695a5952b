import type { LandsatScene } from './landsatScene.js';
import type { SceneQuery, SceneSearchResult } from './sceneCatalog.js';
import { footprintIntersectsBBox } from './footprintIntersectsBBox.js';

const DAY_MS = 86_400_000;

export interface QueryTimeRange {
  startMs: number;
  /** First millisecond after the end date: the end date counts as a whole UTC day. */
  endMsExclusive: number;
}

/** The query's inclusive UTC dates as a half-open millisecond range. Throws RangeError for malformed dates. */
export function queryTimeRange(query: Pick<SceneQuery, 'startDate' | 'endDate'>): QueryTimeRange {
  return { startMs: parseUtcDay(query.startDate, 'startDate'), endMsExclusive: parseUtcDay(query.endDate, 'endDate') + DAY_MS };
}

/**
 * The predicate every catalogue applies in memory, even behind a STAC API that filters too: servers
 * differ in what they honour (some ignore `query`, some test only the item bbox), and the result the
 * person sees must mean the same whatever LANDSAT_SOURCE is.
 */
export function sceneQueryFilter(query: SceneQuery): (scene: LandsatScene) => boolean {
  const { startMs, endMsExclusive } = queryTimeRange(query);
  return (scene) => {
    const timeMs = Date.parse(scene.datetime);
    return (
      timeMs >= startMs &&
      timeMs < endMsExclusive &&
      scene.cloudCover <= query.maxCloudCover &&
      footprintIntersectsBBox(scene.footprintLngLat, query.bboxLngLat)
    );
  };
}

/**
 * Keeps the `limit` most recent scenes (a person looking for imagery wants the latest), returned
 * oldest first; duplicates by id are dropped. `moreExist` marks results cut short upstream.
 */
export function keepMostRecent(scenes: readonly LandsatScene[], limit: number, moreExist = false): SceneSearchResult {
  const byId = new Map<string, LandsatScene>();
  for (const scene of scenes) if (!byId.has(scene.id)) byId.set(scene.id, scene);
  const newestFirst = [...byId.values()].sort((a, b) => Date.parse(b.datetime) - Date.parse(a.datetime) || b.id.localeCompare(a.id));
  const kept = newestFirst.slice(0, Math.max(0, limit));
  return { scenes: kept.reverse(), truncated: moreExist || newestFirst.length > kept.length, limit };
}

function parseUtcDay(value: string, field: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const ms = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : NaN;
  if (!match || Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== value) {
    throw new RangeError(`${field} must be a date written YYYY-MM-DD, got "${value}"`);
  }
  return ms;
}
