/**
 * Tiles of one scene on the WebMercatorQuad grid: PNG/WebP drawn with the scene's stretch (or a fixed
 * `rescale`), or float32 GeoTIFF values, transparent/NaN outside the scene and where the mask hides a
 * pixel. The scene is found by its id once (kept), its pixels through sampleSceneTile.
 */
import { LRUCache } from 'lru-cache';
import type { ArchiveAssetKey, BandId } from '../bands/bandCatalog.js';
import type { HarmonizeTarget } from '../bands/harmonize.js';
import { sensorOf } from '../bands/missions.js';
import { displayBands, selectBands } from '../landsat/bandSelection.js';
import { findSceneById } from '../landsat/findSceneById.js';
import { NoUsableBandError } from '../landsat/landsatService.js';
import { onSensor, sceneBands, type SceneBand } from '../landsat/sceneBands.js';
import type { BlockCache } from '../raster/blockCache.js';
import type { ByteSource } from '../raster/byteSource.js';
import { maskToText, type ClearMask } from '../raster/clearPixel.js';
import { createSceneReader } from '../raster/sceneReader.js';
import type { LandsatScene } from '../stac/landsatScene.js';
import type { SceneCatalog } from '../stac/sceneCatalog.js';
import { encodeImage, encodeTileTiff, type DisplayRange } from './encodeTile.js';
import { sampleSceneTile } from './sampleSceneTile.js';
import { sceneStretch } from './sceneStretch.js';
import { sceneTileValues, type TileBand } from './tileValues.js';
import type { TileAddress } from './webMercatorQuad.js';

export type TileFormat = 'png' | 'webp' | 'tif';

export interface TileOptions {
  bands: BandId[];
  mask: ClearMask;
  /** Fixed display range in the bands' unit; absent: the scene's stretch (scene tiles) or 0-0.3 / 250-320 K (composites). */
  rescale?: DisplayRange;
  harmonize?: HarmonizeTarget;
}

export interface RenderedTile {
  bytes: Buffer;
  /** Words for the x-stretch header (images) or the bands carried (tif). */
  description: string;
  overviewLevel: number;
}

export interface SceneTileOptions {
  catalog: SceneCatalog;
  cache: BlockCache;
  openSource?: (href: string) => ByteSource;
  softwareVersion: string;
}

/** Fixed ranges when nothing else says: Landsat surface reflectance and temperature of most land. */
export const DEFAULT_RANGE = { reflectance: { low: 0, high: 0.3 }, kelvin: { low: 250, high: 320 } } as const;

/** The chosen bands as this scene reads them: all of them for values (tif), the display's 1 or 3 for images. */
export function tileBandsOf(scene: LandsatScene, bands: BandId[], harmonize: HarmonizeTarget | undefined, format: TileFormat): SceneBand[] {
  const selection = selectBands(bands);
  if (selection.available.length === 0) throw new NoUsableBandError(`None of the chosen bands (${bands.join(', ')}) exists in Landsat Level-2 products. Choose among B01-B07 and B09.`);
  const onIt = onSensor(selection.available, scene);
  const chosen = format === 'tif' ? onIt : displayBands(onIt);
  if (chosen.length === 0) throw new NoUsableBandError(`Scene ${scene.id} (${sensorOf(scene.satellite)}) has none of the chosen bands (${bands.join(', ')}).`);
  const { present } = sceneBands(scene, chosen, harmonize);
  // displayBands repeats the first band for two chosen (R = first, G = second, B = first).
  return chosen.map((c) => present.find((p) => p.info.id === c.id)!).filter(Boolean);
}

export const assetsOf = (bands: readonly SceneBand[]): ArchiveAssetKey[] => [...new Set([...bands.map((b) => b.read.asset), 'qa_pixel' as const])];

export function createSceneTiles({ catalog, cache, openSource, softwareVersion }: SceneTileOptions) {
  const scenes = new LRUCache<string, Promise<LandsatScene>>({ max: 256 });
  const sceneOf = (id: string, signal?: AbortSignal) => {
    let found = scenes.get(id);
    if (!found) {
      found = findSceneById(catalog, id, signal);
      scenes.set(id, found);
      found.catch(() => scenes.delete(id));
    }
    return found;
  };
  const hrefOf = (scene: LandsatScene, signal?: AbortSignal) => (asset: ArchiveAssetKey) => {
    const href = scene.assets[asset];
    if (!href) throw new NoUsableBandError(`Scene ${scene.id} has no ${asset} asset`);
    return catalog.resolveAssetHref(href, signal);
  };

  /** The scene's values on the tile, per band: NaN outside it and where the mask hides a pixel. */
  async function values(scene: LandsatScene, bands: SceneBand[], tile: TileAddress, mask: ClearMask, signal?: AbortSignal): Promise<{ values: TileBand[]; overviewLevel: number }> {
    const sample = await sampleSceneTile(assetsOf(bands), tile, { cache, openSource, assetHref: hrefOf(scene, signal) }, signal);
    return { values: sceneTileValues(sample, bands, mask), overviewLevel: sample.overviewLevel };
  }

  return {
    sceneOf,
    values,
    async tile(sceneId: string, tile: TileAddress, format: TileFormat, opts: TileOptions, signal?: AbortSignal): Promise<RenderedTile & { scene: LandsatScene }> {
      const scene = await sceneOf(sceneId, signal);
      const bands = tileBandsOf(scene, opts.bands, opts.harmonize, format);
      const read = await values(scene, bands, tile, opts.mask, signal);
      if (format === 'tif') {
        const metadata = { SCENE_ID: scene.id, MASK: maskToText(opts.mask), TILE: `WebMercatorQuad/${tile.z}/${tile.x}/${tile.y}`, OVERVIEW_LEVEL: String(read.overviewLevel), SOFTWARE: softwareVersion, ...(catalog.synthetic ? { SYNTHETIC: 'true: demo archive, not Landsat data' } : {}) };
        return { scene, bytes: await encodeTileTiff(tile, read.values, metadata), description: read.values.map((b) => `${b.id} (${b.unit})`).join(', '), overviewLevel: read.overviewLevel };
      }
      const ranges = opts.rescale
        ? bands.map(() => opts.rescale!)
        : await sceneStretch(scene, bands, opts.mask, createSceneReader({ cache, openSource, assetHref: hrefOf(scene, signal) }), signal);
      const description = opts.rescale ? `fixed: ${opts.rescale.low}-${opts.rescale.high}` : `scene 2-98 % percentile stretch: ${bands.map((b, i) => `${b.info.id} ${ranges[i].low.toFixed(4)}-${ranges[i].high.toFixed(4)}`).join(', ')}`;
      return { scene, bytes: await encodeImage(format, read.values, ranges), description, overviewLevel: read.overviewLevel };
    },
  };
}
