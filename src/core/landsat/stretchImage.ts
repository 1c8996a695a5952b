/**
 * The contrast-stretched box image, from uint16 DNs straight to PNG bytes in typed arrays: the 2-98 %
 * percentiles come from a 65,536-bin histogram of the DNs (one pass, no sort, no per-pixel objects),
 * each channel maps DN -> byte through a 65,536-entry lookup table, and the PNG is deflated by zlib on
 * the thread pool. Same semantics as `percentileRange` over physical values: the scale factors are
 * increasing, so the k-th smallest DN gives the k-th smallest reflectance or temperature.
 */
import { PNG } from 'pngjs';
import type { AssetKey } from '../bands/bandCatalog.js';
import { dnToPhysical } from '../raster/scaling.js';

/** Counts of each DN; DN 0 (fill) is counted in bin 0, which the percentiles skip. */
export function dnHistogram(dn: Uint16Array): Uint32Array {
  const bins = new Uint32Array(65536);
  for (let i = 0; i < dn.length; i++) bins[dn[i]]++;
  return bins;
}

/** The p-th and (100-p)-th percentile DNs of the non-fill pixels, ranked as `percentileRange` ranks them. */
export function dnPercentiles(bins: Uint32Array, percent = 2): { lowDn: number; highDn: number } | null {
  let n = 0;
  for (let v = 1; v < 65536; v++) n += bins[v];
  if (n === 0) return null;
  const rank = (p: number) => Math.min(n - 1, Math.max(0, Math.round((p / 100) * (n - 1))));
  const dnAtRank = (k: number) => {
    let seen = 0;
    for (let v = 1; v < 65536; v++) {
      seen += bins[v];
      if (seen > k) return v;
    }
    return 65535;
  };
  return { lowDn: dnAtRank(rank(percent)), highDn: dnAtRank(rank(100 - percent)) };
}

export interface StretchChannel {
  asset: AssetKey;
  dn: Uint16Array;
}

export interface StretchedImageOptions {
  width: number;
  height: number;
  /** Three channels (R, G, B) or one (grey). */
  channels: StretchChannel[];
  /** One stretch for all three channels (true colour keeps its colours honest). */
  shareStretch: boolean;
  outWidth: number;
  outHeight: number;
  percent?: number;
}

/** DN -> display byte, as renderRgbPng computes it from the physical value. */
function byteLookup(asset: AssetKey, low: number, high: number): Uint8Array {
  const lut = new Uint8Array(65536);
  for (let v = 1; v < 65536; v++) {
    const x = dnToPhysical(asset, v) as number;
    const t = high > low ? (x - low) / (high - low) : 0.5;
    lut[v] = Math.round(255 * Math.min(1, Math.max(0, t)));
  }
  return lut;
}

/** Encodes RGBA with pngjs' streaming packer: its deflate runs on the libuv pool, not the event loop. */
export function encodePngAsync(rgba: Uint8Array, width: number, height: number): Promise<Buffer> {
  const png = new PNG({ width, height, filterType: 1, deflateLevel: 6 });
  png.data = Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    png.pack().on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve(Buffer.concat(chunks))).on('error', reject);
  });
}

/**
 * PNGs already drawn, per first channel's DN array: the box reader hands out its cached arrays, so a
 * repeated image gets the same arrays and its PNG back at once; when the cache drops the arrays, the
 * entry goes with them (WeakMap).
 */
const drawn = new WeakMap<Uint16Array, { key: string; others: Uint16Array[]; png: Promise<Buffer> }[]>();

export function renderStretchedPng(opts: StretchedImageOptions): Promise<Buffer> {
  const { channels } = opts;
  const key = [opts.width, opts.height, opts.outWidth, opts.outHeight, opts.shareStretch, opts.percent ?? 2, ...channels.map((c) => c.asset)].join(':');
  const others = channels.slice(1).map((c) => c.dn);
  const entries = drawn.get(channels[0].dn) ?? [];
  const hit = entries.find((e) => e.key === key && e.others.length === others.length && e.others.every((o, i) => o === others[i]));
  if (hit) return hit.png;
  const png = drawStretchedPng(opts);
  // Only successes are kept.
  png.then(
    () => {
      // A few variants per array at most (grey and colour of the same band).
      entries.push({ key, others, png });
      if (entries.length > 4) entries.shift();
      drawn.set(channels[0].dn, entries);
    },
    () => undefined,
  );
  return png;
}

async function drawStretchedPng({ width, height, channels, shareStretch, outWidth, outHeight, percent = 2 }: StretchedImageOptions): Promise<Buffer> {
  if (channels.length !== 1 && channels.length !== 3) throw new Error('a stretched image needs one or three channels');
  const ranges = channels.map(({ asset, dn }) => {
    const p = dnPercentiles(dnHistogram(dn), percent);
    return p ? { low: dnToPhysical(asset, p.lowDn) as number, high: dnToPhysical(asset, p.highDn) as number } : { low: 0, high: 1 };
  });
  const common = { low: Math.min(...ranges.map((r) => r.low)), high: Math.max(...ranges.map((r) => r.high)) };
  const luts = channels.map((c, i) => (shareStretch ? byteLookup(c.asset, common.low, common.high) : byteLookup(c.asset, ranges[i].low, ranges[i].high)));
  const rgb = channels.length === 3 ? [0, 1, 2] : [0, 0, 0];
  const rgba = new Uint8Array(outWidth * outHeight * 4);
  const columnOf = new Int32Array(outWidth);
  for (let x = 0; x < outWidth; x++) columnOf[x] = Math.min(width - 1, Math.floor((x * width) / outWidth));
  const [r, g, b] = rgb.map((i) => channels[i].dn);
  const [lr, lg, lb] = rgb.map((i) => luts[i]);
  for (let y = 0; y < outHeight; y++) {
    const rowStart = Math.min(height - 1, Math.floor((y * height) / outHeight)) * width;
    let o = y * outWidth * 4;
    for (let x = 0; x < outWidth; x++, o += 4) {
      const si = rowStart + columnOf[x];
      const dr = r[si];
      const dg = g[si];
      const db = b[si];
      rgba[o] = lr[dr];
      rgba[o + 1] = lg[dg];
      rgba[o + 2] = lb[db];
      // A pixel with fill in any channel is transparent (LUT entry 0 keeps its channel byte 0, as before).
      rgba[o + 3] = dr === 0 || dg === 0 || db === 0 ? 0 : 255;
    }
  }
  return encodePngAsync(rgba, outWidth, outHeight);
}
