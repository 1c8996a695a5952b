/**
 * Why an answer holds no scene, for any source: the page turns this into words ("raise Cloud
 * Coverage to 23% to see 4 scenes", "Landsat 8 began in March 2013", "Landsat does not image open
 * ocean"), so that an empty answer never looks like a broken product.
 */
import { notImagedReason } from '../wrs2/notImagedReason.js';
import { wrs2SceneCenter } from '../wrs2/wrs2.js';
import { LANDSAT_MISSIONS, LEVEL2_RECORD_START } from '../bands/missions.js';
import type { SceneCatalog } from '../stac/sceneCatalog.js';

/** Why an answer holds no scene: `error.explanation` of a 404, `explanation` of an empty landsatData or pixel answer. */
export interface EmptyAnswerExplanation {
  startDate: string;
  endDate: string;
  /** The cloud limit asked for (percent). */
  cloudCoverage: number;
  /** Scenes the source holds for the place and dates before the cloud limit (counted up to 1000). */
  scenesInRange: number;
  /** True when there are more than `scenesInRange` (the count stopped). */
  scenesInRangeCapped: boolean;
  /** Lowest scene cloud cover among them (percent), null when there are none. */
  lowestCloudCover: number | null;
  /** The smallest whole-percent limit that shows a scene, and how many scenes it shows. */
  suggestedCloudCoverage: number | null;
  scenesAtSuggestedCloudCoverage: number | null;
  /** Acquisition day (YYYY-MM-DD) of the least cloudy scene, null when there are none. */
  lowestCloudCoverDate: string | null;
  /**
   * The limit the page's one-click way out fetches: the smallest multiple of 10 percent (at least the
   * suggested limit) keeping half the scenes in range, and how many scenes it shows.
   */
  seriesCloudCoverage: number | null;
  scenesAtSeriesCloudCoverage: number | null;
  /** First day of the source's Level-2 record (1982-08-22 for real archives, 2013-03-18 for the Landsat 8/9 demo), and per satellite. */
  recordStart: string;
  firstSceneDates: Record<string, string>;
  rangeStartsBeforeRecord: boolean;
  rangeEndsBeforeRecord: boolean;
  /** The whole range lies after today (UTC): no scene can exist yet. */
  rangeStartsInFuture: boolean;
  /**
   * Whether Landsat 8/9 image the place at all: false beyond the WRS-2 row limits (about 82 degrees
   * north and south) or over open ocean (no path/row with land or coast).
   */
  landsatImagesHere: boolean;
  notImagedReason: 'beyond_row_limits' | 'open_ocean' | null;
  /** The source holds every scene Landsat takes (the synthetic demo archive): an empty range is never its gap. */
  sourceIsComplete: boolean;
  source: string;
  synthetic: boolean;
}

export interface ExplainQuery {
  bboxLngLat: [number, number, number, number];
  startDate: string;
  endDate: string;
  cloudCoverage: number;
  signal?: AbortSignal;
  /** Count only this path/row's scenes (a scene box's statistics use no other). */
  pathRow?: { path: number; row: number };
  /** Today, for "these dates are in the future"; default the clock. */
  now?: Date;
}

/** Enough to say "raise the limit to N% to see M scenes" without listing decades of scenes. */
const COUNT_LIMIT = 1000;

/**
 * The cloud limit the page's one-click way out fetches: a series rather than the one least cloudy
 * scene. The smallest multiple of 10 percent (at least `suggested`) that keeps half the scenes in range.
 */
export function seriesCloudLimit(covers: number[], suggested: number): number {
  const wanted = Math.ceil(covers.length / 2);
  for (let limit = Math.ceil(suggested / 10) * 10; limit < 100; limit += 10) {
    if (covers.filter((c) => c <= limit).length >= wanted) return Math.max(limit, suggested);
  }
  return 100;
}

/** The degenerate box at a path/row's centre, which every scene of the path/row covers. */
function pathRowCentreBox({ path, row }: { path: number; row: number }): [number, number, number, number] {
  const [lon, lat] = wrs2SceneCenter(path, row);
  return [lon, lat, lon, lat];
}

export async function explainEmptyAnswer(catalog: SceneCatalog, query: ExplainQuery): Promise<EmptyAnswerExplanation> {
  const [minLon, minLat, maxLon, maxLat] = query.bboxLngLat;
  const centre: [number, number] = [(minLon + maxLon) / 2, (minLat + maxLat) / 2];
  const notImaged = notImagedReason(centre);
  // A path/row's scenes all cover its centre: searched there, the ten or so path/rows touching the box stay unexamined.
  const all = await catalog.search({
    bboxLngLat: query.pathRow ? pathRowCentreBox(query.pathRow) : query.bboxLngLat,
    startDate: query.startDate,
    endDate: query.endDate,
    maxCloudCover: 100,
    limit: COUNT_LIMIT,
    signal: query.signal,
  });
  // Every archive, the synthetic demo included, holds Landsat 4-9 from 1982.
  const recordStart = LEVEL2_RECORD_START;
  const firstSceneDates = Object.fromEntries(Object.values(LANDSAT_MISSIONS).map((m) => [m.satellite, m.firstSceneDate]));
  const pathRow = query.pathRow;
  const scenes = pathRow ? all.scenes.filter((s) => s.wrsPath === pathRow.path && s.wrsRow === pathRow.row) : all.scenes;
  const covers = scenes.map((s) => s.cloudCover).filter((c) => Number.isFinite(c));
  const lowest = covers.length > 0 ? Math.min(...covers) : null;
  const suggested = lowest !== null && lowest > query.cloudCoverage ? Math.min(100, Math.ceil(lowest)) : null;
  const leastCloudy = lowest === null ? null : scenes.find((s) => s.cloudCover === lowest) ?? null;
  const series = suggested === null ? null : seriesCloudLimit(covers, suggested);
  return {
    startDate: query.startDate,
    endDate: query.endDate,
    cloudCoverage: query.cloudCoverage,
    scenesInRange: scenes.length,
    scenesInRangeCapped: all.truncated,
    lowestCloudCover: lowest,
    suggestedCloudCoverage: suggested,
    scenesAtSuggestedCloudCoverage: suggested === null ? null : covers.filter((c) => c <= suggested).length,
    lowestCloudCoverDate: leastCloudy ? leastCloudy.datetime.slice(0, 10) : null,
    seriesCloudCoverage: series,
    scenesAtSeriesCloudCoverage: series === null ? null : covers.filter((c) => c <= series).length,
    recordStart,
    firstSceneDates,
    rangeStartsBeforeRecord: query.startDate < recordStart,
    rangeEndsBeforeRecord: query.endDate < recordStart,
    rangeStartsInFuture: query.startDate > (query.now ?? new Date()).toISOString().slice(0, 10),
    landsatImagesHere: notImaged === null,
    notImagedReason: notImaged,
    sourceIsComplete: catalog.synthetic,
    source: catalog.name,
    synthetic: catalog.synthetic,
  };
}
