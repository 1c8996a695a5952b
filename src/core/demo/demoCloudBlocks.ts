/**
 * Which blocks of a synthetic scene's cells are cloud (demoClouds.ts makes the cells' cloud counts):
 * a partly cloudy cell's n cloud blocks are its n blocks of lowest key, a fine noise tilted towards
 * the cloudier side, so cloud edges look ragged, not square. Kept as bits per cell, computed on first
 * use; read per block (blockCloudy) or for a tile's whole span of blocks at once (fillCloudMap).
 */
import { BLOCK_PX, CELL_PX } from './demoSceneGrid.js';
import type { SceneClouds } from './sceneClouds.js';
import { mixHash } from './seededRandom.js';

const BLOCKS_PER_CELL_SIDE = CELL_PX / BLOCK_PX; // 8
const BLOCKS_PER_CELL = BLOCKS_PER_CELL_SIDE ** 2; // 64
const smoothstep = (t: number) => t * t * (3 - 2 * t);

/** The words of percent-only builds (no cellBits of their own), one cell at a time per thread. */
const scratchBits = new Uint32Array(2);

/** The bit words cellCloudBits's indices point into: the scene's own, or the scratch of percent-only builds. */
export function cloudWords(clouds: SceneClouds): Uint32Array {
  return clouds.cellBits ?? scratchBits;
}

/** Whether block b (0..63) of the cell whose words start at `at` is cloud. */
export function cloudBit(words: Uint32Array, at: number, b: number): boolean {
  return ((words[at + (b >> 5)] >>> (b & 31)) & 1) === 1;
}

// Scratch of cellCloudBits (one call at a time per thread).
const rankKeys = new Float64Array(BLOCKS_PER_CELL);
const sortedKeys = new Float64Array(BLOCKS_PER_CELL);
const coarseHashes = new Float64Array(16);
const fineHashes = new Float64Array(100);

/** The lattice hashes latticeNoise reads for x in [x0, x1], y in [y0, y1] at `scale`, looked up once each. */
function latticeHashes(seed: number, scale: number, x0: number, x1: number, y0: number, y1: number, out: Float64Array): { gx: number; gy: number; w: number } {
  const gx = Math.floor(x0 / scale);
  const gy = Math.floor(y0 / scale);
  const w = Math.floor(x1 / scale) - gx + 2;
  const h = Math.floor(y1 / scale) - gy + 2;
  for (let j = 0; j < h; j++) for (let i = 0; i < w; i++) out[j * w + i] = mixHash(gx + i, gy + j, seed);
  return { gx, gy, w };
}

/** latticeNoise(seed, x / scale, y / scale) from precomputed hashes: the same arithmetic, so the same value. */
function noiseFromHashes(hashes: Float64Array, at: { gx: number; gy: number; w: number }, x: number, y: number): number {
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const sx = smoothstep(x - x0);
  const sy = smoothstep(y - y0);
  const k = (y0 - at.gy) * at.w + (x0 - at.gx);
  const a = hashes[k];
  const b = hashes[k + 1];
  const c = hashes[k + at.w];
  const d = hashes[k + at.w + 1];
  const top = a + (b - a) * sx;
  return (top + (c + (d - c) * sx - top) * sy) / 4294967296;
}

/**
 * The cloud blocks of partly cloudy cell `k` (its count n of 64): the n blocks of lowest key, ties
 * by block index, where the key is fine noise tilted towards the cloudier side, so cloud edges look
 * ragged, not square. Returns the index of the cell's first word in cloudWords(clouds).
 */
export function cellCloudBits(clouds: SceneClouds, k: number): number {
  const known = clouds.cellKnown;
  const words = cloudWords(clouds);
  const at = clouds.cellBits ? 2 * k : 0;
  if (known && known[k] === 1) return at;
  const i = k % clouds.cellsAcross;
  const j = Math.floor(k / clouds.cellsAcross);
  const stride = clouds.cellsAcross + 2;
  const centre = (j + 1) * stride + (i + 1);
  const gx = clouds.amount[centre + 1] - clouds.amount[centre - 1];
  const gy = clouds.amount[centre + stride] - clouds.amount[centre - stride];
  const bx0 = clouds.blockX0 + i * BLOCKS_PER_CELL_SIDE;
  const by0 = clouds.blockY0 + j * BLOCKS_PER_CELL_SIDE;
  const last = BLOCKS_PER_CELL_SIDE - 1;
  // The two noises' lattice corners over the cell's blocks, hashed once (not four times per block).
  const coarse = latticeHashes(clouds.seed ^ 0x51, 4, bx0, bx0 + last, by0, by0 + last, coarseHashes);
  const fine = latticeHashes(clouds.seed ^ 0x52, 1.5, bx0, bx0 + last, by0, by0 + last, fineHashes);
  const keys = rankKeys;
  for (let b = 0; b < BLOCKS_PER_CELL; b++) {
    const bx = bx0 + (b & 7);
    const by = by0 + (b >> 3);
    const tilt = ((b & 7) - 3.5) * gx + ((b >> 3) - 3.5) * gy;
    keys[b] = -(0.9 * noiseFromHashes(coarseHashes, coarse, bx / 4, by / 4) + 0.1 * noiseFromHashes(fineHashes, fine, bx / 1.5, by / 1.5) + 0.35 * tilt);
  }
  // The n lowest keys by (key, index), without ranking all 64: the n-th lowest key is the threshold,
  // keys below it are cloud, and of the keys equal to it the lowest-indexed make up the count.
  const n = clouds.count[k];
  sortedKeys.set(keys);
  const threshold = nthLowest(sortedKeys, n - 1);
  let ties = n;
  for (let b = 0; b < BLOCKS_PER_CELL; b++) if (keys[b] < threshold) ties--;
  let low = 0;
  let high = 0;
  for (let b = 0; b < BLOCKS_PER_CELL; b++) {
    const key = keys[b];
    if (key < threshold || (key === threshold && ties-- > 0)) {
      if (b < 32) low |= 1 << b;
      else high |= 1 << (b - 32);
    }
  }
  words[at] = low;
  words[at + 1] = high;
  if (known) known[k] = 1;
  return at;
}

/**
 * The (k + 1)-th lowest value of `a` (reordering it): Hoare's selection, linear on average. Not
 * `a.sort()[k]`: typed-array sort of 64 keys was half the cost of a cell's cloud blocks in the
 * five-year journey's profile, and cells are the bulk of an overview tile's clouds.
 */
function nthLowest(a: Float64Array, k: number): number {
  let lo = 0;
  let hi = a.length - 1;
  while (hi > lo) {
    const pivot = a[(lo + hi) >> 1];
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i] < pivot) i++;
      while (a[j] > pivot) j--;
      if (i <= j) {
        const t = a[i];
        a[i] = a[j];
        a[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return a[k];
  }
  return a[lo];
}

/** Cloud state of a block (no validity check: callers test validity first). */
export function blockCloudy(clouds: SceneClouds, bx: number, by: number): boolean {
  const cx = bx >> 3;
  const cy = by >> 3;
  if (cx < 0 || cy < 0 || cx >= clouds.cellsAcross || cy >= clouds.cellsDown) return false;
  const k = cy * clouds.cellsAcross + cx;
  const n = clouds.count[k];
  if (n === 0) return false;
  if (n === BLOCKS_PER_CELL) return true;
  const at = cellCloudBits(clouds, k);
  return cloudBit(cloudWords(clouds), at, ((by & 7) << 3) | (bx & 7));
}

/**
 * The cloud state (1 cloud, 0 not) of blocks bx0..bx1 x by0..by1 into `out`, row-major, bx1 - bx0 + 1
 * a row: blockCloudy of each block, cell by cell. An overview tile spans ~65,000 blocks; clear and
 * overcast cells (most of them) are filled without looking at single blocks.
 */
export function fillCloudMap(
  clouds: SceneClouds, bx0: number, bx1: number, by0: number, by1: number, out: Uint8Array,
  /**
   * When given, only the blocks in a needed row (`neededRows[by - by0]`) and a needed column
   * (`neededCols[bx - bx0]`) are filled, the others left 0, and cells with none are not looked at:
   * a decimated read (a long series' statistics pick one pixel in eight) reads a quarter of the blocks.
   */
  neededRows?: Uint8Array,
  neededCols?: Uint8Array,
): void {
  const w = bx1 - bx0 + 1;
  out.fill(0, 0, w * (by1 - by0 + 1));
  const words = cloudWords(clouds);
  const cx0 = Math.max(0, bx0 >> 3);
  const cx1 = Math.min(clouds.cellsAcross - 1, bx1 >> 3);
  const cy0 = Math.max(0, by0 >> 3);
  const cy1 = Math.min(clouds.cellsDown - 1, by1 >> 3);
  const cells = clouds.cells;
  if (cells && (cx0 < cells.x0 || cx1 > cells.x1 || cy0 < cells.y0 || cy1 > cells.y1)) {
    throw new RangeError(`fillCloudMap: cells ${cx0}..${cx1} x ${cy0}..${cy1} reach outside the clouds' window ${cells.x0}..${cells.x1} x ${cells.y0}..${cells.y1}`);
  }
  const anyNeeded = (needed: Uint8Array | undefined, first: number, last: number, origin: number) => {
    if (!needed) return true;
    for (let b = first; b <= last; b++) if (needed[b - origin] === 1) return true;
    return false;
  };
  for (let cy = cy0; cy <= cy1; cy++) {
    const yFirst = Math.max(by0, cy << 3);
    const yLast = Math.min(by1, (cy << 3) + 7);
    if (!anyNeeded(neededRows, yFirst, yLast, by0)) continue;
    for (let cx = cx0; cx <= cx1; cx++) {
      const k = cy * clouds.cellsAcross + cx;
      const n = clouds.count[k];
      if (n === 0) continue;
      const xFirst = Math.max(bx0, cx << 3);
      const xLast = Math.min(bx1, (cx << 3) + 7);
      if (!anyNeeded(neededCols, xFirst, xLast, bx0)) continue;
      const at = n === BLOCKS_PER_CELL ? -1 : cellCloudBits(clouds, k);
      for (let by = yFirst; by <= yLast; by++) {
        if (neededRows && neededRows[by - by0] !== 1) continue;
        const row = (by - by0) * w - bx0;
        for (let bx = xFirst; bx <= xLast; bx++) {
          if (neededCols && neededCols[bx - bx0] !== 1) continue;
          if (at < 0 || cloudBit(words, at, ((by & 7) << 3) | (bx & 7))) out[row + bx] = 1;
        }
      }
    }
  }
}
