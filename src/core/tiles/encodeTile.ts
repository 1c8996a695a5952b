/**
 * A tile's bytes: PNG or WebP (RGBA, transparent where a pixel has no value) drawn from physical values
 * through a linear stretch, or a float32 GeoTIFF of the values themselves on the tile's EPSG:3857 grid.
 */
import { PNG } from 'pngjs';
import { writeCog } from '../export/writeCog.js';
import type { TileBand } from './tileValues.js';
import { MERCATOR_HALF_M, pixelSizeM, TILE_SIZE_PX, tileBoundsMercator, type TileAddress } from './webMercatorQuad.js';
import { encodeWebp } from './encodeWebp.js';

export interface DisplayRange {
  low: number;
  high: number;
}

/** RGBA bytes: one band grey, three bands R, G, B; alpha 0 wherever a shown band has no value. */
export function tileRgba(shown: readonly TileBand[], ranges: readonly DisplayRange[]): Uint8ClampedArray {
  const n = TILE_SIZE_PX * TILE_SIZE_PX;
  const rgba = new Uint8ClampedArray(n * 4);
  const channels = shown.length === 1 ? [0, 0, 0] : [0, 1, 2];
  const scale = ranges.map((r) => 255 / (r.high - r.low || 1));
  for (let i = 0; i < n; i++) {
    let empty = false;
    for (let k = 0; k < 3; k++) {
      const c = channels[k];
      const v = shown[c].values[i];
      if (Number.isNaN(v)) {
        empty = true;
        break;
      }
      rgba[i * 4 + k] = Math.round((v - ranges[c].low) * scale[c]); // clamped by the array type
    }
    rgba[i * 4 + 3] = empty ? 0 : 255;
    if (empty) rgba[i * 4] = rgba[i * 4 + 1] = rgba[i * 4 + 2] = 0;
  }
  return rgba;
}

export function encodePng(rgba: Uint8ClampedArray): Buffer {
  const png = new PNG({ width: TILE_SIZE_PX, height: TILE_SIZE_PX, colorType: 6 });
  png.data = Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength);
  return PNG.sync.write(png, { colorType: 6 });
}

export async function encodeImage(format: 'png' | 'webp', shown: readonly TileBand[], ranges: readonly DisplayRange[]): Promise<Buffer> {
  const rgba = tileRgba(shown, ranges);
  return format === 'png' ? encodePng(rgba) : encodeWebp(rgba, TILE_SIZE_PX, TILE_SIZE_PX);
}

/** Float32 GeoTIFF, one band per chosen band, NaN nodata, EPSG:3857 on the WebMercatorQuad grid. */
export async function encodeTileTiff(tile: TileAddress, bands: readonly TileBand[], metadata: Record<string, string>): Promise<Buffer> {
  const b = tileBoundsMercator(tile);
  const size = pixelSizeM(tile.z);
  // The matrix's own corner, not a sum of pixel sizes, so the origin GDAL reads is the formula's exactly.
  const originX = tile.x === 0 ? -MERCATOR_HALF_M : b.minX;
  return writeCog({
    width: TILE_SIZE_PX,
    height: TILE_SIZE_PX,
    sampleType: 'float32',
    bands: bands.map((band) => ({
      data: band.values,
      description: `${band.id} ${band.unit === 'kelvin' ? 'surface temperature (K)' : 'surface reflectance'}`,
      overviewResampling: 'nearest' as const,
    })),
    epsg: 3857,
    originX,
    originY: b.maxY,
    pixelSizeX: size,
    pixelSizeY: size,
    nodata: Number.NaN,
    metadata,
  });
}
