import { promisify } from 'node:util';
import { deflate, deflateSync } from 'node:zlib';

const deflateAsync = promisify(deflate);

/**
 * The byte layout of a classic little-endian tiled TIFF laid out as a Cloud-Optimized GeoTIFF:
 * every IFD (full resolution, then overviews) precedes all tile data, smallest overview's tiles
 * first, as GDAL's COG driver writes it (https://github.com/cogeotiff/cog-spec/blob/master/spec.md).
 * Written by hand because no maintained npm library writes tiled, multi-level GeoTIFFs (geotiff.js
 * writes strips of one level only); shared by the export writer and the tests' fixture writer.
 */

// TIFF 6.0 field types.
export const ASCII = 2;
export const SHORT = 3;
export const LONG = 4;
export const DOUBLE = 12;
const TYPE_SIZE: Record<number, number> = { [ASCII]: 1, [SHORT]: 2, [LONG]: 4, [DOUBLE]: 8 };

/** TileOffsets: filled in by `assembleTiff` once the data positions are known. */
export const TILE_OFFSETS = 324;

export interface TiffTag {
  code: number;
  type: number;
  values: number[] | string;
}

export interface TiffLevel {
  /** The level's tags, TileOffsets (324) with placeholder values of the right count. */
  tags: TiffTag[];
  /** Compressed tiles in the order TileOffsets lists them. */
  tiles: Buffer[];
}

/** Header, IFD chain (levels in the given order) and tile data, smallest level's tiles first. */
export function assembleTiff(levels: TiffLevel[]): Buffer {
  const ifdStart: number[] = [];
  let pos = 8;
  for (const level of levels) {
    ifdStart.push(pos);
    pos += ifdByteSize(level.tags);
  }
  const tileOffsets: number[][] = levels.map(() => []);
  for (let li = levels.length - 1; li >= 0; li--) {
    for (const tile of levels[li].tiles) {
      tileOffsets[li].push(pos);
      pos += tile.length;
    }
  }
  if (pos > 0xffffffff) throw new RangeError('GeoTIFF larger than 4 GiB: BigTIFF not supported');
  const out = Buffer.alloc(pos);
  out.write('II', 0, 'latin1');
  out.writeUInt16LE(42, 2);
  out.writeUInt32LE(ifdStart[0], 4);
  levels.forEach((level, li) => {
    const tags = level.tags.map((t) => (t.code === TILE_OFFSETS ? { ...t, values: tileOffsets[li] } : t));
    writeIfd(out, ifdStart[li], tags, li + 1 < levels.length ? ifdStart[li + 1] : 0);
    level.tiles.forEach((tile, ti) => tile.copy(out, tileOffsets[li][ti]));
  });
  return out;
}

function valueBytes(tag: TiffTag): number {
  const count = typeof tag.values === 'string' ? Buffer.byteLength(tag.values, 'latin1') + 1 : tag.values.length;
  return count * TYPE_SIZE[tag.type];
}

function ifdByteSize(tags: TiffTag[]): number {
  let size = 2 + tags.length * 12 + 4;
  for (const tag of tags) {
    const bytes = valueBytes(tag);
    if (bytes > 4) size += bytes + (bytes & 1); // out-of-line values, word aligned
  }
  return size;
}

function writeIfd(out: Buffer, start: number, tags: TiffTag[], nextIfd: number): void {
  const sorted = [...tags].sort((a, b) => a.code - b.code);
  out.writeUInt16LE(sorted.length, start);
  let extra = start + 2 + sorted.length * 12 + 4;
  sorted.forEach((tag, i) => {
    const entry = start + 2 + i * 12;
    const bytes = valueBytes(tag);
    out.writeUInt16LE(tag.code, entry);
    out.writeUInt16LE(tag.type, entry + 2);
    out.writeUInt32LE(typeof tag.values === 'string' ? bytes : tag.values.length, entry + 4);
    let at = entry + 8;
    if (bytes > 4) {
      out.writeUInt32LE(extra, entry + 8);
      at = extra;
      extra += bytes + (bytes & 1);
    }
    if (typeof tag.values === 'string') {
      out.write(tag.values, at, 'latin1');
      out.writeUInt8(0, at + Buffer.byteLength(tag.values, 'latin1'));
      return;
    }
    const size = TYPE_SIZE[tag.type];
    tag.values.forEach((v, k) => {
      if (tag.type === SHORT) out.writeUInt16LE(v, at + k * size);
      else if (tag.type === LONG) out.writeUInt32LE(v, at + k * size);
      else out.writeDoubleLE(v, at + k * size);
    });
  });
  out.writeUInt32LE(nextIfd, start + 2 + sorted.length * 12);
}

/**
 * Cuts a raster into full-size tiles (edge tiles padded with 0, as TIFF requires) and deflates
 * each. Predictor 2 (uint16 only) stores each sample minus its left neighbour in the tile row,
 * modulo 2^16, which every TIFF reader undoes.
 */
export function deflateTiles(data: Uint16Array | Float32Array, width: number, height: number, tileSize: number, predictor: 1 | 2): Buffer[] {
  const tile = Buffer.alloc(tileSize * tileSize * (data instanceof Float32Array ? 4 : 2));
  const tiles: Buffer[] = [];
  for (let ty = 0; ty < height; ty += tileSize) {
    for (let tx = 0; tx < width; tx += tileSize) tiles.push(deflateSync(fillTile(tile, data, width, height, tx, ty, tileSize, predictor), { level: 6 }));
  }
  return tiles;
}

/** Deflates in flight at once: libuv's default thread pool size (a few raw tiles held at a time). */
const DEFLATES_IN_FLIGHT = 4;

/**
 * The same tiles, the same bytes, deflated on libuv's thread pool: a 60 m export of a whole demo
 * scene box (three bands, ~200 tiles with the overviews) spent ~3 s in deflateSync, all of it
 * holding the event loop; here the other core does it and the event loop stays free.
 */
export async function deflateTilesAsync(data: Uint16Array | Float32Array, width: number, height: number, tileSize: number, predictor: 1 | 2): Promise<Buffer[]> {
  const bytes = tileSize * tileSize * (data instanceof Float32Array ? 4 : 2);
  const starts: [number, number][] = [];
  for (let ty = 0; ty < height; ty += tileSize) for (let tx = 0; tx < width; tx += tileSize) starts.push([tx, ty]);
  const tiles: Buffer[] = new Array<Buffer>(starts.length);
  let next = 0;
  const lane = async () => {
    // Each lane reuses its own raw tile: deflate has read it once its promise settles.
    const tile = Buffer.alloc(bytes);
    for (let i = next++; i < starts.length; i = next++) tiles[i] = await deflateAsync(fillTile(tile, data, width, height, starts[i][0], starts[i][1], tileSize, predictor), { level: 6 });
  };
  await Promise.all(Array.from({ length: Math.min(DEFLATES_IN_FLIGHT, starts.length) }, lane));
  return tiles;
}

/** The raw (predicted) bytes of the tile whose upper-left pixel is (tx, ty), written into `tile`. */
function fillTile(tile: Buffer, data: Uint16Array | Float32Array, width: number, height: number, tx: number, ty: number, tileSize: number, predictor: 1 | 2): Buffer {
  const bytesPerSample = data instanceof Float32Array ? 4 : 2;
  tile.fill(0);
  const rows = Math.min(tileSize, height - ty);
  const cols = Math.min(tileSize, width - tx);
  for (let r = 0; r < rows; r++) {
    let src = (ty + r) * width + tx;
    let dst = r * tileSize * bytesPerSample;
    let previous = 0;
    for (let c = 0; c < cols; c++, src++, dst += bytesPerSample) {
      const value = data[src];
      if (bytesPerSample === 4) {
        tile.writeFloatLE(value, dst);
        continue;
      }
      const v = predictor === 2 ? (value - previous) & 0xffff : value;
      previous = value;
      tile[dst] = v & 0xff;
      tile[dst + 1] = v >>> 8;
    }
  }
  return tile;
}

/**
 * One overview level: `nearest` (bit flags) takes the block's middle pixel, `average` the mean of
 * the block's values other than `nodata`, so a coastline, a scene edge or a masked cloud keeps its
 * neighbours' values; a block of only no-data stays no-data.
 */
export function downsample<T extends Uint16Array | Float32Array>(data: T, width: number, height: number, factor: number, resampling: 'average' | 'nearest', nodata: number): T {
  const ow = Math.ceil(width / factor);
  const oh = Math.ceil(height / factor);
  const out = (data instanceof Float32Array ? new Float32Array(ow * oh) : new Uint16Array(ow * oh)) as T;
  // No-data tested inline (NaN is the one value unequal to itself): a closure called per pixel was
  // most of the time of an export's overviews.
  const nanNodata = Number.isNaN(nodata);
  const rounded = out instanceof Uint16Array;
  const half = factor >> 1;
  for (let oy = 0; oy < oh; oy++) {
    const y0 = oy * factor;
    const y1 = Math.min(height, y0 + factor);
    for (let ox = 0; ox < ow; ox++) {
      const x0 = ox * factor;
      const x1 = Math.min(width, x0 + factor);
      if (resampling === 'nearest') {
        out[oy * ow + ox] = data[Math.min(y1 - 1, y0 + half) * width + Math.min(x1 - 1, x0 + half)];
        continue;
      }
      let sum = 0;
      let n = 0;
      for (let y = y0; y < y1; y++) {
        for (let x = x0; x < x1; x++) {
          const v = data[y * width + x];
          if (nanNodata ? v === v : v !== nodata) {
            sum += v;
            n++;
          }
        }
      }
      out[oy * ow + ox] = n === 0 ? nodata : rounded ? Math.round(sum / n) : sum / n;
    }
  }
  return out;
}
