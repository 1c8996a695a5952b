/**
 * Noise fixed to the ground, for the synthetic archive: value noise on a lattice of Earth-centred
 * coordinates (km), so the same ground gets the same value in every scene, path/row, UTM zone and
 * overview level, and overlapping scenes show the same landscape.
 *
 * Hand-written rather than a package (e.g. simplex-noise): value noise is a dozen lines, it must be
 * seeded by an integer hash that is byte-identical on every machine (the demo's determinism), and
 * its lattice hash (mixHash) is the same one the rest of the synthesizer already uses.
 */
import { mixHash } from './seededRandom.js';

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
