/**
 * The cloud field of one synthetic scene, built so that `eo:cloud_cover` is EXACTLY the fraction of
 * QA_PIXEL cloud pixels at full resolution without synthesizing a single pixel:
 *
 * - the scene grid is cut into 64 x 64 px cells of 8 x 8 blocks (8 x 8 px each, 240 m);
 * - a smooth seeded field gives each cell a cloud amount, i.e. how many of its 64 blocks are cloud;
 * - which blocks those are follows a fine seeded noise over the blocks (continuous across cells),
 *   tilted towards the side where the amount grows, so cloud edges look ragged, not square;
 * - every pixel of a block shares its cloud state, and validity (fill outside the footprint) is also
 *   per block, so counting blocks counts pixels.
 *
 * The fraction is then a sum over ~15,000 cells (partial cells at the footprint edge are counted
 * block by block), about a millisecond a scene.
 */
import { BLOCK_PX, CELL_PX, blockValid, type DemoSceneGrid } from './demoSceneGrid.js';
import { createSeededRandom, hashSeed, mixHash } from './seededRandom.js';

const BLOCKS_PER_CELL_SIDE = CELL_PX / BLOCK_PX; // 8
const BLOCKS_PER_CELL = BLOCKS_PER_CELL_SIDE ** 2; // 64
/** Lattice spacing of the cloud-amount field in cells (two octaves): ~19 km and ~6 km. */
const COARSE_CELLS = 10;
const FINE_CELLS = 3;

export interface SceneClouds {
  seed: number;
  cellsAcross: number;
  cellsDown: number;
  /** Cloud amount per cell, padded by one cell on every side (for gradients): (cellsAcross + 2) x (cellsDown + 2). */
  amount: Float32Array;
  /** Cloud blocks per cell, 0..64. */
  count: Uint8Array;
  /** Ranks of the 64 blocks of partly cloudy cells, computed on first use. */
  ranks: Map<number, Uint8Array>;
  /** Shadow offset in blocks (x right, y down): the shadow falls away from the sun. */
  shadowDx: number;
  shadowDy: number;
  /** Percent of valid pixels flagged cloud (full resolution). */
  cloudPercent: number;
}

interface GridValidity {
  /** Valid blocks per cell (0..64). */
  valid: Uint8Array;
  /** For cells with 0 < valid < 64: validity per block. */
  partial: Map<number, Uint8Array>;
}
const validityByGrid = new WeakMap<DemoSceneGrid, GridValidity>();

function gridValidity(grid: DemoSceneGrid): GridValidity {
  let v = validityByGrid.get(grid);
  if (v) return v;
  const cx = grid.width / CELL_PX;
  const cy = grid.height / CELL_PX;
  const valid = new Uint8Array(cx * cy);
  const partial = new Map<number, Uint8Array>();
  for (let j = 0; j < cy; j++) {
    for (let i = 0; i < cx; i++) {
      const flags = new Uint8Array(BLOCKS_PER_CELL);
      let n = 0;
      for (let b = 0; b < BLOCKS_PER_CELL; b++) {
        const ok = blockValid(grid, i * BLOCKS_PER_CELL_SIDE + (b % 8), j * BLOCKS_PER_CELL_SIDE + (b >> 3));
        flags[b] = ok ? 1 : 0;
        n += flags[b];
      }
      valid[j * cx + i] = n;
      if (n > 0 && n < BLOCKS_PER_CELL) partial.set(j * cx + i, flags);
    }
  }
  v = { valid, partial };
  validityByGrid.set(grid, v);
  return v;
}

const smoothstep = (t: number) => t * t * (3 - 2 * t);

/** Seeded value noise on an integer lattice, bilinear with smoothstep, 0..1. */
function latticeNoise(seed: number, x: number, y: number): number {
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const sx = smoothstep(x - x0);
  const sy = smoothstep(y - y0);
  const a = mixHash(x0, y0, seed);
  const b = mixHash(x0 + 1, y0, seed);
  const c = mixHash(x0, y0 + 1, seed);
  const d = mixHash(x0 + 1, y0 + 1, seed);
  const top = a + (b - a) * sx;
  return (top + (c + (d - c) * sx - top) * sy) / 4294967296;
}

/** Node values of a lattice with `spacing` cells between nodes, covering cells -1..n. */
function latticeNodes(seed: number, spacing: number, across: number, down: number) {
  const nx = Math.ceil((across + 2) / spacing) + 2;
  const ny = Math.ceil((down + 2) / spacing) + 2;
  const nodes = new Float32Array(nx * ny);
  for (let j = 0; j < ny; j++) for (let i = 0; i < nx; i++) nodes[j * nx + i] = mixHash(i, j, seed) / 4294967296;
  return (ci: number, cj: number) => {
    const x = (ci + 1) / spacing;
    const y = (cj + 1) / spacing;
    const i0 = Math.floor(x);
    const j0 = Math.floor(y);
    const sx = smoothstep(x - i0);
    const sy = smoothstep(y - j0);
    const k = j0 * nx + i0;
    const top = nodes[k] + (nodes[k + 1] - nodes[k]) * sx;
    const bottom = nodes[k + nx] + (nodes[k + nx + 1] - nodes[k + nx]) * sx;
    return top + (bottom - top) * sy;
  };
}

export interface CloudClimate {
  /** Probability that a scene is nearly clear and that it is mostly overcast. */
  clearProbability: number;
  overcastProbability: number;
}

export function createSceneClouds(
  sceneId: string,
  grid: DemoSceneGrid,
  climate: CloudClimate,
  sun: { elevationDeg: number; azimuthDeg: number },
): SceneClouds {
  const seed = hashSeed(sceneId);
  const random = createSeededRandom(seed ^ 0xc10d);
  const r = random();
  const target = r < climate.clearProbability ? random() * 0.03 : r < climate.clearProbability + climate.overcastProbability ? 0.7 + random() * 0.3 : 0.05 + random() * 0.6;
  const threshold = 0.5 + (0.5 - target) * 0.75;
  const cellsAcross = grid.width / CELL_PX;
  const cellsDown = grid.height / CELL_PX;
  const stride = cellsAcross + 2;
  const coarse = latticeNodes(seed, COARSE_CELLS, cellsAcross, cellsDown);
  const fine = latticeNodes(seed ^ 0x9e37, FINE_CELLS, cellsAcross, cellsDown);
  const amount = new Float32Array(stride * (cellsDown + 2));
  for (let j = -1; j <= cellsDown; j++) {
    for (let i = -1; i <= cellsAcross; i++) {
      const field = (coarse(i, j) + 0.35 * fine(i, j)) / 1.35;
      const a = (field - threshold) * 9 + 0.5;
      amount[(j + 1) * stride + (i + 1)] = a < 0 ? 0 : a > 1 ? 1 : a;
    }
  }
  const count = new Uint8Array(cellsAcross * cellsDown);
  // Cloud tops ~2 km up: the shadow lies 2 km / tan(elevation) away from the sun (capped at 8 km).
  const elevation = Math.max(5, sun.elevationDeg);
  const distanceM = Math.min(8000, 2000 / Math.tan((elevation * Math.PI) / 180));
  const away = ((sun.azimuthDeg + 180) * Math.PI) / 180;
  const blockM = BLOCK_PX * 30;
  const clouds: SceneClouds = {
    seed,
    cellsAcross,
    cellsDown,
    amount,
    count,
    ranks: new Map(),
    shadowDx: Math.round((Math.sin(away) * distanceM) / blockM),
    shadowDy: Math.round((-Math.cos(away) * distanceM) / blockM),
    cloudPercent: 0,
  };
  const { valid, partial } = gridValidity(grid);
  let cloudy = 0;
  let total = 0;
  for (let j = 0; j < cellsDown; j++) {
    for (let i = 0; i < cellsAcross; i++) {
      const k = j * cellsAcross + i;
      const n = Math.round(amount[(j + 1) * stride + (i + 1)] * BLOCKS_PER_CELL);
      count[k] = n;
      total += valid[k];
      if (valid[k] === BLOCKS_PER_CELL || n === 0) cloudy += valid[k] === BLOCKS_PER_CELL ? n : 0;
      else if (valid[k] > 0) {
        if (n === BLOCKS_PER_CELL) cloudy += valid[k];
        else {
          const flags = partial.get(k)!;
          const ranks = cellRanks(clouds, k);
          for (let b = 0; b < BLOCKS_PER_CELL; b++) if (flags[b] && ranks[b] < n) cloudy++;
        }
      }
    }
  }
  clouds.cloudPercent = total === 0 ? 0 : (100 * cloudy) / total;
  return clouds;
}

/** Ranks of a cell's 64 blocks (lower turns cloudy first): fine noise, tilted towards the cloudier side. */
function cellRanks(clouds: SceneClouds, k: number): Uint8Array {
  let ranks = clouds.ranks.get(k);
  if (ranks) return ranks;
  const i = k % clouds.cellsAcross;
  const j = Math.floor(k / clouds.cellsAcross);
  const stride = clouds.cellsAcross + 2;
  const at = (ci: number, cj: number) => clouds.amount[(cj + 1) * stride + (ci + 1)];
  const gx = at(i + 1, j) - at(i - 1, j);
  const gy = at(i, j + 1) - at(i, j - 1);
  const keys = new Float64Array(BLOCKS_PER_CELL);
  const order = new Array<number>(BLOCKS_PER_CELL);
  for (let b = 0; b < BLOCKS_PER_CELL; b++) {
    const bx = i * BLOCKS_PER_CELL_SIDE + (b & 7);
    const by = j * BLOCKS_PER_CELL_SIDE + (b >> 3);
    const tilt = ((b & 7) - 3.5) * gx + ((b >> 3) - 3.5) * gy;
    keys[b] = -(0.8 * latticeNoise(clouds.seed ^ 0x51, bx / 3, by / 3) + 0.2 * latticeNoise(clouds.seed ^ 0x52, bx / 1.3, by / 1.3) + 0.35 * tilt);
    order[b] = b;
  }
  order.sort((a, b) => keys[a] - keys[b] || a - b);
  ranks = new Uint8Array(BLOCKS_PER_CELL);
  order.forEach((b, rank) => (ranks![b] = rank));
  clouds.ranks.set(k, ranks);
  return ranks;
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
  return cellRanks(clouds, k)[((by & 7) << 3) | (bx & 7)] < n;
}

/** Cloud amount (0..1) at a block, bilinear between cell centres: how thick the cloud looks. */
export function cloudAmountAt(clouds: SceneClouds, bx: number, by: number): number {
  const stride = clouds.cellsAcross + 2;
  const x = Math.min(clouds.cellsAcross, Math.max(-1, (bx + 0.5) / BLOCKS_PER_CELL_SIDE - 0.5));
  const y = Math.min(clouds.cellsDown, Math.max(-1, (by + 0.5) / BLOCKS_PER_CELL_SIDE - 0.5));
  const i0 = Math.min(clouds.cellsAcross - 1, Math.floor(x));
  const j0 = Math.min(clouds.cellsDown - 1, Math.floor(y));
  const fx = x - i0;
  const fy = y - j0;
  const k = (j0 + 1) * stride + (i0 + 1);
  const a = clouds.amount;
  return (a[k] * (1 - fx) + a[k + 1] * fx) * (1 - fy) + (a[k + stride] * (1 - fx) + a[k + stride + 1] * fx) * fy;
}
