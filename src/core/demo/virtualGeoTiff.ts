/**
 * A tiled, uncompressed GeoTIFF (Cloud-Optimized layout: every IFD ahead of the data) whose tiles
 * are computed when their bytes are read. Uncompressed tiles all have the same size, so every tile
 * offset is known without computing any tile: the header is a few kilobytes built from the grid
 * alone, and a range read synthesizes only the tiles it overlaps. The real COG reader (range reads,
 * overviews, decoding, block cache) reads it like any other file.
 *
 * TIFF 6.0: https://www.itu.int/itudoc/itu-t/com16/tiff-fx/docs/tiff6.pdf; GeoTIFF 1.1 keys:
 * https://docs.ogc.org/is/19-008r4/19-008r4.html; GDAL_NODATA tag 42113: https://gdal.org/en/stable/drivers/raster/gtiff.html
 */
import { endianness } from 'node:os';
import type { ByteRange, ByteSource, ByteSourceStats, SampleCounter } from '../raster/byteSource.js';

export interface VirtualGeoTiffLayout {
  /** Full-resolution size; overview k has ceil(size / factor_k) pixels. */
  width: number;
  height: number;
  tileSize: number;
  /** 1 for the full resolution, then the overview factors, finest first. */
  factors: readonly number[];
  epsg: number;
  /** Upper-left corner of the upper-left pixel, metres; pixel size in metres. */
  cornerX: number;
  cornerY: number;
  pixelSizeM: number;
  nodata: number;
  description: string;
}

export interface VirtualLevel {
  width: number;
  height: number;
  tilesAcross: number;
  tilesDown: number;
  /** Byte offset of the level's first tile; tiles follow row by row. */
  dataOffset: number;
}

export interface VirtualGeoTiff {
  /** The header's bytes: built on first use (a source is opened for every read; its header is read rarely, the COG reader caches it). */
  readonly header: Uint8Array;
  /** Length of `header`, known without building it. */
  headerBytes: number;
  /** Equal for files whose headers parse alike (all but the ImageDescription text): see ByteSource.headerId. */
  headerId: string;
  levels: VirtualLevel[];
  tileBytes: number;
  fileSize: number;
}

/** Tiles start here at the earliest: the COG reader's first 16 KB read then holds the header and no tile. */
const DATA_ALIGN = 16 * 1024;

/**
 * One IFD entry: `count` numbers (`values`, or the series start, start + step, ...), or an ASCII string.
 * Plain data, no arrays of tile offsets and no closures: a demo source is opened for every pixel or
 * window request, and profiling under load showed building such arrays (and tsx's per-closure naming
 * helper) taking most of the event loop.
 */
interface Entry {
  tag: number;
  type: 2 | 3 | 4 | 12;
  count: number;
  values?: readonly number[];
  text?: string;
  start?: number;
  step?: number;
}

function one(tag: number, type: 3 | 4, v: number): Entry {
  return { tag, type, count: 1, start: v, step: 0 };
}

/** What a layout is without its description text: shared by every file of one grid, band kind and description length. */
interface LayoutTemplate {
  ifds: Entry[][];
  headerBytes: number;
  headerId: string;
  levels: VirtualLevel[];
  tileBytes: number;
  fileSize: number;
}

// A 40-year point record opens 29,000 files (8 a scene) of a few grids: building each one's ~75 IFD
// entries was ~0.3 s of the main thread and much of its garbage. The templates are immutable once made.
const templates = new Map<string, LayoutTemplate>();
const MAX_TEMPLATES = 256;

export function createVirtualGeoTiffLayout(layout: VirtualGeoTiffLayout): VirtualGeoTiff {
  const { width, height, tileSize, factors, epsg, cornerX, cornerY, pixelSizeM, nodata } = layout;
  // The description's length is in the key: it sets the header's size, hence where the data starts.
  const key = `${width}x${height}:${tileSize}:${factors.join(',')}:${epsg}:${cornerX},${cornerY}:${pixelSizeM}:${nodata}:${layout.description.length}`;
  let template = templates.get(key);
  if (!template) {
    if (templates.size >= MAX_TEMPLATES) templates.clear();
    templates.set(key, (template = layoutTemplate(layout)));
  }
  return new LazyHeaderTiff(template.ifds, layout.description, template.headerBytes, template.headerId, template.levels, template.tileBytes, template.fileSize);
}

/** Tag 270, ImageDescription: the one entry whose value differs between files of one template. */
const DESCRIPTION_TAG = 270;

function layoutTemplate(layout: VirtualGeoTiffLayout): LayoutTemplate {
  const t = layout.tileSize;
  const tileBytes = t * t * 2;
  const levels: VirtualLevel[] = [];
  const ifds: Entry[][] = [];
  const offsetEntries: Entry[] = [];
  for (let k = 0; k < layout.factors.length; k++) {
    const f = layout.factors[k];
    const width = Math.ceil(layout.width / f);
    const height = Math.ceil(layout.height / f);
    const level: VirtualLevel = { width, height, tilesAcross: Math.ceil(width / t), tilesDown: Math.ceil(height / t), dataOffset: 0 };
    levels.push(level);
    const count = level.tilesAcross * level.tilesDown;
    // The tile offsets' start is filled in below, once the header's size (which offsets do not change) is known.
    const offsets: Entry = { tag: 324, type: 4, count, start: 0, step: tileBytes };
    offsetEntries.push(offsets);
    const entries: Entry[] = [one(254, 4, k === 0 ? 0 : 1), one(256, 4, width), one(257, 4, height), one(258, 3, 16), one(259, 3, 1), one(262, 3, 1)];
    // The text is filled in per file (LazyHeaderTiff); its length, which the layout depends on, is the template's.
    if (k === 0) entries.push({ tag: DESCRIPTION_TAG, type: 2, count: layout.description.length + 1, text: '' });
    entries.push(one(277, 3, 1), one(284, 3, 1), one(322, 3, t), one(323, 3, t), offsets, { tag: 325, type: 4, count, start: tileBytes, step: 0 }, one(339, 3, 1));
    if (k === 0) {
      const px = layout.pixelSizeM;
      entries.push(
        { tag: 33550, type: 12, count: 3, values: [px, px, 0] },
        // PixelIsPoint, as Collection 2 files: the tie point is the CENTRE of the first pixel.
        { tag: 33922, type: 12, count: 6, values: [0, 0, 0, layout.cornerX + px / 2, layout.cornerY - px / 2, 0] },
        { tag: 34735, type: 3, count: 16, values: [1, 1, 0, 3, 1024, 0, 1, 1, 1025, 0, 1, 2, 3072, 0, 1, layout.epsg] },
        { tag: 42113, type: 2, count: String(layout.nodata).length + 1, text: String(layout.nodata) },
      );
    }
    ifds.push(entries);
  }
  const headerBytes = ifdsSize(ifds);
  // A header longer than the first read (a level's tile table is 4 bytes a tile) is read on in 4 KB
  // pieces (cogHeader.ts), the last of which may run up to 4 KB past the header: with the data right
  // after the header, that read overlapped the first tile and synthesized it whole for every scene
  // and band opened (137 whole tiles in the five-year journey). A free page of padding keeps it out.
  let offset = Math.max(DATA_ALIGN, Math.ceil((headerBytes + 4096) / 4096) * 4096);
  for (let k = 0; k < levels.length; k++) {
    levels[k].dataOffset = offset;
    offsetEntries[k].start = offset;
    offset += levels[k].tilesAcross * levels[k].tilesDown * tileBytes;
  }
  const { width, height, tileSize, factors, epsg, cornerX, cornerY, pixelSizeM, nodata } = layout;
  // Everything the tags hold but the description, and where the data starts (which its length may move).
  const headerId = `virtual-geotiff:${width}x${height}:${tileSize}:${factors.join(',')}:${epsg}:${cornerX},${cornerY}:${pixelSizeM}:${nodata}:${levels[0].dataOffset}`;
  return { ifds, headerBytes, headerId, levels, tileBytes, fileSize: offset };
}

/** Builds the header bytes on first use (a class rather than a literal getter: no closure per open). */
class LazyHeaderTiff implements VirtualGeoTiff {
  private bytes: Uint8Array | null = null;
  constructor(
    private readonly ifds: Entry[][],
    private readonly description: string,
    readonly headerBytes: number,
    readonly headerId: string,
    readonly levels: VirtualLevel[],
    readonly tileBytes: number,
    readonly fileSize: number,
  ) {}
  get header(): Uint8Array {
    if (this.bytes) return this.bytes;
    // The template's entries with this file's description (same length, so the layout holds).
    const ifds = this.ifds.map((entries) => entries.map((e) => (e.tag === DESCRIPTION_TAG ? { ...e, text: this.description } : e)));
    return (this.bytes = encodeIfds(ifds, this.headerBytes));
  }
}

const SIZE = { 2: 1, 3: 2, 4: 4, 12: 8 } as const;

/** Layout: 8-byte header, then per IFD: the entries, next-IFD pointer, then its out-of-line values. */
function ifdsSize(ifds: Entry[][]): number {
  let total = 8;
  for (const entries of ifds) {
    total += 2 + entries.length * 12 + 4;
    for (const e of entries) {
      const size = valueBytes(e);
      if (size > 4) total += size + (size % 2);
    }
  }
  return total;
}

function encodeIfds(ifds: Entry[][], total: number): Uint8Array {
  const blocks: number[] = [];
  let at = 8;
  for (const entries of ifds) {
    blocks.push(at);
    at += 2 + entries.length * 12 + 4;
    for (const e of entries) {
      const size = valueBytes(e);
      if (size > 4) at += size + (size % 2);
    }
  }
  const buf = new ArrayBuffer(total);
  const view = new DataView(buf);
  view.setUint16(0, 0x4949, false);
  view.setUint16(2, 42, true);
  view.setUint32(4, blocks[0], true);
  ifds.forEach((entries, k) => {
    const at = blocks[k];
    view.setUint16(at, entries.length, true);
    let extra = at + 2 + entries.length * 12 + 4;
    entries.forEach((e, i) => {
      const p = at + 2 + i * 12;
      view.setUint16(p, e.tag, true);
      view.setUint16(p + 2, e.type, true);
      view.setUint32(p + 4, e.count, true);
      const size = valueBytes(e);
      let target = p + 8;
      if (size > 4) {
        view.setUint32(p + 8, extra, true);
        target = extra;
        extra += size + (size % 2);
      }
      writeValues(view, target, e);
    });
    view.setUint32(at + 2 + entries.length * 12, k + 1 < ifds.length ? blocks[k + 1] : 0, true);
  });
  return new Uint8Array(buf);
}

function valueBytes(e: Entry): number {
  return e.count * SIZE[e.type];
}

function writeValues(view: DataView, at: number, e: Entry): void {
  if (e.text !== undefined) {
    for (let i = 0; i < e.text.length; i++) view.setUint8(at + i, e.text.charCodeAt(i) & 0x7f);
    view.setUint8(at + e.text.length, 0);
    return;
  }
  for (let i = 0; i < e.count; i++) {
    const v = e.values ? e.values[i] : e.start! + i * e.step!;
    if (e.type === 3) view.setUint16(at + 2 * i, v, true);
    else if (e.type === 4) view.setUint32(at + 4 * i, v, true);
    else view.setFloat64(at + 8 * i, v, true);
  }
}

const LITTLE_ENDIAN_HOST = endianness() === 'LE';

/**
 * A ByteSource over a virtual GeoTIFF: header bytes from the layout, tile bytes from `tile(level,
 * index)` (TILE x TILE uint16 values), computed only for the tiles a range overlaps.
 */
export function createVirtualGeoTiffSource(
  id: string,
  tiff: VirtualGeoTiff,
  tile: (level: number, index: number, signal?: AbortSignal) => Promise<Uint16Array>,
  /** The samples `rows` x `cols` of a tile, equal to those of `tile(level, index)`: readers then compute only what they read. */
  samples?: (level: number, index: number, rows: Int32Array, cols: Int32Array, signal?: AbortSignal) => Promise<Uint16Array>,
  /** Counts of a window's samples per DN, made where the samples are (ByteSource.sampleCounter). */
  sampleCounter?: SampleCounter,
): ByteSource {
  const stats: ByteSourceStats = { requests: 0, bytes: 0 };
  async function read(r: ByteRange, signal?: AbortSignal): Promise<ArrayBuffer> {
    const start = Math.max(0, r.offset);
    const end = Math.min(tiff.fileSize, r.offset + r.length);
    // The tiles first, the output after: a long range holds no buffer while its tiles are computed.
    const parts: { at: number; bytes: Uint8Array }[] = [];
    for (let k = 0; k < tiff.levels.length && end > start; k++) {
      const level = tiff.levels[k];
      const levelEnd = level.dataOffset + level.tilesAcross * level.tilesDown * tiff.tileBytes;
      if (end <= level.dataOffset || start >= levelEnd) continue;
      const first = Math.floor((Math.max(start, level.dataOffset) - level.dataOffset) / tiff.tileBytes);
      const last = Math.floor((Math.min(end, levelEnd) - 1 - level.dataOffset) / tiff.tileBytes);
      for (let i = first; i <= last; i++) {
        signal?.throwIfAborted();
        const bytes = tileBytesOf(await tile(k, i, signal));
        const tileStart = level.dataOffset + i * tiff.tileBytes;
        const from = Math.max(start, tileStart);
        const to = Math.min(end, tileStart + tiff.tileBytes);
        parts.push({ at: from - start, bytes: bytes.subarray(from - tileStart, to - tileStart) });
      }
    }
    const out = new Uint8Array(Math.max(0, end - start));
    if (start < tiff.headerBytes && end > start) out.set(tiff.header.subarray(start, Math.min(end, tiff.headerBytes)), 0);
    for (const part of parts) out.set(part.bytes, part.at);
    stats.requests += 1;
    stats.bytes += out.byteLength;
    return out.buffer;
  }
  return {
    id,
    headerId: tiff.headerId,
    stats,
    // Tiles are computed from the scene id (and the demo keeps its own small cache of them).
    rereadIsFree: true,
    ...(sampleCounter ? { sampleCounter } : {}),
    async fetch(ranges, signal) {
      const out: ArrayBuffer[] = [];
      for (const r of ranges) out.push(await read(r, signal));
      return out;
    },
    ...(samples
      ? {
          async readTileSamples(level: number, index: number, rows: Int32Array, cols: Int32Array, signal?: AbortSignal) {
            signal?.throwIfAborted();
            const values = await samples(level, index, rows, cols, signal);
            stats.requests += 1;
            stats.bytes += values.byteLength;
            return values;
          },
        }
      : {}),
  };
}

function tileBytesOf(values: Uint16Array): Uint8Array {
  if (LITTLE_ENDIAN_HOST) return new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
  const out = new Uint8Array(values.length * 2);
  const view = new DataView(out.buffer);
  values.forEach((v, i) => view.setUint16(2 * i, v, true));
  return out;
}
