/** mixHash's multipliers: a caller hashing a lattice multiplies each row, column and seed once (then finishHash). */
export const MIX_A = 0x27d4eb2d;
export const MIX_B = 0x165667b1;
export const MIX_C = 0x9e3779b1;

/** Mixes integers into a well-spread 32-bit value (a murmur3-style finaliser). */
export function mixHash(a: number, b: number, c: number): number {
  return finishHash(Math.imul(a | 0, MIX_A) ^ Math.imul(b | 0, MIX_B) ^ Math.imul(c | 0, MIX_C));
}

/** mixHash(a, b, c) from Math.imul(a | 0, MIX_A) ^ Math.imul(b | 0, MIX_B) ^ Math.imul(c | 0, MIX_C): the same bits. */
export function finishHash(h: number): number {
  h ^= h >>> 15;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
