import type { BandUnit } from '../bands/bandCatalog.js';
import type { BoxRead } from '../raster/sceneReader.js';
import { dnToPhysical } from '../raster/scaling.js';
import type { BandSelection } from './bandSelection.js';
import { percentileRange, renderRgbPng, type DisplayChannel } from './renderRgbPng.js';

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
 * R, G and B for true colour so colours stay honest). `longSide` bounds the output's long side.
 */
export function renderWindowPng(window: BoxRead, shown: BandSelection['available'], longSide: { min: number; max: number }): { png: Buffer; stretch: string } {
  const physical = shown.map((band) => {
    const dn = window.dn[band.asset]!;
    const values = new Array<number | null>(dn.length);
    for (let i = 0; i < dn.length; i++) values[i] = dn[i] === 0 ? null : dnToPhysical(band.asset, dn[i]);
    return values;
  });
  const ranges = physical.map((v) => percentileRange(v) ?? { low: 0, high: 1 });
  const shared = shown.length === 3 && shown.every((b) => b.unit === 'reflectance') && new Set(shown.map((b) => b.id)).size === 3;
  const common = { low: Math.min(...ranges.map((r) => r.low)), high: Math.max(...ranges.map((r) => r.high)) };
  const used = ranges.map((r) => (shared ? common : r));
  const channels: DisplayChannel[] = physical.map((values, i) => ({ values, ...used[i] }));
  // True aspect from the ground extent, not the pixel counts: pixels need not be square.
  const b = window.boundsProjected;
  const groundAspect = (b.maxY - b.minY) / (b.maxX - b.minX);
  const side = Math.min(longSide.max, Math.max(longSide.min, Math.max(window.width, window.height)));
  const [outWidth, outHeight] = groundAspect >= 1 ? [side / groundAspect, side] : [side, side * groundAspect];
  const png = renderRgbPng({
    width: window.width,
    height: window.height,
    channels: channels.length === 3 ? channels : [channels[0]],
    outWidth: Math.max(1, Math.round(outWidth)),
    outHeight: Math.max(1, Math.round(outHeight)),
  });
  const unique = shown.length === 3 && shown[0].id === shown[2].id ? shown.slice(0, 2) : shown;
  return { png, stretch: describeStretch('2-98 % percentile stretch', unique.map((s) => ({ id: s.id, unit: s.unit! })), used.slice(0, unique.length), shared) };
}
