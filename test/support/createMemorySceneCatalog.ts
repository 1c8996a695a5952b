import type { LandsatScene } from '../../src/core/stac/landsatScene.js';
import type { SceneCatalog, SceneQuery, SceneSearchResult } from '../../src/core/stac/sceneCatalog.js';

export interface MemorySceneCatalog extends SceneCatalog {
  /** Makes a scene "appear" in the archive. */
  add(scene: LandsatScene): void;
  /** Every query received, for assertions. */
  readonly queries: SceneQuery[];
  /** When set, search rejects with this error (an archive outage). */
  failWith: Error | null;
}

/** An in-memory archive where scenes can appear over time: for tests of code that polls a SceneCatalog. */
export function createMemorySceneCatalog(options: { synthetic?: boolean } = {}): MemorySceneCatalog {
  const scenes: LandsatScene[] = [];
  const queries: SceneQuery[] = [];
  const catalog: MemorySceneCatalog = {
    name: 'memory',
    synthetic: options.synthetic ?? false,
    queries,
    failWith: null,
    add: (scene) => void scenes.push(scene),
    async search(query): Promise<SceneSearchResult> {
      queries.push(query);
      if (catalog.failWith) throw catalog.failWith;
      const [minLon, minLat, maxLon, maxLat] = query.bboxLngLat;
      const hits = scenes
        .filter((s) => {
          const [a, b, c, d] = s.bboxLngLat;
          const day = s.datetime.slice(0, 10);
          return a <= maxLon && c >= minLon && b <= maxLat && d >= minLat && day >= query.startDate && day <= query.endDate && s.cloudCover <= query.maxCloudCover;
        })
        .sort((x, y) => x.datetime.localeCompare(y.datetime));
      return { scenes: hits.slice(0, query.limit), truncated: hits.length > query.limit, limit: query.limit };
    },
    async resolveAssetHref(href) {
      return href;
    },
  };
  return catalog;
}

/** A scene record around a point, with only the fields the notification code reads being meaningful. */
export function sceneAt(p: {
  lon: number;
  lat: number;
  satellite: LandsatScene['satellite'];
  path: number;
  row: number;
  datetime: string;
  cloudCover: number;
  synthetic?: boolean;
}): LandsatScene {
  const bbox: [number, number, number, number] = [p.lon - 1, p.lat - 1, p.lon + 1, p.lat + 1];
  const sat = p.satellite === 'landsat-8' ? 'LC08' : 'LC09';
  const pr = `${String(p.path).padStart(3, '0')}${String(p.row).padStart(3, '0')}`;
  return {
    id: `${sat}_L2SP_${pr}_${p.datetime.slice(0, 10).replace(/-/g, '')}_02_T1`,
    satellite: p.satellite,
    datetime: p.datetime,
    wrsPath: p.path,
    wrsRow: p.row,
    cloudCover: p.cloudCover,
    landCloudCover: null,
    sunElevation: null,
    sunAzimuth: null,
    processingLevel: 'L2SP',
    collectionCategory: 'T1',
    epsg: 32617,
    footprintLngLat: [
      [bbox[0], bbox[1]],
      [bbox[2], bbox[1]],
      [bbox[2], bbox[3]],
      [bbox[0], bbox[3]],
      [bbox[0], bbox[1]],
    ],
    bboxLngLat: bbox,
    assets: {},
    synthetic: p.synthetic ?? false,
  };
}
