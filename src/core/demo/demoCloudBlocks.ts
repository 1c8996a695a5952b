/**
 * Which blocks of a synthetic scene's cells are cloud (demoClouds.ts makes the cells' cloud counts):
 * a partly cloudy cell's n cloud blocks are its n blocks of lowest key, a fine noise tilted towards
 * the cloudier side, so cloud edges look ragged, not square. Kept as bits per cell, computed on first
 * use; read per block (blockCloudy) or for a tile's whole span of blocks at once (fillCloudMap).
 */
import { BLOCK_PX, CELL_PX } from './demoSceneGrid.js';
import type { BlockLattice, SceneClouds } from './sceneClouds.js';
import { MIX_A, MIX_B, MIX_C, finishHash } from './seededRandom.js';

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
const coarseHashes = new Float64Array(16);
const fineHashes = new Float64Array(100);
const coarseLerps = new Float64Array(16 * BLOCKS_PER_CELL_SIDE);
const fineLerps = new Float64Array(16 * BLOCKS_PER_CELL_SIDE);
const COARSE_SCALE = 4;
const FINE_SCALE = 1.5;

/** Lattice coefficients by grid (first block and cells across and down), ~50 KB each: a handful of grids at a time. */
const latticeByGrid = new Map<string, BlockLattice>();
const MAX_LATTICES = 16;

/** floor(b / scale) and smoothstep of its fraction for blocks first..first + n - 1: latticeNoise's own expressions, so the same doubles. */
function axisOf(first: number, n: number, scale: number): [Int32Array, Float64Array] {
  const cell = new Int32Array(n);
  const weight = new Float64Array(n);
  for (let q = 0; q < n; q++) {
    const x = (first + q) / scale;
    const x0 = Math.floor(x);
    cell[q] = x0;
    weight[q] = smoothstep(x - x0);
  }
  return [cell, weight];
}

function blockLatticeOf(clouds: SceneClouds): BlockLattice {
  if (clouds.blockLattice) return clouds.blockLattice;
  const key = `${clouds.blockX0}:${clouds.blockY0}:${clouds.cellsAcross}:${clouds.cellsDown}`;
  let lattice = latticeByGrid.get(key);
  if (!lattice) {
    const across = clouds.cellsAcross * BLOCKS_PER_CELL_SIDE;
    const down = clouds.cellsDown * BLOCKS_PER_CELL_SIDE;
    const [coarseX0, coarseSx] = axisOf(clouds.blockX0, across, COARSE_SCALE);
    const [fineX0, fineSx] = axisOf(clouds.blockX0, across, FINE_SCALE);
    const [coarseY0, coarseSy] = axisOf(clouds.blockY0, down, COARSE_SCALE);
    const [fineY0, fineSy] = axisOf(clouds.blockY0, down, FINE_SCALE);
    lattice = { coarseX0, coarseSx, fineX0, fineSx, coarseY0, coarseSy, fineY0, fineSy };
    if (latticeByGrid.size >= MAX_LATTICES) latticeByGrid.clear();
    latticeByGrid.set(key, lattice);
  }
  clouds.blockLattice = lattice;
  return lattice;
}

/** mixHash(gx + i, gy + j, seed) for the w x h lattice corners from (gx, gy), row-major: each column, row and the seed multiplied once. */
function latticeHashes(seed: number, gx: number, gy: number, w: number, h: number, out: Float64Array): void {
  const seedPart = Math.imul(seed | 0, MIX_C);
  for (let j = 0; j < h; j++) {
    const rowPart = Math.imul((gy + j) | 0, MIX_B) ^ seedPart;
    for (let i = 0; i < w; i++) out[j * w + i] = finishHash(Math.imul((gx + i) | 0, MIX_A) ^ rowPart);
  }
}

/** Per lattice row (of `rows`) and block column q of the cell (from grid column qx): a + (b - a) * sx between the corners left and right of the block, 8 a row. */
function lerpRows(hashes: Float64Array, w: number, rows: number, x0: Int32Array, sx: Float64Array, qx: number, gx: number, out: Float64Array): void {
  for (let q = 0; q < BLOCKS_PER_CELL_SIDE; q++) {
    const weight = sx[qx + q];
    const col = x0[qx + q] - gx;
    for (let j = 0; j < rows; j++) {
      const a = hashes[j * w + col];
      out[j * BLOCKS_PER_CELL_SIDE + q] = a + (hashes[j * w + col + 1] - a) * weight;
    }
  }
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
  const L = blockLatticeOf(clouds);
  const qx = i * BLOCKS_PER_CELL_SIDE;
  const qy = j * BLOCKS_PER_CELL_SIDE;
  const last = BLOCKS_PER_CELL_SIDE - 1;
  // The two noises' lattice corners over the cell's blocks, hashed once (not four times per block).
  const cgx = L.coarseX0[qx];
  const cgy = L.coarseY0[qy];
  const cw = L.coarseX0[qx + last] - cgx + 2;
  const cRows = L.coarseY0[qy + last] - cgy + 2;
  latticeHashes(clouds.seed ^ 0x51, cgx, cgy, cw, cRows, coarseHashes);
  const fgx = L.fineX0[qx];
  const fgy = L.fineY0[qy];
  const fw = L.fineX0[qx + last] - fgx + 2;
  const fRows = L.fineY0[qy + last] - fgy + 2;
  latticeHashes(clouds.seed ^ 0x52, fgx, fgy, fw, fRows, fineHashes);
  const keys = rankKeys;
  // latticeNoise interpolates along x on the lattice row above a block and on the row below, then
  // between them along y. The x step depends only on the lattice row and the block's column, so it is
  // done once per lattice row and column (24 and ~56 a cell) rather than twice per block (128 each).
  lerpRows(coarseHashes, cw, cRows, L.coarseX0, L.coarseSx, qx, cgx, coarseLerps);
  lerpRows(fineHashes, fw, fRows, L.fineX0, L.fineSx, qx, fgx, fineLerps);
  const cl = coarseLerps;
  const fl = fineLerps;
  let lowest = Infinity;
  let highest = -Infinity;
  for (let r = 0; r < BLOCKS_PER_CELL_SIDE; r++) {
    const cRow = (L.coarseY0[qy + r] - cgy) * BLOCKS_PER_CELL_SIDE;
    const csy = L.coarseSy[qy + r];
    const fRow = (L.fineY0[qy + r] - fgy) * BLOCKS_PER_CELL_SIDE;
    const fsy = L.fineSy[qy + r];
    const tiltY = (r - 3.5) * gy;
    for (let q = 0; q < BLOCKS_PER_CELL_SIDE; q++) {
      // Each block's key: 0.9 x coarse noise + 0.1 x fine noise + 0.35 x tilt, negated, in latticeNoise's arithmetic.
      const cTop = cl[cRow + q];
      const coarse = (cTop + (cl[cRow + BLOCKS_PER_CELL_SIDE + q] - cTop) * csy) / 4294967296;
      const fTop = fl[fRow + q];
      const fine = (fTop + (fl[fRow + BLOCKS_PER_CELL_SIDE + q] - fTop) * fsy) / 4294967296;
      // The tilt's terms in either order: addition is commutative, so the same double.
      const tilt = (q - 3.5) * gx + tiltY;
      const key = -(0.9 * coarse + 0.1 * fine + 0.35 * tilt);
      keys[r * BLOCKS_PER_CELL_SIDE + q] = key;
      if (key < lowest) lowest = key;
      if (key > highest) highest = key;
    }
  }
  lowestBlocks(keys, clouds.count[k], lowest, highest, words, at);
  if (known) known[k] = 1;
  return at;
}

/** Scratch of lowestBlocks (one call at a time per thread): keys per bucket, each key's bucket, the threshold bucket's blocks. */
const bucketCounts = new Int32Array(BLOCKS_PER_CELL + 1);
const bucketOfKey = new Int32Array(BLOCKS_PER_CELL);
const bucketBlocks = new Int32Array(BLOCKS_PER_CELL);

/**
 * Writes to words[at] (blocks 0-31) and words[at + 1] (32-63) the bits of the n blocks of lowest key `a`
 * (64 keys from min to max), ties by block index: a cell's cloud blocks. A bucket pass: each key's bucket
 * is floor((key - min) * 64 / (max - min)), which never decreases as the key grows, so every key of a
 * lower bucket is lower than every key of a higher one. The keys are counted per bucket; the blocks of the
 * buckets below the one holding rank n are cloud, and of that bucket's few blocks, put in order by key
 * and index, the first ones that make up n. No threshold is compared with each key afterwards, and
 * nothing is sorted but that bucket. Choosing the blocks was about half of a cell's cloud blocks (the
 * largest single cost of a 40-year scene-box statistic): as Hoare's selection and a pass of comparisons
 * until the twenty-first round, and still ~1,000 of ~1,750 ns a cell as a bucket pass that found the n-th
 * key and then compared every key with it; this takes ~500 ns (docs/performance.md, twenty-second round).
 */
export function lowestBlocks(a: Float64Array, n: number, min: number, max: number, words: Uint32Array, at: number): void {
  const scale = BLOCKS_PER_CELL / (max - min);
  // All keys equal (or too close for the scale to be finite): one bucket, ordered by index alone.
  const spread = scale < Infinity;
  bucketCounts.fill(0);
  for (let i = 0; i < BLOCKS_PER_CELL; i++) {
    // At most 64 (the maximum's bucket, whatever the rounding of the product).
    const bucket = spread ? Math.min(BLOCKS_PER_CELL, Math.floor((a[i] - min) * scale)) : 0;
    bucketOfKey[i] = bucket;
    bucketCounts[bucket]++;
  }
  let threshold = 0;
  let below = 0;
  while (threshold < BLOCKS_PER_CELL && below + bucketCounts[threshold] <= n - 1) below += bucketCounts[threshold++];
  // Blocks in lower buckets are cloud; the threshold bucket's blocks are listed in index order.
  let low = 0;
  let high = 0;
  let m = 0;
  for (let i = 0; i < 32; i++) {
    const bucket = bucketOfKey[i];
    if (bucket < threshold) low |= 1 << i;
    else if (bucket === threshold) bucketBlocks[m++] = i;
  }
  for (let i = 32; i < BLOCKS_PER_CELL; i++) {
    const bucket = bucketOfKey[i];
    if (bucket < threshold) high |= 1 << (i - 32);
    else if (bucket === threshold) bucketBlocks[m++] = i;
  }
  // Insertion by key, stable: equal keys keep their index order. The first n - below of them are cloud.
  for (let i = 1; i < m; i++) {
    const block = bucketBlocks[i];
    const key = a[block];
    let j = i - 1;
    while (j >= 0 && a[bucketBlocks[j]] > key) {
      bucketBlocks[j + 1] = bucketBlocks[j];
      j--;
    }
    bucketBlocks[j + 1] = block;
  }
  for (let t = 0; t < n - below; t++) {
    const block = bucketBlocks[t];
    if (block < 32) low |= 1 << block;
    else high |= 1 << (block - 32);
  }
  words[at] = low;
  words[at + 1] = high;
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
  /** Keep what `out` holds (a second fill over other needed blocks of the same span) rather than zero it first. */
  keep = false,
): void {
  const w = bx1 - bx0 + 1;
  if (!keep) out.fill(0, 0, w * (by1 - by0 + 1));
  const words = cloudWords(clouds);
  const cx0 = Math.max(0, bx0 >> 3);
  const cx1 = Math.min(clouds.cellsAcross - 1, bx1 >> 3);
  const cy0 = Math.max(0, by0 >> 3);
  const cy1 = Math.min(clouds.cellsDown - 1, by1 >> 3);
  const cells = clouds.cells;
  if (cells && (cx0 < cells.x0 || cx1 > cells.x1 || cy0 < cells.y0 || cy1 > cells.y1)) {
    throw new RangeError(`fillCloudMap: cells ${cx0}..${cx1} x ${cy0}..${cy1} reach outside the clouds' window ${cells.x0}..${cells.x1} x ${cells.y0}..${cells.y1}`);
  }
  if (cx1 < cx0 || cy1 < cy0) return;
  // The filled block columns and rows, listed once with where each cell's start (not tested per cell and block).
  const colList = lineList(neededCols, bx0, bx1, cx0, cx1, colScratch);
  const rowList = lineList(neededRows, by0, by1, cy0, cy1, rowScratch);
  const cols = colList.lines;
  const rows = rowList.lines;
  for (let cy = cy0; cy <= cy1; cy++) {
    const rFirst = rowList.start[cy - cy0];
    const rEnd = rowList.start[cy - cy0 + 1];
    if (rFirst === rEnd) continue;
    for (let cx = cx0; cx <= cx1; cx++) {
      const cFirst = colList.start[cx - cx0];
      const cEnd = colList.start[cx - cx0 + 1];
      if (cFirst === cEnd) continue;
      const k = cy * clouds.cellsAcross + cx;
      const n = clouds.count[k];
      if (n === 0) continue;
      const at = n === BLOCKS_PER_CELL ? -1 : cellCloudBits(clouds, k);
      for (let r = rFirst; r < rEnd; r++) {
        const by = rows[r];
        const row = (by - by0) * w - bx0;
        const inCell = (by & 7) << 3;
        for (let c = cFirst; c < cEnd; c++) {
          const bx = cols[c];
          if (at < 0 || cloudBit(words, at, inCell | (bx & 7))) out[row + bx] = 1;
        }
      }
    }
  }
}

/** The block lines (columns or rows) fillCloudMap fills, ascending, and per cell line the index of its first (start[c - c0]; one past the last at the end). */
interface LineList {
  lines: Int32Array;
  start: Int32Array;
}
const colScratch: LineList = { lines: new Int32Array(0), start: new Int32Array(0) };
const rowScratch: LineList = { lines: new Int32Array(0), start: new Int32Array(0) };

/** Lines b0..b1 inside cells c0..c1 (all of them, or those `needed` marks), into `into`'s reused arrays. */
function lineList(needed: Uint8Array | undefined, b0: number, b1: number, c0: number, c1: number, into: LineList): LineList {
  const count = b1 - b0 + 1;
  if (into.lines.length < count) into.lines = new Int32Array(count);
  if (into.start.length < c1 - c0 + 2) into.start = new Int32Array(c1 - c0 + 2);
  const { lines, start } = into;
  let m = 0;
  for (let c = c0; c <= c1; c++) {
    start[c - c0] = m;
    const last = Math.min(b1, (c << 3) + 7);
    for (let b = Math.max(b0, c << 3); b <= last; b++) if (!needed || needed[b - b0] === 1) lines[m++] = b;
  }
  start[c1 - c0 + 1] = m;
  return into;
}
