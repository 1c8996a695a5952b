import type { BandUnit } from '../bands/bandCatalog.js';
import type { BoxRead } from '../raster/sceneReader.js';
import type { BandSelection } from './bandSelection.js';
import { MIN_CLEAR_SHARE, renderStretchedPng } from './stretchImage.js';
import { maskBits, type ClearMask } from '../raster/clearPixel.js';

const UNIT_SYMBOL: Record<BandUnit, string> = { reflectance: 'reflectance', kelvin: 'K' };
const fmt = (v: number, unit: BandUnit) => (unit === 'kelvin' ? v.toFixed(1) : v.toFixed(4));

/**
 * Describes a stretch in words for the `x-stretch` header and image captions, e.g.
 * "2-98 % percentile, shared by R, G, B: 0.0213-0.1834 reflectance".
 */
export function describeStretch(kind: string, shown: { id: string; unit: BandUnit }[], ranges: { low: number; high: number }[], shared: boolean): string {
  if (shared || shown.length === 1 || ranges.every((r) => r.low === ranges[0].low && r.high === ranges[0].high && shown.every((b) => b.unit === shown[0].unit))) {
    const who = shown.length === 1 ? '' : ', shared by R, G, B';
    return `${kind}${who}: ${fmt(ranges[0].low, shown[0].unit)}-${fmt(ranges[0].high, shown[0].unit)} ${UNIT_SYMBOL[shown[0].unit]}`;
  }
  const channels = ['R', 'G', 'B'];
  return `${kind}, per channel: ${shown.map((b, i) => `${channels[i]} ${b.id} ${fmt(ranges[i].low, b.unit)}-${fmt(ranges[i].high, b.unit)} ${UNIT_SYMBOL[b.unit]}`).join('; ')}`;
}

/**
 * Renders a box read to a PNG at true ground aspect with a 2-98 % stretch (one stretch shared by
 * R, G and B for true colour so colours stay honest), drawn from DN histograms in a worker thread
 * (stretchImage.ts), and says in words which stretch it used. `longSide` bounds the output's long side.
 * With the window's QA_PIXEL (`clear`), the percentiles are those of the clear pixels alone.
 */
export async function renderWindowPng(
  window: BoxRead,
  shown: BandSelection['available'],
  longSide: { min: number; max: number },
  clear?: { qa: Uint16Array; mask: ClearMask },
): Promise<{ png: Buffer; stretch: string }> {
  const shared = shown.length === 3 && shown.every((b) => b.unit === 'reflectance') && new Set(shown.map((b) => b.id)).size === 3;
  // True aspect from the ground extent, not the pixel counts: pixels need not be square.
  const b = window.boundsProjected;
  const groundAspect = (b.maxY - b.minY) / (b.maxX - b.minX);
  const side = Math.min(longSide.max, Math.max(longSide.min, Math.max(window.width, window.height)));
  const [outWidth, outHeight] = groundAspect >= 1 ? [side / groundAspect, side] : [side, side * groundAspect];
  const { png, ranges, clearShare } = await renderStretchedPng({
    width: window.width,
    height: window.height,
    channels: (shown.length === 3 ? shown : [shown[0]]).map((band) => ({ asset: band.asset, dn: window.dn[band.asset]! })),
    shareStretch: shared,
    outWidth: Math.max(1, Math.round(outWidth)),
    outHeight: Math.max(1, Math.round(outHeight)),
    ...(clear ? { stretchOverClear: { qa: clear.qa, maskBits: maskBits(clear.mask) } } : {}),
  });
  const unique = shown.length === 3 && shown[0].id === shown[2].id ? shown.slice(0, 2) : shown;
  const stretch = describeStretch('2-98 % percentile stretch', unique.map((s) => ({ id: s.id, unit: s.unit! })), ranges.slice(0, unique.length), shared);
  if (!clear) return { png, stretch };
  const whose = clearShare ? `, of the clear pixels (${percentText(clearShare)} of the image)` : `, of all pixels (under ${MIN_CLEAR_SHARE * 100} % clear)`;
  return { png, stretch: `${stretch}${whose}` };
}

/** A share as a percent for a caption: "37 %", "0.4 %". */
function percentText(share: number): string {
  const p = share * 100;
  return `${p >= 10 ? Math.round(p) : Number(p.toPrecision(1))} %`;
}
