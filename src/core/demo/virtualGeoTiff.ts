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
import type { ByteRange, ByteSource, ByteSourceStats } from '../raster/byteSource.js';

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
  header: Uint8Array;
  levels: VirtualLevel[];
  tileBytes: number;
  fileSize: number;
}

/** Tiles start here at the earliest: the COG reader's first 16 KB read then holds the header and no tile. */
const DATA_ALIGN = 16 * 1024;

type Entry = { tag: number; type: 2 | 3 | 4 | 12; values: number[] | string };

export function createVirtualGeoTiffLayout(layout: VirtualGeoTiffLayout): VirtualGeoTiff {
  const t = layout.tileSize;
  const tileBytes = t * t * 2;
  const levels: VirtualLevel[] = layout.factors.map((f) => {
    const width = Math.ceil(layout.width / f);
    const height = Math.ceil(layout.height / f);
    return { width, height, tilesAcross: Math.ceil(width / t), tilesDown: Math.ceil(height / t), dataOffset: 0 };
  });
  // Header size first (offsets do not change it), then data offsets.
  const build = (dataStart: number) => {
    let offset = dataStart;
    for (const level of levels) {
      level.dataOffset = offset;
      offset += level.tilesAcross * level.tilesDown * tileBytes;
    }
    const ifds: Entry[][] = levels.map((level, k) => {
      const count = level.tilesAcross * level.tilesDown;
      const entries: Entry[] = [
        { tag: 254, type: 4, values: [k === 0 ? 0 : 1] },
        { tag: 256, type: 4, values: [level.width] },
        { tag: 257, type: 4, values: [level.height] },
        { tag: 258, type: 3, values: [16] },
        { tag: 259, type: 3, values: [1] },
        { tag: 262, type: 3, values: [1] },
        ...(k === 0 ? [{ tag: 270, type: 2 as const, values: layout.description }] : []),
        { tag: 277, type: 3, values: [1] },
        { tag: 284, type: 3, values: [1] },
        { tag: 322, type: 3, values: [t] },
        { tag: 323, type: 3, values: [t] },
        { tag: 324, type: 4, values: Array.from({ length: count }, (_, i) => level.dataOffset + i * tileBytes) },
        { tag: 325, type: 4, values: new Array<number>(count).fill(tileBytes) },
        { tag: 339, type: 3, values: [1] },
      ];
      if (k === 0) {
        const px = layout.pixelSizeM;
        entries.push(
          { tag: 33550, type: 12, values: [px, px, 0] },
          // PixelIsPoint, as Collection 2 files: the tie point is the CENTRE of the first pixel.
          { tag: 33922, type: 12, values: [0, 0, 0, layout.cornerX + px / 2, layout.cornerY - px / 2, 0] },
          { tag: 34735, type: 3, values: [1, 1, 0, 3, 1024, 0, 1, 1, 1025, 0, 1, 2, 3072, 0, 1, layout.epsg] },
          { tag: 42113, type: 2, values: String(layout.nodata) },
        );
      }
      return entries;
    });
    return encodeIfds(ifds);
  };
  let header = build(0);
  const dataStart = Math.max(DATA_ALIGN, Math.ceil(header.byteLength / 4096) * 4096);
  header = build(dataStart);
  const last = levels[levels.length - 1];
  const fileSize = last.dataOffset + last.tilesAcross * last.tilesDown * tileBytes;
  return { header, levels, tileBytes, fileSize };
}

const SIZE = { 2: 1, 3: 2, 4: 4, 12: 8 } as const;

function encodeIfds(ifds: Entry[][]): Uint8Array {
  // Layout: 8-byte header, then per IFD: the entries, next-IFD pointer, then its out-of-line values.
  const blocks: number[] = [];
  let total = 8;
  for (const entries of ifds) {
    blocks.push(total);
    total += 2 + entries.length * 12 + 4;
    for (const e of entries) {
      const size = valueBytes(e);
      if (size > 4) total += size + (size % 2);
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
      const count = typeof e.values === 'string' ? e.values.length + 1 : e.values.length;
      view.setUint16(p, e.tag, true);
      view.setUint16(p + 2, e.type, true);
      view.setUint32(p + 4, count, true);
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
  return typeof e.values === 'string' ? e.values.length + 1 : e.values.length * SIZE[e.type];
}

function writeValues(view: DataView, at: number, e: Entry): void {
  if (typeof e.values === 'string') {
    for (let i = 0; i < e.values.length; i++) view.setUint8(at + i, e.values.charCodeAt(i) & 0x7f);
    view.setUint8(at + e.values.length, 0);
    return;
  }
  e.values.forEach((v, i) => {
    if (e.type === 3) view.setUint16(at + 2 * i, v, true);
    else if (e.type === 4) view.setUint32(at + 4 * i, v, true);
    else view.setFloat64(at + 8 * i, v, true);
  });
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
): ByteSource {
  const stats: ByteSourceStats = { requests: 0, bytes: 0 };
  async function read(r: ByteRange, signal?: AbortSignal): Promise<ArrayBuffer> {
    const start = Math.max(0, r.offset);
    const end = Math.min(tiff.fileSize, r.offset + r.length);
    const out = new Uint8Array(Math.max(0, end - start));
    if (end <= start) return out.buffer;
    if (start < tiff.header.byteLength) out.set(tiff.header.subarray(start, Math.min(end, tiff.header.byteLength)), 0);
    for (let k = 0; k < tiff.levels.length; k++) {
      const level = tiff.levels[k];
      const levelEnd = level.dataOffset + level.tilesAcross * level.tilesDown * tiff.tileBytes;
      if (end <= level.dataOffset || start >= levelEnd) continue;
      const first = Math.floor((Math.max(start, level.dataOffset) - level.dataOffset) / tiff.tileBytes);
      const last = Math.floor((Math.min(end, levelEnd) - 1 - level.dataOffset) / tiff.tileBytes);
      for (let i = first; i <= last; i++) {
        signal?.throwIfAborted();
        const values = await tile(k, i, signal);
        const bytes = tileBytesOf(values);
        const tileStart = level.dataOffset + i * tiff.tileBytes;
        const from = Math.max(start, tileStart);
        const to = Math.min(end, tileStart + tiff.tileBytes);
        out.set(bytes.subarray(from - tileStart, to - tileStart), from - start);
      }
    }
    stats.requests += 1;
    stats.bytes += out.byteLength;
    return out.buffer;
  }
  return {
    id,
    stats,
    async fetch(ranges, signal) {
      const out: ArrayBuffer[] = [];
      for (const r of ranges) out.push(await read(r, signal));
      return out;
    },
  };
}

function tileBytesOf(values: Uint16Array): Uint8Array {
  if (LITTLE_ENDIAN_HOST) return new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
  const out = new Uint8Array(values.length * 2);
  const view = new DataView(out.buffer);
  values.forEach((v, i) => view.setUint16(2 * i, v, true));
  return out;
}
