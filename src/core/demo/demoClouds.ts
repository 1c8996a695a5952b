/**
 * The cloud field of one synthetic scene, built so that `eo:cloud_cover` is EXACTLY the fraction of
 * QA_PIXEL cloud pixels at full resolution without synthesizing a single pixel:
 *
 * - the scene grid is cut into 64 x 64 px cells of 8 x 8 blocks (8 x 8 px each, 240 m);
 * - a smooth seeded field gives each cell a cloud amount, i.e. how many of its 64 blocks are cloud;
 * - which blocks those are follows a fixed ranking of the 64 positions, chosen by the direction in
 *   which the amount grows, so cloud edges run as continuous fronts across cells;
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
const DIRECTIONS = 16;
/** Lattice spacing of the cloud field in cells (two octaves): ~19 km and ~6 km. */
const COARSE_CELLS = 10;
const FINE_CELLS = 3;

export interface SceneClouds {
  cellsAcross: number;
  cellsDown: number;
  /** Cloud blocks per cell, 0..64. */
  count: Uint8Array;
  /** Ranking (0..DIRECTIONS) used in each cell; DIRECTIONS means "grow from the centre". */
  order: Uint8Array;
  /** Shadow offset in blocks (x right, y down): the shadow falls away from the sun. */
  shadowDx: number;
  shadowDy: number;
  /** Percent of valid pixels flagged cloud (full resolution). */
  cloudPercent: number;
}

/** RANKS[o][i]: rank of block i (row-major in its cell) under ordering o; lower ranks turn cloudy first. */
const RANKS: Uint8Array[] = (() => {
  const out: Uint8Array[] = [];
  const jitter = createSeededRandom(0x5eed);
  const jit = Array.from({ length: BLOCKS_PER_CELL }, () => jitter());
  for (let o = 0; o <= DIRECTIONS; o++) {
    const key: Array<{ i: number; k: number }> = [];
    const angle = (o / DIRECTIONS) * 2 * Math.PI;
    for (let i = 0; i < BLOCKS_PER_CELL; i++) {
      const x = (i % BLOCKS_PER_CELL_SIDE) - 3.5;
      const y = Math.floor(i / BLOCKS_PER_CELL_SIDE) - 3.5;
      // Directional: blocks on the side the cloud comes from fill first; centre: a growing blob.
      const k = o === DIRECTIONS ? Math.hypot(x, y) + jit[i] * 1.6 : -(x * Math.cos(angle) + y * Math.sin(angle)) + jit[i] * 2.2;
      key.push({ i, k });
    }
    key.sort((a, b) => a.k - b.k || a.i - b.i);
    const ranks = new Uint8Array(BLOCKS_PER_CELL);
    key.forEach(({ i }, rank) => (ranks[i] = rank));
    out.push(ranks);
  }
  return out;
})();

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

/** Seeded value noise on an integer lattice, bilinear with smoothstep. */
function latticeNoise(seed: number, x: number, y: number): number {
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const fx = x - x0;
  const fy = y - y0;
  const sx = fx * fx * (3 - 2 * fx);
  const sy = fy * fy * (3 - 2 * fy);
  const v = (a: number, b: number) => mixHash(a, b, seed) / 4294967296;
  const top = v(x0, y0) + (v(x0 + 1, y0) - v(x0, y0)) * sx;
  const bottom = v(x0, y0 + 1) + (v(x0 + 1, y0 + 1) - v(x0, y0 + 1)) * sx;
  return top + (bottom - top) * sy;
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
  const field = new Float32Array((cellsAcross + 2) * (cellsDown + 2));
  const stride = cellsAcross + 2;
  for (let j = -1; j <= cellsDown; j++) {
    for (let i = -1; i <= cellsAcross; i++) {
      const coarse = latticeNoise(seed, i / COARSE_CELLS, j / COARSE_CELLS);
      const fine = latticeNoise(seed ^ 0x9e37, i / FINE_CELLS, j / FINE_CELLS);
      field[(j + 1) * stride + (i + 1)] = (coarse + 0.35 * fine) / 1.35;
    }
  }
  const amount = (i: number, j: number) => Math.min(1, Math.max(0, (field[(j + 1) * stride + (i + 1)] - threshold) * 5 + 0.5));
  const count = new Uint8Array(cellsAcross * cellsDown);
  const order = new Uint8Array(cellsAcross * cellsDown);
  const { valid, partial } = gridValidity(grid);
  let cloudy = 0;
  let total = 0;
  for (let j = 0; j < cellsDown; j++) {
    for (let i = 0; i < cellsAcross; i++) {
      const k = j * cellsAcross + i;
      const n = Math.round(amount(i, j) * BLOCKS_PER_CELL);
      count[k] = n;
      // The amount grows towards (gx, gy): blocks on that side of the cell cloud over first.
      const gx = amount(i + 1, j) - amount(i - 1, j);
      const gy = amount(i, j + 1) - amount(i, j - 1);
      const o = Math.hypot(gx, gy) < 0.05 ? DIRECTIONS : Math.round(((Math.atan2(gy, gx) / (2 * Math.PI)) * DIRECTIONS + DIRECTIONS) % DIRECTIONS) % DIRECTIONS;
      order[k] = o;
      total += valid[k];
      if (valid[k] === BLOCKS_PER_CELL) cloudy += n;
      else if (valid[k] > 0) {
        const flags = partial.get(k)!;
        const ranks = RANKS[o];
        for (let b = 0; b < BLOCKS_PER_CELL; b++) if (flags[b] && ranks[b] < n) cloudy++;
      }
    }
  }
  // Cloud tops ~2 km up: the shadow lies 2 km / tan(elevation) away from the sun (capped at 8 km).
  const elevation = Math.max(5, sun.elevationDeg);
  const distanceM = Math.min(8000, 2000 / Math.tan((elevation * Math.PI) / 180));
  const away = ((sun.azimuthDeg + 180) * Math.PI) / 180;
  const blockM = BLOCK_PX * 30;
  return {
    cellsAcross,
    cellsDown,
    count,
    order,
    shadowDx: Math.round((Math.sin(away) * distanceM) / blockM),
    shadowDy: Math.round((-Math.cos(away) * distanceM) / blockM),
    cloudPercent: total === 0 ? 0 : (100 * cloudy) / total,
  };
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
  return RANKS[clouds.order[k]][((by & 7) << 3) | (bx & 7)] < n;
}

/** Cloud amount (0..1) of the block's cell: how thick the cloud looks. */
export function cellAmount(clouds: SceneClouds, bx: number, by: number): number {
  const cx = Math.min(clouds.cellsAcross - 1, Math.max(0, bx >> 3));
  const cy = Math.min(clouds.cellsDown - 1, Math.max(0, by >> 3));
  return clouds.count[cy * clouds.cellsAcross + cx] / BLOCKS_PER_CELL;
}
