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
