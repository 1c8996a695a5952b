import { mixHash } from './seededRandom.js';

export type Noise2D = (x: number, y: number) => number;

/**
 * Deterministic fractal value noise in [0, 1] (roughly; mean 0.5): `octaves` layers of smoothly
 * interpolated lattice noise. Coordinates are in lattice units, so divide metres by the feature size.
 */
export function createValueNoise(seed: number, octaves = 4): Noise2D {
  const lattice = (ix: number, iy: number, o: number) => mixHash(ix, iy, seed + o * 7919) / 4294967296;
  const smooth = (t: number) => t * t * (3 - 2 * t);
  const layer = (x: number, y: number, o: number) => {
    const x0 = Math.floor(x);
    const y0 = Math.floor(y);
    const tx = smooth(x - x0);
    const ty = smooth(y - y0);
    const a = lattice(x0, y0, o);
    const b = lattice(x0 + 1, y0, o);
    const c = lattice(x0, y0 + 1, o);
    const d = lattice(x0 + 1, y0 + 1, o);
    return a + (b - a) * tx + (c - a) * ty + (a - b - c + d) * tx * ty;
  };
  let norm = 0;
  for (let o = 0; o < octaves; o++) norm += 0.5 ** o;
  return (x, y) => {
    let sum = 0;
    let freq = 1;
    let amp = 1;
    for (let o = 0; o < octaves; o++) {
      // Offsets keep the octaves' lattices from lining up.
      sum += amp * layer(x * freq + o * 17.31, y * freq - o * 11.73, o);
      freq *= 2;
      amp *= 0.5;
    }
    return sum / norm;
  };
}
