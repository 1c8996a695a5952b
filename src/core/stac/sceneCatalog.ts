import type { LandsatScene } from './landsatScene.js';

export interface SceneQuery {
  /** [minLon, minLat, maxLon, maxLat]; a point query uses a degenerate box. */
  bboxLngLat: [number, number, number, number];
  /** Inclusive UTC dates, YYYY-MM-DD. */
  startDate: string;
  endDate: string;
  /** Largest scene cloud cover accepted, percent. */
  maxCloudCover: number;
  /**
   * The caller reads the scenes' `cloudCover` few at a time, spread over its work (a scene-box series
   * summarizes each scene as its statistics finish) or never (change detection). A catalogue that
   * computes cloud cover (the demo: ~0.35 ms a scene) may then leave it to be computed when read, when
   * `maxCloudCover` cannot exclude a scene (>= 100), so the search answers at once. A caller that reads
   * them all together leaves this off: computed in the search, half in a worker. A pixel series asks
   * `cloudCoverReady` for each scene beside its read, so the percents are computed one scene at a time.
   */
  cloudCoverOnRead?: boolean;
  /**
   * The caller goes on to read every scene found over much of its extent (a scene box's statistics): a
   * catalogue that computes its scenes may keep, for those reads, what its search built (the demo: each
   * passing scene's cloud field, built for its cloud cover).
   */
  readsScenesWhole?: boolean;
  /** How far the search is, for a catalogue that computes each candidate's cloud cover (the demo): called after each batch. */
  onSearchProgress?: (checked: number, candidates: number) => void;
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

export interface SceneCountByPathRow {
  wrsPath: number;
  wrsRow: number;
  scenes: number;
}

/** Where scenes come from: Planetary Computer, any STAC API, a static folder, or the synthetic demo archive. */
export interface SceneCatalog {
  /** The source as named in LANDSAT_SOURCE, e.g. 'planetary-computer', 'stac:https://…', 'local:/path', 'demo'. */
  readonly name: string;
  /** True for the generated demo archive, which must be labelled synthetic wherever it shows. */
  readonly synthetic: boolean;
  search(query: SceneQuery): Promise<SceneSearchResult>;
  /**
   * Optional: how many scenes of each WRS-2 path/row touch the box in the dates, whatever their cloud
   * cover, for a catalogue that knows without reading each scene (the demo: from its schedule, no
   * cloud field computed). Without it, callers count a search at 100 % cloud.
   */
  countScenesByPathRow?(query: Omit<SceneQuery, 'maxCloudCover' | 'limit'>): Promise<SceneCountByPathRow[]>;
  /**
   * Optional: resolves once reading `scene.cloudCover` is cheap, for a scene this catalogue found with
   * `cloudCoverOnRead` (the demo computes its percent, in slices of the event loop, unless it is known
   * or another series' read will bring it). A caller asks it as it reads the scene, and resolves
   * `needed` when it must have the value; until then the catalogue may wait for the other series.
   * Absent, or for other scenes: `cloudCover` is a plain value already.
   */
  cloudCoverReady?(scene: LandsatScene, signal?: AbortSignal, needed?: Promise<void>): Promise<void>;
  /**
   * Turns an asset href of a scene into something a byte source can open: an absolute file path or a
   * URL, signed when the archive needs it (Planetary Computer SAS tokens). May generate demo files lazily.
   */
  resolveAssetHref(href: string, signal?: AbortSignal): Promise<string>;
}
