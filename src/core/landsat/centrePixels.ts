import { LRUCache } from 'lru-cache';
import type { ArchiveAssetKey, BandId } from '../bands/bandCatalog.js';
import type { LngLat } from '../geo/lngLat.js';
import { isImaged } from '../raster/clearPixel.js';
import type { SceneReader } from '../raster/sceneReader.js';
import type { LandsatScene } from '../stac/landsatScene.js';
import type { SceneSearchResult } from '../stac/sceneCatalog.js';
import type { BandSelection } from './bandSelection.js';
import type { SceneFilters, SceneSummary } from './landsatResults.js';
import { mapWithConcurrency } from './mapWithConcurrency.js';
import { sceneBands } from './sceneBands.js';

/** One scene's value of each band at the point's own pixel, and its QA_PIXEL there. */
export interface CentrePixelScene extends Pick<SceneSummary, 'id' | 'satellite' | 'sensor' | 'datetime' | 'harmonized'> {
  /** Physical value (reflectance or kelvin) per chosen band; null where the pixel is fill or the band not measured. */
  values: Partial<Record<BandId, number | null>>;
  /** QA_PIXEL DN at the pixel; null outside the raster. */
  qa: number | null;
}

export interface CentrePixelResponse {
  target: { lat: number; lon: number };
  scenes: CentrePixelScene[];
  truncated: boolean;
  synthetic: boolean;
}

interface CentrePixelDeps {
  search(bboxLngLat: [number, number, number, number], filters: SceneFilters, signal: AbortSignal | undefined, limit: number, opts?: { cloudCoverOnRead: boolean }): Promise<SceneSearchResult>;
  readerFor(scene: LandsatScene): SceneReader;
  requireBands(filters: SceneFilters): BandSelection;
  seriesLimit(streamed?: boolean): number;
  /** Reads (files) in flight for one series, and scenes at least. */
  readsInFlight: number;
  sceneConcurrency: number;
  synthetic: boolean;
}

/** Recent answers kept (by point, bands and harmonisation): a few hundred bytes a scene, ~1 MB for a 40-year record. */
const KEPT_SERIES = 16;

/**
 * The pixel under a point in every qualifying scene, only that pixel and only what a caller that
 * needs the values needs (change detection): the 3 x 3 read of `readPixels` builds QA flags, clear
 * masks, footprints and metadata for nine pixels a scene, and the search behind it computes each
 * demo scene's exact cloud percent, none of which the change answer shows. The values are those of
 * `readPixels`' centre pixel (same files, same pixel, same DN to physical conversion); a test holds
 * the two equal. A catalogue may skip cloud percents only when the filter cannot exclude a scene.
 */
export function createCentrePixelReader(deps: CentrePixelDeps) {
  const kept = new LRUCache<string, Map<string, CentrePixelScene>>({ max: KEPT_SERIES });
  return async function readCentrePixels(
    lngLat: LngLat,
    filters: SceneFilters,
    options: { streamed?: boolean; signal?: AbortSignal; onProgress?: (done: number, total: number) => void } = {},
  ): Promise<CentrePixelResponse> {
    const { available } = deps.requireBands(filters);
    const found = await deps.search([lngLat[0], lngLat[1], lngLat[0], lngLat[1]], filters, options.signal, deps.seriesLimit(options.streamed), { cloudCoverOnRead: true });
    const key = `${lngLat[0]},${lngLat[1]}|${available.map((b) => b.id).join(',')}|${filters.harmonize ?? ''}`;
    const known = kept.get(key) ?? new Map<string, CentrePixelScene>();
    const concurrency = Math.max(deps.sceneConcurrency, Math.floor(deps.readsInFlight / (available.length + 1)));
    let done = 0;
    const scenes = await mapWithConcurrency(found.scenes, concurrency, async (scene): Promise<CentrePixelScene> => {
      const memo = known.get(scene.id);
      if (memo) {
        options.onProgress?.(++done, found.scenes.length);
        return memo;
      }
      const { sensor, present, harmonized } = sceneBands(scene, available, filters.harmonize);
      const assets: ArchiveAssetKey[] = [...present.map((b) => b.read.asset), 'qa_pixel'];
      // Radius 0: the pixel alone (the demo synthesizes one pixel, not nine; a COG reads the same tile).
      // Not kept in the block cache: the values are kept here, and 29,000 one-pixel windows of a 40-year
      // record (key, entry, load controller each) were garbage collection's work and pushed out others.
      const hood = await deps.readerFor(scene).readNeighborhood(lngLat, assets, 0, options.signal, { keepWindow: false });
      options.onProgress?.(++done, found.scenes.length);
      const qa = hood.dn.qa_pixel![0][0];
      // As readPixels: null or the file's nodata 0 is not imaged, nor is QA_PIXEL's fill bit; no value there.
      const imaged = qa !== null && qa !== 0 && isImaged(qa);
      const values: CentrePixelScene['values'] = {};
      for (const band of present) {
        const dn = hood.dn[band.read.asset]![0][0];
        values[band.info.id] = dn === null || !imaged ? null : band.physical(dn);
      }
      const part: CentrePixelScene = { id: scene.id, satellite: scene.satellite, sensor, datetime: scene.datetime, ...(harmonized ? { harmonized } : {}), values, qa };
      known.set(scene.id, part);
      return part;
    }, options.signal);
    kept.set(key, known);
    return { target: { lat: lngLat[1], lon: lngLat[0] }, scenes, truncated: found.truncated, synthetic: deps.synthetic };
  };
}
