/**
 * Parses the TIFF header and IFDs of a single-band Cloud-Optimized GeoTIFF as GDAL interprets them:
 * levels (full resolution and internal overviews), tile index, georeferencing. A COG puts them all in
 * the first kilobytes, so one range request usually suffices
 * (https://github.com/cogeotiff/cog-spec/blob/master/spec.md).
 */
import type { ByteSource } from './byteSource.js';
import type { SceneGridSpec } from './sceneGrid.js';

export interface CogLevel {
  /** 0 = full resolution, 1.. = internal overviews from finest to coarsest. */
  index: number;
  width: number;
  height: number;
  tileWidth: number;
  tileHeight: number;
  /**
   * Typed arrays, not JS arrays: a header stays cached for every scene read, and a typed array's
   * bytes live outside the V8 heap (counted by the block cache at 8 bytes a value), so the cache's
   * byte budget, not the heap limit, bounds them (issue 27: the heap ran out under --max-old-space-size=320).
   */
  tileOffsets: Float64Array;
  tileByteCounts: Float64Array;
  compression: number;
  predictor: number;
  bitsPerSample: number;
  /** Full-resolution pixels per pixel of this level, along x and y. */
  factorX: number;
  factorY: number;
}

/** The grid as GDAL reports it (origin at the upper-left corner, sizes positive), EPSG unknown when the file names none. */
export interface CogGeo extends Omit<SceneGridSpec, 'epsg'> {
  epsg: number | null;
  /** GDAL's AREA_OR_POINT, from GTRasterTypeGeoKey (1 = Area, 2 = Point). */
  areaOrPoint: 'Area' | 'Point';
  /** Raw ModelTiepoint model x/y (for Point rasters: the CENTRE of the first pixel). */
  tiePointX: number;
  tiePointY: number;
  nodata: number | null;
}

export interface CogHeader {
  littleEndian: boolean;
  bigTiff: boolean;
  levels: CogLevel[];
  geo: CogGeo;
}

/** First request size: GDAL's COG driver writes every IFD and the tile index ahead of the data. */
const HEADER_PREFETCH_BYTES = 16 * 1024;

// TIFF tags (TIFF 6.0, GeoTIFF 1.1, GDAL private tags).
const TAG = {
  NewSubfileType: 254,
  ImageWidth: 256,
  ImageLength: 257,
  BitsPerSample: 258,
  Compression: 259,
  SamplesPerPixel: 277,
  PlanarConfiguration: 284,
  Predictor: 317,
  TileWidth: 322,
  TileLength: 323,
  TileOffsets: 324,
  TileByteCounts: 325,
  SampleFormat: 339,
  ModelPixelScale: 33550,
  ModelTiepoint: 33922,
  ModelTransformation: 34264,
  GeoKeyDirectory: 34735,
  GDAL_NODATA: 42113,
} as const;
const TYPE_SIZE: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8, 16: 8, 17: 8, 18: 8 };

interface RawIfd {
  tags: Map<number, Float64Array | string>;
  next: number;
}

/** Byte reader over the header prefix that fetches what lies beyond it. */
class HeaderBytes {
  private chunks: { offset: number; view: DataView }[] = [];
  constructor(
    private readonly source: ByteSource,
    private readonly signal: AbortSignal | undefined,
    public littleEndian = true,
  ) {}

  async view(offset: number, length: number): Promise<{ view: DataView; base: number }> {
    for (const c of this.chunks) {
      if (offset >= c.offset && offset + length <= c.offset + c.view.byteLength) return { view: c.view, base: c.offset };
    }
    const fetchLength = Math.max(length, Math.min(HEADER_PREFETCH_BYTES, 4096));
    const [buf] = await this.source.fetch([{ offset, length: fetchLength }], this.signal);
    if (buf.byteLength < length) throw new Error(`truncated TIFF: wanted ${length} bytes at ${offset} of ${this.source.id}`);
    const view = new DataView(buf);
    this.chunks.push({ offset, view });
    return { view, base: offset };
  }

  addPrefix(buf: ArrayBuffer) {
    this.chunks.push({ offset: 0, view: new DataView(buf) });
  }

  async values(type: number, count: number, offset: number): Promise<Float64Array | string> {
    const size = TYPE_SIZE[type] ?? 1;
    const { view, base } = await this.view(offset, size * count);
    return decodeValues(view, offset - base, type, count, this.littleEndian);
  }
}

/**
 * A field's values: text for ASCII, numbers otherwise, into a Float64Array (exact for every TIFF
 * integer up to 2^53) with one loop per type: a real Collection 2 band's tile offsets and byte counts
 * are thousands of values a level, and the demo archive opens a header per scene and band, so a
 * per-value switch and number[] then copied into typed arrays showed in the five-year journey's profile.
 */
function decodeValues(view: DataView, at: number, type: number, count: number, le: boolean): Float64Array | string {
  if (type === 2) {
    let s = '';
    for (let i = 0; i < count; i++) s += String.fromCharCode(view.getUint8(at + i));
    return s.replace(/\0+$/, '');
  }
  const out = new Float64Array(count);
  switch (type) {
    case 1: case 7: for (let i = 0; i < count; i++) out[i] = view.getUint8(at + i); break;
    case 6: for (let i = 0; i < count; i++) out[i] = view.getInt8(at + i); break;
    case 3: for (let i = 0; i < count; i++) out[i] = view.getUint16(at + 2 * i, le); break;
    case 8: for (let i = 0; i < count; i++) out[i] = view.getInt16(at + 2 * i, le); break;
    case 4: for (let i = 0; i < count; i++) out[i] = view.getUint32(at + 4 * i, le); break;
    case 9: for (let i = 0; i < count; i++) out[i] = view.getInt32(at + 4 * i, le); break;
    case 11: for (let i = 0; i < count; i++) out[i] = view.getFloat32(at + 4 * i, le); break;
    case 12: for (let i = 0; i < count; i++) out[i] = view.getFloat64(at + 8 * i, le); break;
    case 5: for (let i = 0; i < count; i++) out[i] = view.getUint32(at + 8 * i, le) / view.getUint32(at + 8 * i + 4, le); break;
    case 10: for (let i = 0; i < count; i++) out[i] = view.getInt32(at + 8 * i, le) / view.getInt32(at + 8 * i + 4, le); break;
    case 16: case 18: for (let i = 0; i < count; i++) out[i] = Number(view.getBigUint64(at + 8 * i, le)); break;
    case 17: for (let i = 0; i < count; i++) out[i] = Number(view.getBigInt64(at + 8 * i, le)); break;
    default: throw new Error(`unsupported TIFF field type ${type}`);
  }
  return out;
}

async function readIfd(bytes: HeaderBytes, offset: number, bigTiff: boolean): Promise<RawIfd> {
  const le = bytes.littleEndian;
  const countSize = bigTiff ? 8 : 2;
  const entrySize = bigTiff ? 20 : 12;
  const inlineSize = bigTiff ? 8 : 4;
  const head = await bytes.view(offset, countSize);
  const n = bigTiff ? Number(head.view.getBigUint64(offset - head.base, le)) : head.view.getUint16(offset - head.base, le);
  const total = countSize + n * entrySize + (bigTiff ? 8 : 4);
  const { view, base } = await bytes.view(offset, total);
  const tags = new Map<number, Float64Array | string>();
  const deferred: Promise<void>[] = [];
  for (let i = 0; i < n; i++) {
    const e = offset - base + countSize + i * entrySize;
    const tag = view.getUint16(e, le);
    const type = view.getUint16(e + 2, le);
    const count = bigTiff ? Number(view.getBigUint64(e + 4, le)) : view.getUint32(e + 4, le);
    const valueAt = e + (bigTiff ? 12 : 8);
    const size = (TYPE_SIZE[type] ?? 1) * count;
    if (!TYPE_SIZE[type]) continue;
    if (size <= inlineSize) {
      tags.set(tag, decodeValues(view, valueAt, type, count, le));
    } else {
      const at = bigTiff ? Number(view.getBigUint64(valueAt, le)) : view.getUint32(valueAt, le);
      deferred.push(bytes.values(type, count, at).then((v) => void tags.set(tag, v)));
    }
  }
  await Promise.all(deferred);
  const nextAt = offset - base + countSize + n * entrySize;
  const next = bigTiff ? Number(view.getBigUint64(nextAt, le)) : view.getUint32(nextAt, le);
  return { tags, next };
}

function num(ifd: RawIfd, tag: number, fallback?: number): number {
  const v = ifd.tags.get(tag);
  if (typeof v === 'object' && v.length > 0) return v[0];
  if (fallback !== undefined) return fallback;
  throw new Error(`TIFF tag ${tag} missing`);
}

function arr(ifd: RawIfd, tag: number): Float64Array | undefined {
  const v = ifd.tags.get(tag);
  return typeof v === 'object' ? v : undefined;
}

function parseGeoKeys(ifd: RawIfd): Map<number, number> {
  const dir = arr(ifd, TAG.GeoKeyDirectory);
  const keys = new Map<number, number>();
  if (!dir) return keys;
  for (let i = 4; i + 3 < dir.length && i <= dir[3] * 4; i += 4) {
    // Only SHORT values stored inline (location 0) matter here: raster type and EPSG codes.
    if (dir[i + 1] === 0) keys.set(dir[i], dir[i + 3]);
  }
  return keys;
}

/** GeoTIFF georeferencing as GDAL interprets it. */
function parseGeo(ifd: RawIfd, width: number, height: number): CogGeo {
  const keys = parseGeoKeys(ifd);
  const projected = keys.get(3072);
  const geographic = keys.get(2048);
  const epsg = projected && projected !== 32767 ? projected : geographic && geographic !== 32767 ? geographic : null;
  const areaOrPoint = keys.get(1025) === 2 ? 'Point' : 'Area';
  const scale = arr(ifd, TAG.ModelPixelScale);
  const tie = arr(ifd, TAG.ModelTiepoint);
  const transform = arr(ifd, TAG.ModelTransformation);
  let tiePointX: number;
  let tiePointY: number;
  let pixelSizeX: number;
  let pixelSizeY: number;
  let tieI = 0;
  let tieJ = 0;
  if (scale && tie && tie.length >= 6) {
    [tieI, tieJ] = tie;
    tiePointX = tie[3];
    tiePointY = tie[4];
    pixelSizeX = scale[0];
    pixelSizeY = scale[1];
  } else if (transform && transform.length >= 8) {
    tiePointX = transform[3];
    tiePointY = transform[7];
    pixelSizeX = transform[0];
    pixelSizeY = -transform[5];
  } else {
    throw new Error('GeoTIFF has no ModelTiepoint/ModelPixelScale nor ModelTransformation');
  }
  let originX = tiePointX - tieI * pixelSizeX;
  let originY = tiePointY + tieJ * pixelSizeY;
  if (areaOrPoint === 'Point') {
    // PixelIsPoint: the tie point is the centre of pixel (I,J); GDAL (unless GTIFF_POINT_GEO_IGNORE)
    // moves half a pixel up-left to report the corner. https://gdal.org/en/stable/drivers/raster/gtiff.html
    originX -= pixelSizeX / 2;
    originY += pixelSizeY / 2;
  }
  const nodataStr = ifd.tags.get(TAG.GDAL_NODATA);
  const nodata = typeof nodataStr === 'string' && nodataStr.trim() !== '' ? Number(nodataStr.trim()) : null;
  return { epsg, areaOrPoint, tiePointX, tiePointY, originX, originY, pixelSizeX, pixelSizeY, width, height, nodata };
}

export async function parseCogHeader(source: ByteSource, signal?: AbortSignal): Promise<CogHeader> {
  const [prefix] = await source.fetch([{ offset: 0, length: HEADER_PREFETCH_BYTES }], signal);
  if (prefix.byteLength < 8) throw new Error(`not a TIFF (too short): ${source.id}`);
  const dv = new DataView(prefix);
  const bom = dv.getUint16(0, false);
  if (bom !== 0x4949 && bom !== 0x4d4d) throw new Error(`not a TIFF (byte order mark): ${source.id}`);
  const le = bom === 0x4949;
  const magic = dv.getUint16(2, le);
  if (magic !== 42 && magic !== 43) throw new Error(`not a TIFF (magic ${magic}): ${source.id}`);
  const bigTiff = magic === 43;
  const bytes = new HeaderBytes(source, signal, le);
  bytes.addPrefix(prefix);
  let ifdOffset = bigTiff ? Number(dv.getBigUint64(8, le)) : dv.getUint32(4, le);

  const levels: CogLevel[] = [];
  let geo: CogGeo | null = null;
  const seen = new Set<number>();
  while (ifdOffset !== 0 && !seen.has(ifdOffset)) {
    seen.add(ifdOffset);
    const ifd = await readIfd(bytes, ifdOffset, bigTiff);
    ifdOffset = ifd.next;
    const subfileType = num(ifd, TAG.NewSubfileType, 0);
    if (subfileType & 4) continue; // transparency mask IFD, not pixel data
    const width = num(ifd, TAG.ImageWidth);
    const height = num(ifd, TAG.ImageLength);
    const tileOffsets = arr(ifd, TAG.TileOffsets);
    const tileByteCounts = arr(ifd, TAG.TileByteCounts);
    if (!tileOffsets || !tileByteCounts) throw new Error(`TIFF is not tiled (not a COG): ${source.id}`);
    const bitsPerSample = num(ifd, TAG.BitsPerSample, 1);
    const sampleFormat = num(ifd, TAG.SampleFormat, 1);
    const samples = num(ifd, TAG.SamplesPerPixel, 1);
    if (samples !== 1 || sampleFormat !== 1 || (bitsPerSample !== 16 && bitsPerSample !== 8)) {
      throw new Error(`unsupported pixel layout (samples ${samples}, format ${sampleFormat}, bits ${bitsPerSample}): ${source.id}`);
    }
    if (!geo) geo = parseGeo(ifd, width, height);
    levels.push({
      index: levels.length,
      width,
      height,
      tileWidth: num(ifd, TAG.TileWidth),
      tileHeight: num(ifd, TAG.TileLength),
      // Each IFD's own arrays, decoded for this header: no copy needed.
      tileOffsets,
      tileByteCounts,
      compression: num(ifd, TAG.Compression, 1),
      predictor: num(ifd, TAG.Predictor, 1),
      bitsPerSample,
      factorX: geo.width / width,
      factorY: geo.height / height,
    });
  }
  if (!geo || levels.length === 0) throw new Error(`TIFF has no image: ${source.id}`);
  return { littleEndian: le, bigTiff, levels, geo };
}

/** Approximate memory of a parsed header, for the cache's budget. */
export function headerBytes(h: CogHeader): number {
  return 2048 + h.levels.reduce((s, l) => s + l.tileOffsets.length * 16, 0);
}

