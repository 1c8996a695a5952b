import type { ArchiveAssetKey } from '../bands/bandCatalog.js';
import type { LngLat } from '../geo/lngLat.js';
import type { LandsatPlatform } from '../bands/missions.js';

/** One Landsat Collection 2 Level-2 scene, normalised from a STAC Item. */
export interface LandsatScene {
  id: string;
  /** Landsat 4, 5 (TM), 7 (ETM+), 8 or 9 (OLI/TIRS); the sensor follows from it (missions.ts sensorOf). */
  satellite: LandsatPlatform;
  /** ISO 8601 UTC acquisition time (scene centre). */
  datetime: string;
  wrsPath: number;
  wrsRow: number;
  /** Scene cloud cover, percent (eo:cloud_cover). */
  cloudCover: number;
  landCloudCover: number | null;
  sunElevation: number | null;
  sunAzimuth: number | null;
  processingLevel: string | null;
  collectionCategory: string | null;
  /** EPSG code of the raster grid (proj:epsg / proj:code). */
  epsg: number;
  /** Footprint ring in [lon, lat], closed. */
  footprintLngLat: LngLat[];
  /** [minLon, minLat, maxLon, maxLat] */
  bboxLngLat: [number, number, number, number];
  /** Asset hrefs, absolute URLs or absolute file paths, unsigned. */
  assets: Partial<Record<ArchiveAssetKey, string>>;
  /** Geolocation accuracy (GEOMETRIC_RMSE_MODEL, metres) when the item states it. */
  geometricRmseM?: number | null;
  /** The scene's MTL metadata (JSON) href, when the item lists it (`mtl.json` asset). */
  metadataHref?: string;
  /** True for the generated demo archive: never to be shown as real data. */
  synthetic: boolean;
}
