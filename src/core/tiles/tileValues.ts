/**
 * A tile's physical values (reflectance or kelvin, harmonised when asked) per band, NaN wherever a
 * pixel has none: outside the scene, fill (QA_PIXEL bit 0, Landsat 7's scan-line gaps) or not clear
 * under the mask (clearPixel.ts: the same rule as every other answer).
 */
import type { BandId, BandUnit } from '../bands/bandCatalog.js';
import { maskBits, type ClearMask } from '../raster/clearPixel.js';
import type { SceneBand } from '../landsat/sceneBands.js';
import type { SceneTileSample } from './sampleSceneTile.js';

export interface TileBand {
  id: BandId;
  unit: BandUnit;
  /** Row-major 256 x 256, NaN where there is no clear value. */
  values: Float32Array;
}

const FILL_BIT = 1;

export function sceneTileValues(sample: SceneTileSample, bands: readonly SceneBand[], mask: ClearMask): TileBand[] {
  const qa = sample.dn.qa_pixel!;
  const hidden = maskBits(mask) | FILL_BIT;
  return bands.map((band) => {
    const dn = sample.dn[band.read.asset]!;
    const values = new Float32Array(dn.length).fill(Number.NaN);
    // One DN -> value table per band: 65 536 entries would cost more than the ~65 536 pixels of a tile, so memoise lazily.
    const memo = new Map<number, number>();
    for (let i = 0; i < dn.length; i++) {
      const q = qa[i];
      if (q === 0 || (q & hidden) !== 0 || dn[i] === 0) continue;
      let v = memo.get(dn[i]);
      if (v === undefined) memo.set(dn[i], (v = band.physical(dn[i]) ?? Number.NaN));
      values[i] = v;
    }
    return { id: band.info.id, unit: band.unit, values };
  });
}
