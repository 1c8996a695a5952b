// Worker thread drawing the contrast-stretched box image (see stretchImage.ts for the semantics):
// histograms, percentiles, DN -> byte tables, the RGBA raster and the PNG, all off the event loop.
// It also counts a window's pixels per DN for the box statistics (statistics.ts, dnCounts.mjs).
// Plain JS so it loads the same way under node, tsx and Vitest.
import { parentPort } from 'node:worker_threads';
import pngjs from 'pngjs';
import { dnHistogram, dnPercentiles } from './dnPercentiles.mjs';
import { PIXEL_CLEAR, PIXEL_FILL, classifyPixels, countWindowDns } from './dnCounts.mjs';

const { PNG } = pngjs;

/** Physical value of a DN exactly as scaling.ts computes it: dn * scale + offset (identity for QA). */
const physical = (c, dn) => (c.identity ? dn : dn * c.scale + c.offset);

function byteLookup(c, low, high) {
  const lut = new Uint8Array(65536);
  for (let v = 1; v < 65536; v++) {
    const t = high > low ? (physical(c, v) - low) / (high - low) : 0.5;
    lut[v] = Math.round(255 * Math.min(1, Math.max(0, t)));
  }
  return lut;
}

/**
 * The pixels clear under `maskBits` (1) among the window's, or null when fewer than `minPixels` or
 * `minShare` of the imaged ones are clear (too few to say what the ground looks like).
 */
function clearPixels({ qa, maskBits, minShare, minPixels }) {
  const classes = classifyPixels(new Uint16Array(qa), maskBits);
  let clear = 0;
  let imaged = 0;
  for (let i = 0; i < classes.length; i++) {
    if (classes[i] === PIXEL_FILL) continue;
    imaged++;
    if (classes[i] === PIXEL_CLEAR) clear++;
    else classes[i] = 0;
  }
  if (clear < minPixels || clear < minShare * imaged) return { only: undefined, clearShare: null };
  // Fill and masked pixels are 0, clear ones PIXEL_CLEAR: non-zero marks the ones counted.
  return { only: classes, clearShare: clear / imaged };
}

function draw({ width, height, outWidth, outHeight, shareStretch, percent, channels, stretchOverClear }) {
  const dns = channels.map((c) => new Uint16Array(c.dn));
  // The percentiles of the clear pixels, when asked: clouds then saturate white instead of squeezing
  // the ground into a few grey levels.
  const { only, clearShare } = stretchOverClear ? clearPixels(stretchOverClear) : { only: undefined, clearShare: undefined };
  const ranges = channels.map((c, i) => {
    const p = dnPercentiles(dnHistogram(dns[i], only), percent);
    return p ? { low: physical(c, p.lowDn), high: physical(c, p.highDn) } : { low: 0, high: 1 };
  });
  const common = { low: Math.min(...ranges.map((r) => r.low)), high: Math.max(...ranges.map((r) => r.high)) };
  const used = ranges.map((r) => (shareStretch ? common : r));
  const luts = channels.map((c, i) => byteLookup(c, used[i].low, used[i].high));
  const pick = channels.length === 3 ? [0, 1, 2] : [0, 0, 0];
  const [r, g, b] = pick.map((i) => dns[i]);
  const [lr, lg, lb] = pick.map((i) => luts[i]);
  const png = new PNG({ width: outWidth, height: outHeight });
  const rgba = png.data;
  const columnOf = new Int32Array(outWidth);
  for (let x = 0; x < outWidth; x++) columnOf[x] = Math.min(width - 1, Math.floor((x * width) / outWidth));
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
      // Fill in any channel: transparent (its channel byte stays 0, as renderRgbPng leaves it).
      rgba[o + 3] = dr === 0 || dg === 0 || db === 0 ? 0 : 255;
    }
  }
  // Sub filter at level 6, as renderRgbPng: all five filters at level 9 are several times slower for a few %.
  const out = PNG.sync.write(png, { filterType: 1, deflateLevel: 6 });
  const copy = new Uint8Array(out.byteLength);
  copy.set(out);
  // The ranges go back with the PNG so that the caller can say which stretch it shows (x-stretch).
  return { png: copy.buffer, ranges: used, ...(clearShare !== undefined ? { clearShare } : {}) };
}

/** The statistics' per-pixel half for one window; the counts go back as transferred buffers. */
function countJob({ qa, maskBits, bands, inside }) {
  const counts = countWindowDns(new Uint16Array(qa), maskBits, bands.map((b) => new Uint16Array(b)), inside ? new Uint8Array(inside) : undefined);
  return { result: counts, transfer: counts.flatMap((c) => [c.clearDns.buffer, c.clearCounts.buffer, c.maskedDns.buffer, c.maskedCounts.buffer]) };
}

parentPort.on('message', ({ id, ...job }) => {
  try {
    if (job.countDns) {
      const { result, transfer } = countJob(job.countDns);
      parentPort.postMessage({ id, result }, transfer);
      return;
    }
    const result = draw(job);
    parentPort.postMessage({ id, result }, [result.png]);
  } catch (err) {
    parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
