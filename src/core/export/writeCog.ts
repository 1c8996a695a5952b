import { deflateSync } from 'node:zlib';

/**
 * Writes a multi-band Cloud-Optimized GeoTIFF (classic TIFF, little endian) on a projected grid:
 * every IFD (full resolution, then overviews flagged NewSubfileType=1) precedes all tile data,
 * smallest overview's tiles first, as GDAL's COG driver lays it out
 * (https://github.com/cogeotiff/cog-spec/blob/master/spec.md). Bands are stored as separate planes
 * (PlanarConfiguration=2, GDAL's INTERLEAVE=BAND), deflate-compressed, 512 x 512 tiles (GDAL's COG
 * default block size). Band descriptions, scale and offset go into the GDAL_METADATA tag (42112),
 * the no-data value into GDAL_NODATA (42113), exactly as GDAL itself writes them, so GDAL, QGIS and
 * rasterio read them back. The georeferencing is PixelIsArea with the tie point at the grid's
 * upper-left corner: what GDAL reports as the geotransform, with no half-pixel question.
 */
export interface CogBand {
  /** Row-major values, width * height long. */
  data: Uint16Array | Float32Array;
  /** GDAL band description, e.g. "B04 Red Band (OLI Band 4, SR_B4)". */
  description: string;
  /** GDAL scale/offset (physical = DN * scale + offset); omit for physical values. */
  scale?: number;
  offset?: number;
  /** How overviews are made from this band: mean of valid values, or nearest (bit flags). */
  overviewResampling: 'average' | 'nearest';
}

export interface CogWriteOptions {
  width: number;
  height: number;
  sampleType: 'uint16' | 'float32';
  bands: CogBand[];
  epsg: number;
  /** Upper-left corner of the upper-left pixel, in the CRS's units. */
  originX: number;
  originY: number;
  pixelSizeX: number;
  pixelSizeY: number;
  /** GDAL_NODATA for every band: 0 for DN, NaN for float. */
  nodata: number;
  /** Dataset-level GDAL metadata items (name → value), e.g. the scene id. */
  metadata?: Record<string, string>;
}

export const COG_TILE_SIZE = 512;

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

/**
 * Overview factors as GDAL's COG driver picks them by default: halve until the level fits in one
 * tile. A window of at most 512 x 512 pixels is one tile already and gets no overview.
 */
export function overviewFactors(width: number, height: number, tileSize = COG_TILE_SIZE): number[] {
  const factors: number[] = [];
  let f = 2;
  while (Math.max(width, height) / (f / 2) > tileSize) {
    factors.push(f);
    f *= 2;
  }
  return factors;
}

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** GDAL's own GDAL_METADATA XML: dataset items, then per band (sample = 0-based band) description, scale, offset. */
export function gdalMetadataXml(bands: CogBand[], metadata: Record<string, string> = {}): string {
  const items: string[] = Object.entries(metadata).map(([k, v]) => `  <Item name="${xmlEscape(k)}">${xmlEscape(v)}</Item>`);
  bands.forEach((b, i) => {
    if (b.scale !== undefined) items.push(`  <Item name="SCALE" sample="${i}" role="scale">${b.scale}</Item>`);
    if (b.offset !== undefined) items.push(`  <Item name="OFFSET" sample="${i}" role="offset">${b.offset}</Item>`);
    items.push(`  <Item name="DESCRIPTION" sample="${i}" role="description">${xmlEscape(b.description)}</Item>`);
  });
  return `<GDALMetadata>\n${items.join('\n')}\n</GDALMetadata>`;
}

export function writeCog(opts: CogWriteOptions): Buffer {
  const { width, height, bands, sampleType } = opts;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0) throw new RangeError(`invalid raster size ${width}x${height}`);
  if (bands.length === 0) throw new RangeError('no bands to write');
  for (const b of bands) if (b.data.length !== width * height) throw new RangeError(`band "${b.description}" has ${b.data.length} values, expected ${width * height}`);
  const tile = COG_TILE_SIZE;
  const bytesPerSample = sampleType === 'uint16' ? 2 : 4;
  // Horizontal differencing shrinks smooth 16-bit rasters; float32 is stored as is (GDAL uses predictor 3 there).
  const predictor = sampleType === 'uint16' ? 2 : 1;

  const levels = [{ width, height, factor: 1 }, ...overviewFactors(width, height).map((f) => ({ width: Math.ceil(width / f), height: Math.ceil(height / f), factor: f }))];
  const levelTiles = levels.map((level) =>
    // Planar: all tiles of band 0, then band 1, ...
    bands.flatMap((band) => {
      const data = level.factor === 1 ? band.data : downsample(band.data, width, height, level.factor, band.overviewResampling, opts.nodata);
      return tileAndCompress(data, level.width, level.height, tile, bytesPerSample, predictor);
    }),
  );

  const geoTags: Tag[] = [
    { code: 33550, type: DOUBLE, values: [opts.pixelSizeX, opts.pixelSizeY, 0] }, // ModelPixelScale
    { code: 33922, type: DOUBLE, values: [0, 0, 0, opts.originX, opts.originY, 0] }, // ModelTiepoint at the corner
    {
      code: 34735, // GeoKeyDirectory 1.1.0: projected, PixelIsArea, EPSG code
      type: SHORT,
      values: [1, 1, 0, 3, 1024, 0, 1, 1, 1025, 0, 1, 1, 3072, 0, 1, opts.epsg],
    },
  ];
  const nodataText = Number.isNaN(opts.nodata) ? 'nan' : String(opts.nodata);
  const ifdTags = levels.map((level, li): Tag[] => [
    ...(li > 0 ? [{ code: 254, type: LONG, values: [1] }] : []),
    { code: 256, type: LONG, values: [level.width] },
    { code: 257, type: LONG, values: [level.height] },
    { code: 258, type: SHORT, values: bands.map(() => bytesPerSample * 8) },
    { code: 259, type: SHORT, values: [8] }, // deflate
    { code: 262, type: SHORT, values: [1] }, // BlackIsZero
    { code: 277, type: SHORT, values: [bands.length] },
    { code: 284, type: SHORT, values: [2] }, // planar: one plane per band
    { code: 317, type: SHORT, values: [predictor] },
    { code: 322, type: SHORT, values: [tile] },
    { code: 323, type: SHORT, values: [tile] },
    { code: 324, type: LONG, values: new Array<number>(levelTiles[li].length).fill(0) },
    { code: 325, type: LONG, values: levelTiles[li].map((t) => t.length) },
    ...(bands.length > 1 ? [{ code: 338, type: SHORT, values: new Array<number>(bands.length - 1).fill(0) }] : []), // ExtraSamples: unspecified
    { code: 339, type: SHORT, values: bands.map(() => (sampleType === 'uint16' ? 1 : 3)) },
    ...(li === 0 ? geoTags : []),
    ...(li === 0 ? [{ code: 42112, type: ASCII, values: gdalMetadataXml(bands, opts.metadata) }] : []),
    { code: 42113, type: ASCII, values: nodataText },
  ]);

  const ifdStart: number[] = [];
  let pos = 8;
  for (const tags of ifdTags) {
    ifdStart.push(pos);
    pos += ifdByteSize(tags);
  }
  const tileOffsets: number[][] = levels.map(() => []);
  for (let li = levels.length - 1; li >= 0; li--) {
    for (const t of levelTiles[li]) {
      tileOffsets[li].push(pos);
      pos += t.length;
    }
  }
  if (pos > 0xffffffff) throw new RangeError('GeoTIFF larger than 4 GiB: BigTIFF not supported');
  const out = Buffer.alloc(pos);
  out.write('II', 0, 'latin1');
  out.writeUInt16LE(42, 2);
  out.writeUInt32LE(ifdStart[0], 4);
  levels.forEach((_, li) => {
    ifdTags[li].find((t) => t.code === 324)!.values = tileOffsets[li];
    writeIfd(out, ifdStart[li], ifdTags[li], li + 1 < levels.length ? ifdStart[li + 1] : 0);
    levelTiles[li].forEach((t, ti) => t.copy(out, tileOffsets[li][ti]));
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
    if (bytes > 4) size += bytes + (bytes & 1);
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

function tileAndCompress(data: Uint16Array | Float32Array, width: number, height: number, tileSize: number, bytesPerSample: number, predictor: number): Buffer[] {
  const tiles: Buffer[] = [];
  const buf = Buffer.alloc(tileSize * tileSize * bytesPerSample);
  for (let ty = 0; ty < height; ty += tileSize) {
    for (let tx = 0; tx < width; tx += tileSize) {
      buf.fill(0);
      const rows = Math.min(tileSize, height - ty);
      const cols = Math.min(tileSize, width - tx);
      for (let r = 0; r < rows; r++) {
        let previous = 0;
        for (let c = 0; c < cols; c++) {
          const value = data[(ty + r) * width + tx + c];
          const at = (r * tileSize + c) * bytesPerSample;
          if (bytesPerSample === 2) {
            // Predictor 2 stores each sample minus its left neighbour in the tile row, modulo 2^16.
            buf.writeUInt16LE(predictor === 2 ? (value - previous) & 0xffff : value, at);
            previous = value;
          } else {
            buf.writeFloatLE(value, at);
          }
        }
      }
      tiles.push(deflateSync(buf, { level: 6 }));
    }
  }
  return tiles;
}

function downsample(data: Uint16Array | Float32Array, width: number, height: number, factor: number, resampling: 'average' | 'nearest', nodata: number) {
  const ow = Math.ceil(width / factor);
  const oh = Math.ceil(height / factor);
  const out = data instanceof Float32Array ? new Float32Array(ow * oh) : new Uint16Array(ow * oh);
  const isNodata = Number.isNaN(nodata) ? (v: number) => Number.isNaN(v) : (v: number) => v === nodata;
  for (let oy = 0; oy < oh; oy++) {
    const y0 = oy * factor;
    const y1 = Math.min(height, y0 + factor);
    for (let ox = 0; ox < ow; ox++) {
      const x0 = ox * factor;
      const x1 = Math.min(width, x0 + factor);
      if (resampling === 'nearest') {
        out[oy * ow + ox] = data[Math.min(y1 - 1, y0 + (factor >> 1)) * width + Math.min(x1 - 1, x0 + (factor >> 1))];
        continue;
      }
      // No-data takes no part in the mean, so an edge or a masked cloud keeps its neighbours' values.
      let sum = 0;
      let n = 0;
      for (let y = y0; y < y1; y++) {
        for (let x = x0; x < x1; x++) {
          const v = data[y * width + x];
          if (!isNodata(v)) {
            sum += v;
            n++;
          }
        }
      }
      out[oy * ow + ox] = n === 0 ? nodata : out instanceof Uint16Array ? Math.round(sum / n) : sum / n;
    }
  }
  return out;
}
