/**
 * Noise fixed to the ground, for the synthetic archive: value noise on a lattice of Earth-centred
 * coordinates (km), so the same ground gets the same value in every scene, path/row, UTM zone and
 * overview level, and overlapping scenes show the same landscape.
 *
 * Hand-written rather than a package (e.g. simplex-noise): value noise is a dozen lines, it must be
 * seeded by an integer hash that is byte-identical on every machine (the demo's determinism), and
 * its lattice hash (mixHash) is the same one the rest of the synthesizer already uses.
 */
import { MIX_A, MIX_B, MIX_C, finishHash, mixHash } from './seededRandom.js';

export const EARTH_RADIUS_KM = 6371;
const DEG = Math.PI / 180;

/** Earth-centred coordinates (km) of a ground point, written into out[at..at+2]. */
export function earthKm(lon: number, lat: number, out: Float64Array | Float32Array, at: number): void {
  const phi = lat * DEG;
  const lambda = lon * DEG;
  out[at] = EARTH_RADIUS_KM * Math.cos(phi) * Math.cos(lambda);
  out[at + 1] = EARTH_RADIUS_KM * Math.cos(phi) * Math.sin(lambda);
  out[at + 2] = EARTH_RADIUS_KM * Math.sin(phi);
}

/**
 * Seeded 3-D value noise, smoothstep-trilinear, 0..1. Three dimensions because any 2-D map of the
 * sphere tears or shears somewhere (the antimeridian, the poles, UTM zone edges).
 */
export function groundNoise(seed: number, x: number, y: number, z: number): number {
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const z0 = Math.floor(z);
  const fx = x - x0;
  const fy = y - y0;
  const fz = z - z0;
  const sx = fx * fx * (3 - 2 * fx);
  const sy = fy * fy * (3 - 2 * fy);
  const sz = fz * fz * (3 - 2 * fz);
  // The seed shifts the lattice far away: different seeds, unrelated values.
  const xs = x0 + Math.imul(seed, 7919);
  const c000 = mixHash(xs, y0, z0);
  const c100 = mixHash(xs + 1, y0, z0);
  const c010 = mixHash(xs, y0 + 1, z0);
  const c110 = mixHash(xs + 1, y0 + 1, z0);
  const c001 = mixHash(xs, y0, z0 + 1);
  const c101 = mixHash(xs + 1, y0, z0 + 1);
  const c011 = mixHash(xs, y0 + 1, z0 + 1);
  const c111 = mixHash(xs + 1, y0 + 1, z0 + 1);
  const y00 = c000 + (c100 - c000) * sx;
  const y10 = c010 + (c110 - c010) * sx;
  const y01 = c001 + (c101 - c001) * sx;
  const y11 = c011 + (c111 - c011) * sx;
  const z0v = y00 + (y10 - y00) * sy;
  const z1v = y01 + (y11 - y01) * sy;
  return (z0v + (z1v - z0v) * sz) / 4294967296;
}

/**
 * What groundNoise works out from a point's position alone, for points it is asked at on every day
 * (a scene grid's cloud nodes, every scene of a path/row): the lattice cell's x, the y and z halves of
 * its eight corners' hashes, and the smoothstep weights. groundNoiseAt then hashes only the day's part.
 */
export interface NoisePoints {
  x0: Int32Array;
  /** Per point, Math.imul(y | 0, MIX_B) ^ Math.imul(z | 0, MIX_C) of corners (y0, z0), (y0 + 1, z0), (y0, z0 + 1), (y0 + 1, z0 + 1). */
  yz: Int32Array;
  sx: Float64Array;
  sy: Float64Array;
  sz: Float64Array;
}

/** The NoisePoints of groundNoise(seed, x / scale, y / scale, z / scale) at `count` points (x, y, z km triples in `km`). */
export function noisePoints(km: Float64Array, count: number, scale: number): NoisePoints {
  const p: NoisePoints = { x0: new Int32Array(count), yz: new Int32Array(4 * count), sx: new Float64Array(count), sy: new Float64Array(count), sz: new Float64Array(count) };
  for (let k = 0; k < count; k++) {
    // groundNoise's own expressions, on the same arguments: the same doubles.
    const x = km[3 * k] / scale;
    const y = km[3 * k + 1] / scale;
    const z = km[3 * k + 2] / scale;
    const x0 = Math.floor(x);
    const y0 = Math.floor(y);
    const z0 = Math.floor(z);
    const fx = x - x0;
    const fy = y - y0;
    const fz = z - z0;
    p.x0[k] = x0;
    p.sx[k] = fx * fx * (3 - 2 * fx);
    p.sy[k] = fy * fy * (3 - 2 * fy);
    p.sz[k] = fz * fz * (3 - 2 * fz);
    p.yz[4 * k] = Math.imul(y0 | 0, MIX_B) ^ Math.imul(z0 | 0, MIX_C);
    p.yz[4 * k + 1] = Math.imul((y0 + 1) | 0, MIX_B) ^ Math.imul(z0 | 0, MIX_C);
    p.yz[4 * k + 2] = Math.imul(y0 | 0, MIX_B) ^ Math.imul((z0 + 1) | 0, MIX_C);
    p.yz[4 * k + 3] = Math.imul((y0 + 1) | 0, MIX_B) ^ Math.imul((z0 + 1) | 0, MIX_C);
  }
  return p;
}

/** groundNoise(seed, ...) at point k of `p`: the same hashes and arithmetic, so the same value. */
export function groundNoiseAt(p: NoisePoints, k: number, seed: number): number {
  const xs = p.x0[k] + Math.imul(seed, 7919);
  const a0 = Math.imul(xs | 0, MIX_A);
  const a1 = Math.imul((xs + 1) | 0, MIX_A);
  const q = 4 * k;
  const yz00 = p.yz[q];
  const yz10 = p.yz[q + 1];
  const yz01 = p.yz[q + 2];
  const yz11 = p.yz[q + 3];
  const c000 = finishHash(a0 ^ yz00);
  const c100 = finishHash(a1 ^ yz00);
  const c010 = finishHash(a0 ^ yz10);
  const c110 = finishHash(a1 ^ yz10);
  const c001 = finishHash(a0 ^ yz01);
  const c101 = finishHash(a1 ^ yz01);
  const c011 = finishHash(a0 ^ yz11);
  const c111 = finishHash(a1 ^ yz11);
  const sx = p.sx[k];
  const sy = p.sy[k];
  const y00 = c000 + (c100 - c000) * sx;
  const y10 = c010 + (c110 - c010) * sx;
  const y01 = c001 + (c101 - c001) * sx;
  const y11 = c011 + (c111 - c011) * sx;
  const z0v = y00 + (y10 - y00) * sy;
  const z1v = y01 + (y11 - y01) * sy;
  return (z0v + (z1v - z0v) * p.sz[k]) / 4294967296;
}

/** groundNoise at a point given in km, with features about `scaleKm` across. */
export function noiseKm(seed: number, xKm: number, yKm: number, zKm: number, scaleKm: number): number {
  return groundNoise(seed, xKm / scaleKm, yKm / scaleKm, zKm / scaleKm);
}

/** A 0..1 hash of the 3-D cell of size `cellKm` holding the point: piecewise-constant ground detail. */
export function cellHash(seed: number, xKm: number, yKm: number, zKm: number, cellKm: number): number {
  return mixHash(Math.floor(xKm / cellKm) + Math.imul(seed, 104729), Math.floor(yKm / cellKm), Math.floor(zKm / cellKm)) / 4294967296;
}

/** Days since 1970-01-01 (UTC) of a date: the time axis of the weather. */
export function dayNumber(date: Date): number {
  return Math.floor(date.getTime() / 86_400_000);
}
