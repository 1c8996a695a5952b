import { deflateSync } from 'node:zlib';

export interface GeoTiffWriteOptions {
  width: number;
  height: number;
  /** Row-major pixel values, `width * height` long. */
  data: Uint16Array;
  tileSize: 256 | 512;
  /** Reduced-resolution levels to add, e.g. [2, 4]; each must be > 1. */
  overviewFactors?: number[];
  /** How overview pixels are made: mean of the non-fill pixels (bands) or nearest (bit-flag bands such as QA_PIXEL). */
  resampling?: 'average' | 'nearest';
  epsg: number;
  /** x of the CENTRE of the first pixel (PixelIsPoint, like real Landsat Collection 2). */
  originX: number;
  /** y of the CENTRE of the first pixel. */
  originY: number;
  pixelSizeM: number;
  /** GDAL_NODATA: 0 for Level-2 bands; real QA_PIXEL files say 1 (the fill bit). Averaged overviews skip 0. */
  nodata: number;
  compression: 'deflate';
  /**
   * TIFF predictor: 1 none (default), 2 horizontal differencing, which makes smooth 16-bit images
   * compress several times better and which every TIFF reader (GDAL, geotiff.js) undoes.
   */
  predictor?: 1 | 2;
  /** Optional ImageDescription (TIFF tag 270), e.g. a "SYNTHETIC" label. */
  description?: string;
}

// TIFF 6.0 field types.
const SHORT = 3;
const LONG = 4;
const ASCII = 2;
const DOUBLE = 12;
const TYPE_SIZE: Record<number, number> = { [ASCII]: 1, [SHORT]: 2, [LONG]: 4, [DOUBLE]: 8 };

interface Tag {
  code: number;
  type: number;
  values: number[] | string;
}

interface Level {
  width: number;
  height: number;
  tiles: Buffer[];
  isOverview: boolean;
}

/**
 * Writes a single-band uint16 Cloud-Optimized GeoTIFF (classic TIFF, little endian): every IFD
 * (full resolution first, then overviews flagged NewSubfileType=1) precedes all tile data, so a
 * reader learns the whole layout from the first few kilobytes, as with the COGs of Landsat
 * Collection 2 (https://www.usgs.gov/landsat-missions/landsat-collection-2 ,
 * COG layout: https://github.com/cogeotiff/cog-spec/blob/master/spec.md).
 *
 * Georeferencing follows Collection 2: GTRasterTypeGeoKey = RasterPixelIsPoint with the tie point at
 * the centre of the first pixel, which GDAL reports as AREA_OR_POINT=Point and shifts half a pixel
 * to find the corner (http://docs.opengeospatial.org/is/19-008r4/19-008r4.html#_requirements_class_rastertypegeokey).
 */
export function writeGeoTiff(opts: GeoTiffWriteOptions): Buffer {
  const { width, height, data, tileSize } = opts;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0) {
    throw new RangeError(`invalid raster size ${width}x${height}`);
  }
  if (data.length !== width * height) throw new RangeError(`data has ${data.length} values, expected ${width * height}`);
  if (tileSize !== 256 && tileSize !== 512) throw new RangeError(`tileSize must be 256 or 512, got ${tileSize}`);
  if (opts.compression !== 'deflate') throw new RangeError(`unsupported compression ${String(opts.compression)}`);
  const predictor = opts.predictor ?? 1;
  if (predictor !== 1 && predictor !== 2) throw new RangeError(`unsupported predictor ${String(predictor)}`);
  const factors = opts.overviewFactors ?? [];
  for (const f of factors) if (!Number.isInteger(f) || f < 2) throw new RangeError(`invalid overview factor ${f}`);

  const levels: Level[] = [{ width, height, tiles: tileAndCompress(data, width, height, tileSize, predictor), isOverview: false }];
  for (const factor of [...factors].sort((a, b) => a - b)) {
    const ov = downsample(data, width, height, factor, opts.resampling ?? 'average');
    levels.push({ width: ov.width, height: ov.height, tiles: tileAndCompress(ov.data, ov.width, ov.height, tileSize, predictor), isOverview: true });
  }

  const geoTags: Tag[] = [
    { code: 33550, type: DOUBLE, values: [opts.pixelSizeM, opts.pixelSizeM, 0] }, // ModelPixelScale
    { code: 33922, type: DOUBLE, values: [0, 0, 0, opts.originX, opts.originY, 0] }, // ModelTiepoint
    {
      code: 34735, // GeoKeyDirectory: version 1.1.0, 3 keys
      type: SHORT,
      values: [1, 1, 0, 3, 1024, 0, 1, 1 /* ModelTypeProjected */, 1025, 0, 1, 2 /* RasterPixelIsPoint */, 3072, 0, 1, opts.epsg],
    },
  ];

  // Tag lists per level with placeholders for tile offsets (filled once the data position is known).
  const ifdTags = levels.map((level, i) => {
    const tilesAcross = Math.ceil(level.width / tileSize);
    const tilesDown = Math.ceil(level.height / tileSize);
    const n = tilesAcross * tilesDown;
    const tags: Tag[] = [
      ...(level.isOverview ? [{ code: 254, type: LONG, values: [1] }] : []),
      { code: 256, type: LONG, values: [level.width] },
      { code: 257, type: LONG, values: [level.height] },
      { code: 258, type: SHORT, values: [16] },
      { code: 259, type: SHORT, values: [8] }, // Adobe deflate
      { code: 262, type: SHORT, values: [1] }, // BlackIsZero
      ...(i === 0 && opts.description ? [{ code: 270, type: ASCII, values: opts.description }] : []),
      { code: 277, type: SHORT, values: [1] },
      { code: 284, type: SHORT, values: [1] },
      { code: 317, type: SHORT, values: [predictor] },
      { code: 322, type: SHORT, values: [tileSize] },
      { code: 323, type: SHORT, values: [tileSize] },
      { code: 324, type: LONG, values: new Array<number>(n).fill(0) },
      { code: 325, type: LONG, values: level.tiles.map((t) => t.length) },
      { code: 339, type: SHORT, values: [1] }, // unsigned integer
      ...(i === 0 ? geoTags : []),
      { code: 42113, type: ASCII, values: String(opts.nodata) }, // GDAL_NODATA
    ];
    return tags;
  });

  const ifdSizes = ifdTags.map(ifdByteSize);
  const headerSize = 8;
  const ifdStart: number[] = [];
  let pos = headerSize;
  for (const size of ifdSizes) {
    ifdStart.push(pos);
    pos += size;
  }
  // Tile data, smallest overview first as GDAL's COG driver writes it, full resolution last.
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
    const tags = ifdTags[li];
    const offTag = tags.find((t) => t.code === 324)!;
    offTag.values = tileOffsets[li];
    const next = li + 1 < levels.length ? ifdStart[li + 1] : 0;
    writeIfd(out, ifdStart[li], tags, next);
    level.tiles.forEach((tile, ti) => tile.copy(out, tileOffsets[li][ti]));
  });
  return out;
}

function valueBytes(tag: Tag): number {
  const count = typeof tag.values === 'string' ? Buffer.byteLength(tag.values, 'latin1') + 1 : tag.values.length;
  return count * TYPE_SIZE[tag.type];
}

function ifdByteSize(tags: Tag[]): number {
  let size = 2 + tags.length * 12 + 4;
  for (const tag of tags) {
    const bytes = valueBytes(tag);
    if (bytes > 4) size += bytes + (bytes & 1); // out-of-line values, word aligned
  }
  return size;
}

function writeIfd(out: Buffer, start: number, tags: Tag[], nextIfd: number): void {
  const sorted = [...tags].sort((a, b) => a.code - b.code);
  out.writeUInt16LE(sorted.length, start);
  let extra = start + 2 + sorted.length * 12 + 4;
  sorted.forEach((tag, i) => {
    const entry = start + 2 + i * 12;
    const bytes = valueBytes(tag);
    const count = typeof tag.values === 'string' ? bytes : tag.values.length;
    out.writeUInt16LE(tag.code, entry);
    out.writeUInt16LE(tag.type, entry + 2);
    out.writeUInt32LE(count, entry + 4);
    let at = entry + 8;
    if (bytes > 4) {
      out.writeUInt32LE(extra, entry + 8);
      at = extra;
      extra += bytes + (bytes & 1);
    }
    writeValues(out, at, tag);
  });
  out.writeUInt32LE(nextIfd, start + 2 + sorted.length * 12);
}

function writeValues(out: Buffer, at: number, tag: Tag): void {
  if (typeof tag.values === 'string') {
    out.write(tag.values, at, 'latin1');
    out.writeUInt8(0, at + Buffer.byteLength(tag.values, 'latin1'));
    return;
  }
  const size = TYPE_SIZE[tag.type];
  tag.values.forEach((v, i) => {
    if (tag.type === SHORT) out.writeUInt16LE(v, at + i * size);
    else if (tag.type === LONG) out.writeUInt32LE(v, at + i * size);
    else out.writeDoubleLE(v, at + i * size);
  });
}

/** Cuts the raster into full-size tiles (edge tiles padded with fill 0, as TIFF requires) and deflates each. */
function tileAndCompress(data: Uint16Array, width: number, height: number, tileSize: number, predictor: 1 | 2): Buffer[] {
  const tiles: Buffer[] = [];
  const tile = Buffer.alloc(tileSize * tileSize * 2);
  for (let ty = 0; ty < height; ty += tileSize) {
    for (let tx = 0; tx < width; tx += tileSize) {
      tile.fill(0);
      const rows = Math.min(tileSize, height - ty);
      const cols = Math.min(tileSize, width - tx);
      for (let r = 0; r < rows; r++) {
        let src = (ty + r) * width + tx;
        let dst = r * tileSize * 2;
        let previous = 0;
        for (let c = 0; c < cols; c++, src++, dst += 2) {
          const value = data[src];
          // Predictor 2 stores each sample minus its left neighbour in the tile row, modulo 2^16.
          const v = predictor === 2 ? (value - previous) & 0xffff : value;
          previous = value;
          tile[dst] = v & 0xff;
          tile[dst + 1] = v >>> 8;
        }
      }
      tiles.push(deflateSync(tile, { level: 6 }));
    }
  }
  return tiles;
}

function downsample(
  data: Uint16Array,
  width: number,
  height: number,
  factor: number,
  resampling: 'average' | 'nearest',
): { width: number; height: number; data: Uint16Array } {
  const ow = Math.ceil(width / factor);
  const oh = Math.ceil(height / factor);
  const out = new Uint16Array(ow * oh);
  const half = Math.floor(factor / 2);
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
      // Fill (0) does not take part in the mean, so a coastline or scene edge keeps valid values.
      let sum = 0;
      let n = 0;
      for (let y = y0; y < y1; y++) {
        for (let x = x0; x < x1; x++) {
          const v = data[y * width + x];
          if (v !== 0) {
            sum += v;
            n++;
          }
        }
      }
      out[oy * ow + ox] = n === 0 ? 0 : Math.round(sum / n);
    }
  }
  return { width: ow, height: oh, data: out };
}
