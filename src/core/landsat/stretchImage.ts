/**
 * The contrast-stretched box image, from uint16 DNs straight to PNG bytes in typed arrays: the 2-98 %
 * percentiles come from a 65,536-bin histogram of the DNs (one pass, no sort, no per-pixel objects),
 * each channel maps DN -> byte through a 65,536-entry lookup table, and all of it, PNG included, runs
 * in a worker thread (stretchWorker.mjs). The DN percentiles (dnPercentiles.mjs) have the same
 * semantics as `percentileRange` over physical values: the scale factors are increasing, so the k-th
 * smallest DN gives the k-th smallest reflectance or temperature.
 */
import type { ArchiveAssetKey } from '../bands/bandCatalog.js';
import { KELVIN_OFFSET, KELVIN_SCALE, REFLECTANCE_OFFSET, REFLECTANCE_SCALE, unitForAsset } from '../raster/scaling.js';
import { windowWorkerPool } from './windowWorkerPool.js';

// One copy for this module's callers and the worker: plain JS, which the worker loads without tsx.
export { dnHistogram, dnPercentiles } from './dnPercentiles.mjs';

export interface StretchChannel {
  asset: ArchiveAssetKey;
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
  /**
   * When given, the percentiles come from the pixels clear under `maskBits` (clearPixel.ts' maskBits)
   * in the window's QA_PIXEL, classified in the worker; all pixels are still drawn. With fewer than
   * MIN_CLEAR_PIXELS or MIN_CLEAR_SHARE of the imaged pixels clear, every pixel counts.
   */
  stretchOverClear?: { qa: Uint16Array; maskBits: number };
}

/** Below this share of clear pixels among the imaged ones (or this many), the stretch is taken over every pixel. */
export const MIN_CLEAR_SHARE = 0.01;
const MIN_CLEAR_PIXELS = 100;

/** How the worker turns a DN into a physical value: the same arithmetic as scaling.ts' dnToPhysical. */
function scalingOf(asset: ArchiveAssetKey): { scale: number; offset: number; identity: boolean } {
  const unit = unitForAsset(asset);
  if (unit === 'reflectance') return { scale: REFLECTANCE_SCALE, offset: REFLECTANCE_OFFSET, identity: false };
  if (unit === 'kelvin') return { scale: KELVIN_SCALE, offset: KELVIN_OFFSET, identity: false };
  return { scale: 1, offset: 0, identity: true };
}

/**
 * PNGs already drawn, per first channel's DN array: the box reader hands out its cached arrays, so a
 * repeated image gets the same arrays and its PNG back at once; when the cache drops the arrays, the
 * entry goes with them (WeakMap).
 */
const drawn = new WeakMap<Uint16Array, { key: string; others: Uint16Array[]; png: Promise<StretchedPng> }[]>();

/** A drawn image and, per channel (R, G, B or grey), the physical range its 0-255 spans. */
export interface StretchedPng {
  png: Buffer;
  ranges: { low: number; high: number }[];
  /** With `stretchOverClear`: the clear share of the imaged pixels the stretch was taken over, or null when too few were clear and every pixel counted. */
  clearShare?: number | null;
}

export function renderStretchedPng(opts: StretchedImageOptions): Promise<StretchedPng> {
  const { channels } = opts;
  const clear = opts.stretchOverClear;
  const key = [opts.width, opts.height, opts.outWidth, opts.outHeight, opts.shareStretch, opts.percent ?? 2, clear ? clear.maskBits : 'all', ...channels.map((c) => c.asset)].join(':');
  // The QA array is the box reader's cached one too: the same array, the same clear pixels.
  const others = [...channels.slice(1).map((c) => c.dn), ...(clear ? [clear.qa] : [])];
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

/** Draws in a worker thread (stretchWorker.mjs): about 50 ms of CPU for a 1024 px image stays off the event loop. */
async function drawStretchedPng({ width, height, channels, shareStretch, outWidth, outHeight, percent = 2, stretchOverClear }: StretchedImageOptions): Promise<StretchedPng> {
  if (channels.length !== 1 && channels.length !== 3) throw new Error('a stretched image needs one or three channels');
  // Drawing is ~50 ms against seconds of reading, and the heavy queue lets two images run at once: the
  // workers beside the event loop (one on two cores) keep up, and each further worker is memory held.
  // Copies: the DN arrays are the cache's and must stay usable here.
  const payload = channels.map((c) => ({ dn: c.dn.slice().buffer, ...scalingOf(c.asset) }));
  const qa = stretchOverClear?.qa.slice().buffer;
  const clear = stretchOverClear && qa ? { qa, maskBits: stretchOverClear.maskBits, minShare: MIN_CLEAR_SHARE, minPixels: MIN_CLEAR_PIXELS } : undefined;
  const drawnImage = await windowWorkerPool().run<{ png: ArrayBuffer; ranges: { low: number; high: number }[]; clearShare?: number | null }>(
    { width, height, outWidth, outHeight, shareStretch, percent, channels: payload, stretchOverClear: clear },
    [...payload.map((c) => c.dn), ...(qa ? [qa] : [])],
  );
  return { png: Buffer.from(drawnImage.png), ranges: drawnImage.ranges, ...(drawnImage.clearShare !== undefined ? { clearShare: drawnImage.clearShare } : {}) };
}
