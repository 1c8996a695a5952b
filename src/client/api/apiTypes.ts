import type { EmptyAnswerExplanation } from '../../shared/emptyAnswerExplanation.js';
import type { BBox, LngLat } from '../../core/geo/lngLat.js';

/** Shapes of the JSON the page reads from the server (see docs and the lead's routes). */

export interface PageConfig {
  tileUrl: string;
  tileAttribution: string;
  source: string;
  synthetic: boolean;
  /** 'outbox': the server has no SMTP_URL, so emails are only written to its outbox folder. */
  emailDelivery?: 'smtp' | 'outbox';
}

export interface Wrs2Tile {
  path: number;
  row: number;
  center: LngLat;
  /** Closed ring of [lon, lat]. */
  polygon: LngLat[];
}

export interface Wrs2Response {
  tiles: Wrs2Tile[];
  bbox: BBox | null;
}

export interface PlaceResult {
  name: string;
  /** First-level region (state, province), when the gazetteer names it. */
  region?: string;
  country: string;
  lat: number;
  lon: number;
  population?: number;
}

/** The server's per-band statistics (a type only: nothing of the core is bundled). */
import type { BandStatistics as BandStats } from '../../core/landsat/statistics.js';
export type { BandStats };

export interface LandsatDataEntry {
  interval?: { from: string; to: string };
  scene?: { id: string; satellite: string; sensor?: string; harmonized?: string; datetime: string; wrsPath: number; wrsRow: number; cloudCover: number };
  outputs?: { data?: { bands?: Record<string, { stats?: Partial<BandStats> } | undefined> } };
  /** The grid the statistics were read on (an overview for a large box). */
  grid?: { pixelSizeM: number; width: number; height: number; overviewLevel: number };
}

export interface LandsatDataResponse {
  data: LandsatDataEntry[];
  truncated?: boolean;
  limit?: number;
  /** The dates the answer covers; older scenes were left out when `truncated`. */
  coveredStartDate?: string;
  coveredEndDate?: string;
  unavailableBands?: Record<string, string>;
  synthetic?: boolean;
  /** Only when no scene qualifies: why, and what exists. */
  explanation?: EmptyAnswerExplanation;
  /** Only for a scene box: its path/row, and how many scenes of neighbouring path/rows were left out. */
  sceneFilter?: { wrsPath: number; wrsRow: number; excludedScenes: number };
}

export interface Overpass {
  satellite: string;
  path: number;
  row: number;
  datetime: string;
}

export interface OverpassesResponse {
  overpasses: Overpass[];
  /** Only where Landsat never images the point: the passes take no scene there. */
  notImaged?: { reason: string; message: string };
}

export interface NotificationCreated {
  id: string;
  status: string;
}
