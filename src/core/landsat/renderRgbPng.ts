import { LRUCache } from 'lru-cache';
import { PNG } from 'pngjs';

/** One display channel: physical values (null = no data) and the range mapped onto 0..255. */
export interface DisplayChannel {
  values: ArrayLike<number | null> | ((index: number) => number | null);
  low: number;
  high: number;
}

export interface RenderRgbOptions {
  width: number;
  height: number;
  /** Three channels for colour (R, G, B); one for grey. */
  channels: DisplayChannel[];
  /** Output size; pixels are enlarged or reduced by nearest neighbour so each stays a visible square. */
  outWidth?: number;
  outHeight?: number;
}

const valueAt = (ch: DisplayChannel, i: number) => (typeof ch.values === 'function' ? ch.values(i) : ch.values[i]);

/** Renders physical values to an RGBA PNG; a pixel with no data in any channel is transparent. */
export function renderRgbPng({ width, height, channels, outWidth = width, outHeight = height }: RenderRgbOptions): Buffer {
  if (channels.length !== 1 && channels.length !== 3) throw new Error('renderRgbPng needs one or three channels');
  const rgb = channels.length === 3 ? channels : [channels[0], channels[0], channels[0]];
  // Colour each source pixel once, then copy whole RGBA words into the (usually larger) output.
  const sourceRgba = new Uint8Array(width * height * 4);
  for (let si = 0; si < width * height; si++) {
    let transparent = false;
    for (let c = 0; c < 3; c++) {
      const ch = rgb[c];
      const v = valueAt(ch, si);
      if (v === null || Number.isNaN(v)) {
        transparent = true;
        continue;
      }
      const t = ch.high > ch.low ? (v - ch.low) / (ch.high - ch.low) : 0.5;
      sourceRgba[si * 4 + c] = Math.round(255 * Math.min(1, Math.max(0, t)));
    }
    sourceRgba[si * 4 + 3] = transparent ? 0 : 255;
  }
  // A few source pixels blown up (the 3 x 3 block image) are the same PNG whenever their colours are: under
  // load the page's repeated 3 x 3 calls drew and deflated 240 x 240 px on the event loop each time.
  const key = width * height <= SMALL_SOURCE_PIXELS ? `${width}x${height}>${outWidth}x${outHeight}:${Buffer.from(sourceRgba.buffer).toString('base64')}` : null;
  const drawn = key === null ? undefined : smallPngs.get(key);
  if (drawn) return drawn;
  const sourceWords = new Uint32Array(sourceRgba.buffer);
  const png = new PNG({ width: outWidth, height: outHeight });
  const outWords = new Uint32Array(png.data.buffer, png.data.byteOffset, outWidth * outHeight);
  const columnOf = new Int32Array(outWidth);
  for (let x = 0; x < outWidth; x++) columnOf[x] = Math.min(width - 1, Math.floor((x * width) / outWidth));
  for (let y = 0; y < outHeight; y++) {
    const rowStart = Math.min(height - 1, Math.floor((y * height) / outHeight)) * width;
    const o = y * outWidth;
    for (let x = 0; x < outWidth; x++) outWords[o + x] = sourceWords[rowStart + columnOf[x]];
  }
  // pngjs's default tries all five row filters at deflate level 9: several times slower for a few % smaller.
  const encoded = PNG.sync.write(png, { filterType: 1, deflateLevel: 6 });
  if (key !== null) smallPngs.set(key, encoded);
  return encoded;
}

/** Sources of at most this many pixels have their PNGs remembered (a few KB each; shared, so read-only). */
const SMALL_SOURCE_PIXELS = 64;
const smallPngs = new LRUCache<string, Buffer>({ max: 1024 });

/** The p-th and (100-p)-th percentiles of the non-null values, for a contrast stretch. */
export function percentileRange(values: ArrayLike<number | null>, percent = 2): { low: number; high: number } | null {
  const finite: number[] = [];
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v !== null && Number.isFinite(v)) finite.push(v);
  }
  if (finite.length === 0) return null;
  finite.sort((a, b) => a - b);
  const at = (p: number) => finite[Math.min(finite.length - 1, Math.max(0, Math.round((p / 100) * (finite.length - 1))))];
  return { low: at(percent), high: at(100 - percent) };
}
