import type { BandId, BandUnit } from '../bands/bandCatalog.js';
import type { HarmonizeTarget } from '../bands/harmonize.js';
import type { LandsatSensor } from '../bands/missions.js';
import type { ClearMask } from '../raster/clearPixel.js';
import type { QaFlags } from '../raster/qaFlags.js';
import type { LandsatScene } from '../stac/landsatScene.js';
import type { CoveredDates } from './coveredDates.js';
import type { EmptyAnswerExplanation } from './explainEmptyAnswer.js';
import type { GeoJsonPolygon } from './pixelFootprints.js';
import type { BandStatistics } from './statistics.js';

/**
 * What the Landsat service answers, in the core's own terms. The server sends these as they are; the
 * API contract (the zod schemas in src/shared/api) describes the same shapes, and the routes'
 * response schemas check that they agree.
 */
/** What every data call filters on: the seed's date range, cloud limit and bands. */
export interface SceneFilters {
  startDate: string;
  endDate: string;
  /** Largest scene cloud cover accepted, percent. */
  cloudCoverage: number;
  bands: BandId[];
  /** What is not clear (clearPixel.ts); DEFAULT_MASK when absent. */
  mask?: ClearMask;
  /** `oli`: TM/ETM+ reflectance harmonised to OLI (harmonize.ts); absent: values as archived. */
  harmonize?: HarmonizeTarget;
  /** Only this scene (the images' `sceneId`: the page shows the scene a person chose, not the newest). */
  sceneId?: string;
}

export interface SceneSummary {
  id: string;
  satellite: LandsatScene['satellite'];
  /** TM (Landsat 4, 5), ETM+ (Landsat 7) or OLI/TIRS (Landsat 8, 9). */
  sensor: LandsatSensor;
  datetime: string;
  wrsPath: number;
  wrsRow: number;
  cloudCover: number;
  /** `roy2016-rma` when TM/ETM+ reflectance was harmonised to OLI; absent otherwise. */
  harmonized?: 'roy2016-rma';
}

/** The grid a scene's statistics were computed on: an overview of the COG when the box is large. */
export interface StatisticsGrid {
  /** Ground size of one pixel the means come from, metres. */
  pixelSizeM: number;
  /** Pixels read across and down (each band's `sampleCount` says how many of them were clear). */
  width: number;
  height: number;
  /** 0 = full resolution, n = the n-th internal overview. */
  overviewLevel: number;
  /** The most pixels a side this request allowed: 256, less for a long series (statisticsGrid.ts). */
  maxSide: number;
}

/**
 * A scene box (the seed box of one WRS-2 path/row) keeps that path/row's scenes only: neighbouring
 * path/rows' scenes only touch the box, and their means would be over other ground.
 */
export interface SceneFilter {
  wrsPath: number;
  wrsRow: number;
  /** Scenes of other path/rows touching the box in the dates, whatever their cloud cover: left out of the statistics. */
  excludedScenes: number;
}

export interface LandsatDataEntry {
  interval: { from: string; to: string };
  scene: SceneSummary;
  outputs: { data: { bands: Record<string, { stats: BandStatistics }> } };
  /** The grid the statistics were read on (absent when no band was read). */
  grid?: StatisticsGrid;
  /** Chosen bands this scene's archive entry has no file for, with the reason (absent when none). */
  missingBands?: Record<string, string>;
}

/** What every series answer carries beside its scenes. */
interface SeriesAnswer extends CoveredDates {
  /** Extension: the mask the statistics (or `clear`) used, in words (clearPixel.ts). */
  mask?: string;
  truncated: boolean;
  limit: number;
  /** Chosen bands that Level-2 lacks, with the reason. */
  unavailableBands: Record<string, string>;
  synthetic: boolean;
  /** Only when no scene qualifies: why (explainEmptyAnswer.ts). */
  explanation?: EmptyAnswerExplanation;
}

export interface LandsatDataResponse extends SeriesAnswer {
  data: LandsatDataEntry[];
  /** Only for a scene box: the path/row kept and how many other scenes were left out. */
  sceneFilter?: SceneFilter;
}

export interface PixelBand {
  unit: BandUnit;
  /** Physical values (reflectance or kelvin), rows north to south; null is fill. */
  values: (number | null)[][];
  dn: (number | null)[][];
  /** The sensor's own name of the band ("TM band 3, red") and its Level-2 file band (SR_B3). */
  name: string;
  fileBand: string;
}

export interface PixelScene extends SceneSummary {
  sunElevation: number | null;
  sunAzimuth: number | null;
  landCloudCover: number | null;
  processingLevel: string | null;
  collectionCategory: string | null;
  crs: string;
  pixel: { col: number; row: number };
  bands: Record<string, PixelBand>;
  /** Chosen bands this scene's archive entry has no file for, with the reason (absent when none). */
  missingBands?: Record<string, string>;
  qa: { values: (number | null)[][]; flags: (QaFlags | null)[][] };
  /** Extension: each of the nine pixels clear under the request's mask (clearPixel.ts); null where not imaged. */
  clear: (boolean | null)[][];
  /** Extension: the nine pixels' outlines in WGS 84 from the scene grid's corners, row-major like `values`. */
  pixelFootprints: GeoJsonPolygon[][];
  /** Extension: the scene's geolocation accuracy (GEOMETRIC_RMSE_MODEL, metres), null when the archive does not say. */
  geometricRmseM: number | null;
  /** Why the target pixel is empty when QA_PIXEL marks it fill (e.g. "Landsat 7 scan-line gap: …"). */
  emptyReason?: string;
}

export interface PixelResponse extends SeriesAnswer {
  target: { lat: number; lon: number };
  scenes: PixelScene[];
}

export interface RenderedImage {
  png: Buffer;
  scene: SceneSummary;
  bands: BandId[];
  synthetic: boolean;
  /** The stretch used, in words (sent as `x-stretch`). */
  stretch: string;
  /** WGS84 bounds [minLon, minLat, maxLon, maxLat] of what the image shows, to lay it on a map. */
  boundsLngLat?: [number, number, number, number];
}
