import type { AssetKey } from '../bands/bandCatalog.js';
import type { BBox } from '../geo/lngLat.js';
import { parseGeoJsonPolygons, GeometryError } from '../geo/geoJsonPolygons.js';
import { findSceneById } from '../landsat/findSceneById.js';
import { NoUsableBandError } from '../landsat/landsatService.js';
import type { ClearMask } from '../raster/clearPixel.js';
import type { BlockCache } from '../raster/blockCache.js';
import type { ByteSource } from '../raster/byteSource.js';
import { createSceneReader } from '../raster/sceneReader.js';
import type { SceneCatalog } from '../stac/sceneCatalog.js';
import { exportGeoTiff, type ExportBandId, type ExportedGeoTiff } from './exportGeoTiff.js';

export interface ExportCall {
  sceneId: string;
  bands: ExportBandId[];
  box?: BBox;
  /** GeoJSON text (the URL's `geometry`). */
  geometryText?: string;
  format: 'dn' | 'reflectance';
  mask?: ClearMask;
}

/** GET /api/export.tif: finds the scene by id (404 when absent) and writes its window as a COG (an internal overview when the full resolution exceeds `maxValues`). */
export function createExporter({ catalog, cache, openSource, maxValues }: { catalog: SceneCatalog; cache: BlockCache; openSource?: (href: string) => ByteSource; maxValues?: number }) {
  return async function exportScene(call: ExportCall, signal?: AbortSignal): Promise<ExportedGeoTiff> {
    let polygons;
    if (call.geometryText !== undefined) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(call.geometryText);
      } catch {
        throw new GeometryError('geometry is not valid JSON: send a GeoJSON Polygon or MultiPolygon, URL-encoded.');
      }
      polygons = parseGeoJsonPolygons(parsed);
    }
    const scene = await findSceneById(catalog, call.sceneId, signal);
    const reader = createSceneReader({
      cache,
      openSource,
      assetHref: (asset: AssetKey) => {
        const href = scene.assets[asset];
        if (!href) throw new NoUsableBandError(`Scene ${scene.id} has no ${asset} asset, so that band cannot be exported.`);
        return catalog.resolveAssetHref(href, signal);
      },
    });
    return exportGeoTiff({ scene, bands: call.bands, box: call.box, polygons, format: call.format, mask: call.mask, synthetic: catalog.synthetic, maxValues }, reader, signal);
  };
}
