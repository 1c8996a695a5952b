/**
 * A clear view of a period on one WebMercatorQuad tile, across path/rows and sensors: each pixel from
 * the most recent clear observation in the dates (`latest`), or the per-band median of the clear ones
 * (`median`). Scenes are sampled exactly as their own tiles are (sampleSceneTile, the same overview and
 * pixel centres), so a composite pixel is one scene tile's pixel, or the median of several.
 *
 * `latest` reads QA_PIXEL alone first, newest scene first, a few scenes at a time, and reads a scene's
 * bands only when it fills some pixel still empty; it stops once every pixel is filled. That keeps a
 * cold year at zoom 10 to the handful of scenes that show the ground.
 */
import type { BandId, BandUnit } from '../bands/bandCatalog.js';
import { BAND_CATALOG } from '../bands/bandCatalog.js';
import { displayBands, selectBands } from '../landsat/bandSelection.js';
import { NoUsableBandError } from '../landsat/landsatService.js';
import { onSensor, sceneBands, type SceneBand } from '../landsat/sceneBands.js';
import { mapWithConcurrency } from '../landsat/mapWithConcurrency.js';
import type { BlockCache } from '../raster/blockCache.js';
import type { ByteSource } from '../raster/byteSource.js';
import { maskBits, maskToText } from '../raster/clearPixel.js';
import { footprintIntersectsBBox } from '../stac/footprintIntersectsBBox.js';
import type { LandsatScene } from '../stac/landsatScene.js';
import type { SceneCatalog } from '../stac/sceneCatalog.js';
import { encodeImage, encodeTileTiff } from './encodeTile.js';
import { medianInPlace } from './medianInPlace.js';
import { sampleSceneTile } from './sampleSceneTile.js';
import { DEFAULT_RANGE, type RenderedTile, type TileFormat, type TileOptions } from './sceneTiles.js';
import type { TileBand } from './tileValues.js';
import { TILE_SIZE_PX, tileBoundsLngLat, type TileAddress } from './webMercatorQuad.js';

export interface CompositeOptions extends TileOptions {
  startDate: string;
  endDate: string;
  cloudCoverage: number;
  method: 'latest' | 'median';
}

export interface CompositeTile extends RenderedTile {
  /** Scenes in the dates over the tile, and how many of them were read. */
  scenesFound: number;
  /** False when `latest` was done before the whole range was searched (the newest scenes sufficed): more may exist. */
  searchedAll: boolean;
  scenesRead: number;
  /** More scenes qualified than one composite reads (MAX_COMPOSITE_SCENES): the oldest were left out. */
  truncated: boolean;
}

/** Most scenes one composite tile considers: three years of Landsat 8 and 9 over four overlapping path/rows. */
export const MAX_COMPOSITE_SCENES = 600;
/** `latest` searches this many newest scenes first (the demo computes cloud cover for 16 at a time). */
const FIRST_SEARCH_LIMIT = 15;
/** Scenes whose QA_PIXEL is read at once (`latest`), or whose bands are (`median`). */
const CONCURRENCY = 6;
const FILL_BIT = 1;
const N = TILE_SIZE_PX * TILE_SIZE_PX;

const yieldToEventLoop = (signal?: AbortSignal) =>
  new Promise<void>((resolve) => setImmediate(resolve)).then(() => signal?.throwIfAborted());

export interface CompositeTileOptions {
  catalog: SceneCatalog;
  cache: BlockCache;
  openSource?: (href: string) => ByteSource;
  softwareVersion: string;
}

export function createCompositeTiles({ catalog, cache, openSource, softwareVersion }: CompositeTileOptions) {
  const hrefOf = (scene: LandsatScene, signal?: AbortSignal) => (asset: keyof LandsatScene['assets']) => {
    const href = scene.assets[asset];
    if (!href) throw new NoUsableBandError(`Scene ${scene.id} has no ${asset} asset`);
    return catalog.resolveAssetHref(href, signal);
  };
  const sample = (scene: LandsatScene, assets: Parameters<typeof sampleSceneTile>[0], tile: TileAddress, signal?: AbortSignal) =>
    sampleSceneTile(assets, tile, { cache, openSource, assetHref: hrefOf(scene, signal) }, signal);

  return {
    async tile(tile: TileAddress, format: TileFormat, opts: CompositeOptions, signal?: AbortSignal): Promise<CompositeTile> {
      const selection = selectBands(opts.bands);
      if (selection.available.length === 0) throw new NoUsableBandError(`None of the chosen bands (${opts.bands.join(', ')}) exists in Landsat Level-2 products. Choose among B01-B07 and B09.`);
      // The output's bands, whatever each scene's sensor: the display's 1 or 3 for images, all chosen for values.
      const outIds: BandId[] = (format === 'tif' ? selection.available : displayBands(selection.available)).map((b) => b.id);
      const bbox = tileBoundsLngLat(tile);
      const newestFirst = (limit: number) =>
        catalog.search({ bboxLngLat: bbox, startDate: opts.startDate, endDate: opts.endDate, maxCloudCover: opts.cloudCoverage, limit, signal }).then((found) => ({
          ...found,
          scenes: found.scenes.filter((s) => footprintIntersectsBBox(s.footprintLngLat, bbox)).sort((a, b) => (a.datetime < b.datetime ? 1 : a.datetime > b.datetime ? -1 : 0)),
        }));
      // `latest` usually needs only the newest few scenes: catalogues keep the newest when a search is
      // limited (sceneCatalog.ts), and a small search costs less (the demo works out each candidate's
      // cloud cover). The whole range is searched only when those leave pixels empty.
      let found = await newestFirst(opts.method === 'latest' ? FIRST_SEARCH_LIMIT : MAX_COMPOSITE_SCENES);
      let scenes = found.scenes;
      let searchedAll = !found.truncated || found.limit >= MAX_COMPOSITE_SCENES;
      const hidden = maskBits(opts.mask) | FILL_BIT;
      const bandsOf = (scene: LandsatScene): (SceneBand | undefined)[] => {
        const { present } = sceneBands(scene, onSensor(selection.available, scene), opts.harmonize);
        return outIds.map((id) => present.find((p) => p.info.id === id));
      };
      const values = outIds.map(() => new Float32Array(N).fill(Number.NaN));
      let overviewLevel = 0;
      let scenesRead = 0;

      if (opts.method === 'latest') {
        const filled = new Uint8Array(N);
        let filledCount = 0;
        // Two scenes first (the newest clear one usually fills nearly everything), then more at a time.
        for (let start = 0, size = 2; filledCount < N; start += size, size = Math.min(CONCURRENCY, size * 2)) {
          if (start >= scenes.length) {
            if (searchedAll) break;
            const read = new Set(scenes.slice(0, start).map((s) => s.id));
            found = await newestFirst(MAX_COMPOSITE_SCENES);
            searchedAll = true;
            // The scenes already read first (they are the newest), then the rest, newest first.
            scenes = [...scenes.slice(0, start), ...found.scenes.filter((s) => !read.has(s.id))];
            if (start >= scenes.length) break;
          }
          const batch = scenes.slice(start, start + size);
          const qas = await mapWithConcurrency(batch, CONCURRENCY, (scene) => sample(scene, ['qa_pixel'], tile, signal), signal);
          scenesRead += batch.length;
          for (let k = 0; k < batch.length && filledCount < N; k++) {
            const qa = qas[k].dn.qa_pixel!;
            const take: number[] = [];
            for (let i = 0; i < N; i++) if (filled[i] === 0 && qa[i] !== 0 && (qa[i] & hidden) === 0) take.push(i);
            if (take.length === 0) continue;
            const bands = bandsOf(batch[k]);
            const assets = [...new Set(bands.flatMap((b) => (b ? [b.read.asset] : [])))];
            const read = assets.length > 0 ? await sample(batch[k], assets, tile, signal) : null;
            overviewLevel = qas[k].overviewLevel;
            for (const i of take) {
              filled[i] = 1;
              bands.forEach((band, b) => {
                const dn = band && read ? read.dn[band.read.asset]![i] : 0;
                values[b][i] = dn === 0 ? Number.NaN : (band!.physical(dn) ?? Number.NaN);
              });
            }
            filledCount += take.length;
          }
        }
      } else {
        // Per scene and band, the DNs of its clear pixels (0 elsewhere): half the bytes of values.
        const perScene = await mapWithConcurrency(
          scenes,
          CONCURRENCY,
          async (scene) => {
            const bands = bandsOf(scene);
            const assets = [...new Set([...bands.flatMap((b) => (b ? [b.read.asset] : [])), 'qa_pixel' as const])];
            const read = await sample(scene, assets, tile, signal);
            const qa = read.dn.qa_pixel!;
            let any = false;
            const dns = bands.map((band) => {
              if (!band) return null;
              const dn = read.dn[band.read.asset]!.slice();
              for (let i = 0; i < N; i++) {
                if (qa[i] === 0 || (qa[i] & hidden) !== 0) dn[i] = 0;
                else if (dn[i] !== 0) any = true;
              }
              return dn;
            });
            return any ? { bands, dns, level: read.overviewLevel } : null;
          },
          signal,
        );
        scenesRead = scenes.length;
        const used = perScene.filter((s): s is NonNullable<typeof s> => s !== null);
        if (used.length > 0) overviewLevel = used[0].level;
        const stack = new Float64Array(used.length);
        for (let b = 0; b < outIds.length; b++) {
          // This band's DNs and conversion of each scene that has it, looked up once, not per pixel.
          const have = used.filter((s) => s.dns[b]);
          const dnsOf = have.map((s) => s.dns[b]!);
          const physicalOf = have.map((s) => s.bands[b]!.physical);
          const out = values[b];
          for (let i = 0; i < N; i++) {
            // A year of scenes is ~100 values a pixel: let other requests in every 8 rows (~5-20 ms).
            if ((i & 2047) === 0 && i > 0) await yieldToEventLoop(signal);
            let k = 0;
            for (let s = 0; s < dnsOf.length; s++) {
              const dn = dnsOf[s][i];
              if (dn === 0) continue;
              const v = physicalOf[s](dn);
              if (v !== null) stack[k++] = v;
            }
            if (k > 0) out[i] = medianInPlace(stack, k);
          }
        }
      }

      const tileBands: TileBand[] = outIds.map((id, b) => ({ id, unit: BAND_CATALOG[id].unit as BandUnit, values: values[b] }));
      const common = { scenesFound: scenes.length, searchedAll, scenesRead, truncated: searchedAll && found.truncated, overviewLevel };
      if (format === 'tif') {
        const metadata = {
          COMPOSITE: `${opts.method} clear observation, ${opts.startDate}/${opts.endDate}, cloud cover <= ${opts.cloudCoverage}%`,
          MASK: maskToText(opts.mask),
          ...(opts.harmonize ? { HARMONIZE: `${opts.harmonize} (roy2016-rma)` } : {}),
          TILE: `WebMercatorQuad/${tile.z}/${tile.x}/${tile.y}`,
          SOFTWARE: softwareVersion,
          ...(catalog.synthetic ? { SYNTHETIC: 'true: demo archive, not Landsat data' } : {}),
        };
        return { ...common, bytes: await encodeTileTiff(tile, tileBands, metadata), description: tileBands.map((b) => `${b.id} (${b.unit})`).join(', ') };
      }
      const ranges = tileBands.map((b) => opts.rescale ?? DEFAULT_RANGE[b.unit]);
      return { ...common, bytes: await encodeImage(format, tileBands, ranges), description: opts.rescale ? `fixed: ${opts.rescale.low}-${opts.rescale.high}` : `fixed: ${[...new Set(tileBands.map((b) => (b.unit === 'kelvin' ? '250-320 K' : '0-0.3 reflectance')))].join(', ')}` };
    },
  };
}
