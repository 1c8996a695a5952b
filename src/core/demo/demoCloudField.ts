/**
 * The node values of a synthetic scene's cloud field and the shortcut over them (demoClouds.ts builds
 * the field): a cell's cloud amount grows with the coarse field, the fine field and the weather's
 * target, so bounds on a lattice square's nodes tell when every cell in it is clear or overcast
 * without evaluating them, which is most of a scene.
 */
import { groundNoiseAt, noisePoints, type NoisePoints } from './demoGroundNoise.js';

/** Scale of the fine field's noise, km. */
const FINE_KM = 6;

const GROUP_CLEAR = 0;
export const GROUP_OVERCAST = 1;
export const GROUP_MIXED = 2;
export const GROUP_UNKNOWN = 3;
/** Margin on the bounds: bilinear rounding may step an ulp outside its nodes' range, never 1e-9. */
const SATURATION_MARGIN = 1e-9;

/** A cell's cloud amount (0..1) from its coarse field, fine field and target (cloud fraction of the weather): steep, so mostly 0 or 1. */
export function cellAmount(cField: number, fField: number, tField: number): number {
  const x = unclampedAmount(cField, fField, tField);
  return x < 0 ? 0 : x > 1 ? 1 : x;
}

function unclampedAmount(cField: number, fField: number, tField: number): number {
  const field = (cField + 0.35 * fField) / 1.35;
  const t = Math.min(1, Math.max(0, tField));
  const threshold = 0.5 + (0.5 - t) * 0.75;
  return (field - threshold) * 9 + 0.5;
}

/** Clear, overcast or mixed for every cell whose fields lie within these bounds (cellAmount grows with all three). */
function saturation(cLow: number, cHigh: number, fLow: number, fHigh: number, tLow: number, tHigh: number): number {
  if (unclampedAmount(cHigh, fHigh, tHigh) < -SATURATION_MARGIN) return GROUP_CLEAR;
  if (unclampedAmount(cLow, fLow, tLow) > 1 + SATURATION_MARGIN) return GROUP_OVERCAST;
  return GROUP_MIXED;
}

/** The node values of one scene's cloud field; `fine` and `groups` fill in as cells need them (NaN / GROUP_UNKNOWN until then). */
export interface CloudField {
  seed: number;
  nx: number;
  ny: number;
  fnx: number;
  coarse: Float64Array;
  target: Float64Array;
  fine: Float64Array;
  groups: Uint8Array;
  /** The fine lattice's nodes as the noise sees them (fineNoisePoints): the same for every scene of the grid. */
  fineNoise: NoisePoints;
}

/**
 * The fine lattice's nodes (fnx = 2 nx - 1 across, 2 ny - 1 down) for groundNoiseAt: positions halfway
 * between the coarse nodes (a few metres off the sphere: irrelevant for clouds), each the mean of its
 * up to four coarse neighbours in fineAt's order, so the noise gets the same arguments.
 */
export function fineNoisePoints(km: Float64Array, nx: number, ny: number): NoisePoints {
  const fnx = 2 * nx - 1;
  const fny = 2 * ny - 1;
  const at = new Float64Array(3 * fnx * fny);
  for (let b = 0; b < fny; b++) {
    for (let a = 0; a < fnx; a++) {
      const ka = a >> 1;
      const kb = b >> 1;
      const ka1 = Math.min(nx - 1, ka + (a & 1));
      const kb1 = Math.min(ny - 1, kb + (b & 1));
      const c00 = 3 * (kb * nx + ka);
      const c10 = 3 * (kb * nx + ka1);
      const c01 = 3 * (kb1 * nx + ka);
      const c11 = 3 * (kb1 * nx + ka1);
      const f = 3 * (b * fnx + a);
      at[f] = (km[c00] + km[c10] + km[c01] + km[c11]) / 4;
      at[f + 1] = (km[c00 + 1] + km[c10 + 1] + km[c01 + 1] + km[c11 + 1]) / 4;
      at[f + 2] = (km[c00 + 2] + km[c10 + 2] + km[c01 + 2] + km[c11 + 2]) / 4;
    }
  }
  return noisePoints(at, fnx * fny, FINE_KM);
}

/** The fine field at node (a, b) of its lattice (twice as dense as the coarse one), evaluated on first use. */
function fineAt(field: CloudField, a: number, b: number): number {
  const { fine } = field;
  const f = b * field.fnx + a;
  if (fine[f] === fine[f]) return fine[f];
  return (fine[f] = groundNoiseAt(field.fineNoise, f, field.seed + 2));
}

/**
 * Whether every cell between coarse nodes (a, b) and (a + 1, b + 1) is clear, overcast or neither.
 * A cell's amount grows with the coarse field, the fine field and the target, and bilinear values lie
 * between their nodes' extremes: when even the bounds clamp to 0 (or to 1), every cell does, and
 * neither its fine nodes nor its cells need evaluating (most of a scene: cloud edges are steep).
 */
export function groupState(field: CloudField, a: number, b: number): number {
  const { nx, coarse, target, groups } = field;
  const k = b * nx + a;
  if (groups[k] !== GROUP_UNKNOWN) return groups[k];
  const cLow = Math.min(coarse[k], coarse[k + 1], coarse[k + nx], coarse[k + nx + 1]);
  const cHigh = Math.max(coarse[k], coarse[k + 1], coarse[k + nx], coarse[k + nx + 1]);
  const tLow = Math.min(target[k], target[k + 1], target[k + nx], target[k + nx + 1]);
  const tHigh = Math.max(target[k], target[k + 1], target[k + nx], target[k + nx + 1]);
  // First with the fine noise anywhere in its range 0..1, then with its nodes' extremes (the cells' fine values lie between them).
  let state = saturation(cLow, cHigh, 0, 1, tLow, tHigh);
  if (state === GROUP_MIXED) {
    let fLow = Infinity;
    let fHigh = -Infinity;
    for (let fb = 2 * b; fb <= 2 * b + 2; fb++) {
      for (let fa = 2 * a; fa <= 2 * a + 2; fa++) {
        const f = fineAt(field, fa, fb);
        if (f < fLow) fLow = f;
        if (f > fHigh) fHigh = f;
      }
    }
    state = saturation(cLow, cHigh, fLow, fHigh, tLow, tHigh);
  }
  return (groups[k] = state);
}
