import type { LandsatScene } from './landsatScene.js';

export interface SceneQuery {
  /** [minLon, minLat, maxLon, maxLat]; a point query uses a degenerate box. */
  bboxLngLat: [number, number, number, number];
  /** Inclusive UTC dates, YYYY-MM-DD. */
  startDate: string;
  endDate: string;
  /** Largest scene cloud cover accepted, percent. */
  maxCloudCover: number;
  /** Most scenes to return; when more qualify, `truncated` is true. */
  limit: number;
  signal?: AbortSignal;
}

export interface SceneSearchResult {
  /** Qualifying scenes, oldest first. */
  scenes: LandsatScene[];
  truncated: boolean;
  limit: number;
}

/** Where scenes come from: Planetary Computer, any STAC API, a static folder, or the synthetic demo archive. */
export interface SceneCatalog {
  /** The source as named in LANDSAT_SOURCE, e.g. 'planetary-computer', 'stac:https://…', 'local:/path', 'demo'. */
  readonly name: string;
  /** True for the generated demo archive, which must be labelled synthetic wherever it shows. */
  readonly synthetic: boolean;
  search(query: SceneQuery): Promise<SceneSearchResult>;
  /**
   * Turns an asset href of a scene into something a byte source can open: an absolute file path or a
   * URL, signed when the archive needs it (Planetary Computer SAS tokens). May generate demo files lazily.
   */
  resolveAssetHref(href: string, signal?: AbortSignal): Promise<string>;
}
