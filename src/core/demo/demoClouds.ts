/**
 * The cloud field of one synthetic scene, built so that `eo:cloud_cover` is EXACTLY the fraction of
 * QA_PIXEL cloud pixels at full resolution without synthesizing a single pixel:
 *
 * - the scene grid is cut into 64 x 64 px cells of 8 x 8 blocks (8 x 8 px each, 240 m);
 * - a smooth field gives each cell a cloud amount, i.e. how many of its 64 blocks are cloud;
 * - which blocks those are follows a fine noise over the blocks (continuous across cells),
 *   tilted towards the side where the amount grows, so cloud edges look ragged, not square;
 * - the field is a function of the GROUND and the DAY, never of the scene: cell amounts come from
 *   noise on Earth-centred coordinates seeded by the date (weather systems ~700 km across decide
 *   clear and overcast days, modulated by a climate bias: deserts clear, humid tropics cloudy), and
 *   block ranks from noise on the UTM zone's block lattice (grids are aligned to it,
 *   demoSceneGrid.ts), so overlapping scenes of one path on one day see the same clouds;
 * - every pixel of a block shares its cloud state, and validity (fill outside the footprint) is also
 *   per block, so counting blocks counts pixels.
 *
 * The fraction is then a sum over ~15,000 cells (partial cells at the footprint edge are counted
 * block by block), about a millisecond a scene.
 */
import { BLOCK_PX, CELL_PX, blockRowSpans, type DemoSceneGrid } from './demoSceneGrid.js';
import { dayNumber, earthKm, groundNoiseAt, noisePoints, type NoisePoints } from './demoGroundNoise.js';
import { dryness } from './demoGeography.js';
import { GROUP_MIXED, GROUP_OVERCAST, GROUP_UNKNOWN, cellAmount, fineNoisePoints, groupState, type CloudField } from './demoCloudField.js';
import { mixHash } from './seededRandom.js';
import { cellCloudBits, cloudBit, cloudWords } from './demoCloudBlocks.js';
import { fieldAmounts, fieldBits, fieldCounts, fieldKnown } from './cloudFieldBuffers.js';
import type { CellWindow, SceneClouds } from './sceneClouds.js';

const BLOCKS_PER_CELL_SIDE = CELL_PX / BLOCK_PX; // 8
const BLOCKS_PER_CELL = BLOCKS_PER_CELL_SIDE ** 2; // 64
/** Cloud-amount noise: features ~19 km and ~6 km across, and weather systems ~700 km across. */
const COARSE_KM = 19;
const SYNOPTIC_KM = 700;
/** The noise is evaluated on zone-aligned node lattices (every 4 cells, every 2 cells) and interpolated per cell. */
const COARSE_NODE_CELLS = 4;
const FINE_NODE_CELLS = 2;

export type { CellWindow, SceneClouds } from './sceneClouds.js';


interface GridValidity {
  /** Valid blocks per cell (0..64). */
  valid: Uint8Array;
  /** For cells with 0 < valid < 64: validity per block. */
  partial: Map<number, Uint8Array>;
  /** Per cell row, valid blocks of the cells left of each cell (cellsAcross + 1 per row): a run's sum is two lookups. */
  validBefore: Uint32Array;
  /** Valid blocks of the whole grid. */
  total: number;
}
const validityByGrid = new WeakMap<DemoSceneGrid, GridValidity>();
/** What a window's build (which counts no percent) is given instead of its grid's validity. */
const NO_VALIDITY: GridValidity = { valid: new Uint8Array(0), partial: new Map(), validBefore: new Uint32Array(0), total: 0 };

function gridValidity(grid: DemoSceneGrid): GridValidity {
  let v = validityByGrid.get(grid);
  if (v) return v;
  const cx = grid.width / CELL_PX;
  const cy = grid.height / CELL_PX;
  const valid = new Uint8Array(cx * cy);
  const partial = new Map<number, Uint8Array>();
  // blockValid's test, with the grid's spans looked up once (a million blocks).
  const spans = blockRowSpans(grid);
  const flags = new Uint8Array(BLOCKS_PER_CELL);
  for (let j = 0; j < cy; j++) {
    for (let i = 0; i < cx; i++) {
      let n = 0;
      for (let b = 0; b < BLOCKS_PER_CELL; b++) {
        const by = j * BLOCKS_PER_CELL_SIDE + (b >> 3);
        const x = (i * BLOCKS_PER_CELL_SIDE + (b % 8) + 0.5) * BLOCK_PX;
        flags[b] = x >= spans[2 * by] && x <= spans[2 * by + 1] ? 1 : 0;
        n += flags[b];
      }
      valid[j * cx + i] = n;
      if (n > 0 && n < BLOCKS_PER_CELL) partial.set(j * cx + i, flags.slice());
    }
  }
  const validBefore = new Uint32Array(cy * (cx + 1));
  let total = 0;
  for (let j = 0; j < cy; j++) {
    for (let i = 0; i < cx; i++) validBefore[j * (cx + 1) + i + 1] = validBefore[j * (cx + 1) + i] + valid[j * cx + i];
    total += validBefore[j * (cx + 1) + cx];
  }
  v = { valid, partial, validBefore, total };
  validityByGrid.set(grid, v);
  return v;
}

const smoothstep = (t: number) => t * t * (3 - 2 * t);

/**
 * Ground positions of the zone-aligned node lattice of a grid: nodes every COARSE_NODE_CELLS cells of
 * the zone's cell lattice (global cell indices multiple of it), covering cells -1..n, with each node's
 * Earth-centred km and cloud-climate bias. Per grid, not per scene (a few hundred projections).
 */
interface NodeLattice {
  /** Global cell index of the first node (x right, y down) and node counts. */
  i0: number;
  j0: number;
  nx: number;
  ny: number;
  km: Float64Array;
  bias: Float64Array;
}

/** The nodes as the coarse, weather and fine noises see them (groundNoiseAt): per grid, where they were worked out per scene. */
interface NodeNoise {
  coarse: NoisePoints;
  synoptic: NoisePoints;
  fine: NoisePoints;
}
/**
 * ~290 KB a grid (most of it the fine lattice), so kept for the few grids in use rather than with every
 * grid the scene-grid cache holds (128): a series reads one or two path/rows for thousands of scenes.
 */
const noiseByGrid = new Map<DemoSceneGrid, NodeNoise>();
const MAX_NODE_NOISES = 16;

function nodeNoise(grid: DemoSceneGrid, nodes: NodeLattice): NodeNoise {
  let noise = noiseByGrid.get(grid);
  if (noise) return noise;
  const { km, nx, ny } = nodes;
  noise = { coarse: noisePoints(km, nx * ny, COARSE_KM), synoptic: noisePoints(km, nx * ny, SYNOPTIC_KM), fine: fineNoisePoints(km, nx, ny) };
  if (noiseByGrid.size >= MAX_NODE_NOISES) noiseByGrid.delete(noiseByGrid.keys().next().value!);
  noiseByGrid.set(grid, noise);
  return noise;
}
const nodesByGrid = new WeakMap<DemoSceneGrid, NodeLattice>();
const CELL_M = CELL_PX * 30;

/** The grid's first cell in global (zone) cell indices: x right from the zone origin, y down from the equator. */
function globalCellOrigin(grid: DemoSceneGrid): [number, number] {
  return [Math.round(grid.cornerX / CELL_M), Math.round(-grid.cornerY / CELL_M)];
}

/** Climate bias of the cloud fraction: deserts mostly clear, the humid tropics and high latitudes cloudier. */
function cloudBias(lon: number, lat: number): number {
  const alat = Math.abs(lat);
  const dry = dryness(lon, lat);
  return -0.7 * Math.min(1, dry / 0.7) + (alat < 12 ? 0.25 * (1 - dry) : 0) + (alat > 55 ? 0.12 : 0);
}

function nodeLattice(grid: DemoSceneGrid): NodeLattice {
  let nodes = nodesByGrid.get(grid);
  if (nodes) return nodes;
  const [gi, gj] = globalCellOrigin(grid);
  const s = COARSE_NODE_CELLS;
  const i0 = Math.floor((gi - 1) / s) * s;
  const j0 = Math.floor((gj - 1) / s) * s;
  const nx = Math.floor((gi + grid.width / CELL_PX - i0) / s) + 2;
  const ny = Math.floor((gj + grid.height / CELL_PX - j0) / s) + 2;
  const km = new Float64Array(nx * ny * 3);
  const bias = new Float64Array(nx * ny);
  for (let b = 0; b < ny; b++) {
    for (let a = 0; a < nx; a++) {
      const k = b * nx + a;
      const [lon, lat] = grid.toLngLat((i0 + a * s + 0.5) * CELL_M, -(j0 + b * s + 0.5) * CELL_M);
      earthKm(lon, lat, km, 3 * k);
      bias[k] = cloudBias(lon, lat);
    }
  }
  nodes = { i0, j0, nx, ny, km, bias };
  nodesByGrid.set(grid, nodes);
  return nodes;
}

/** The seed of one day's clouds. */
function daySeed(date: Date): number {
  return mixHash(dayNumber(date), 0xc10d, 0x51);
}

export function createSceneClouds(grid: DemoSceneGrid, datetime: Date, sun: { elevationDeg: number; azimuthDeg: number }): SceneClouds {
  return buildSceneClouds(grid, datetime, sun, false);
}

/**
 * createSceneClouds' field to be handed to another thread (demoScenes.ts' cloudsToHandOver): its own
 * amounts and counts, and no block bits yet (the receiver gives it its own: withBlockBits in
 * cloudFieldBuffers.ts). The bits are computed on first use either way, and are the field's bytes that
 * its build hardly touches (a few edge cells): zero-filled and posted with every hand-over, 125 KB of
 * them were one of the main sources of the event loop's page faults in a 40-year statistics
 * (`perf record -e page-faults`, docs/performance.md, thirteenth round).
 */
export function createSceneCloudsToHandOver(grid: DemoSceneGrid, datetime: Date, sun: { elevationDeg: number; azimuthDeg: number }): SceneClouds {
  return buildSceneClouds(grid, datetime, sun, false, undefined, false);
}

/**
 * The scene's clouds over a window of cells only, by the same arithmetic as createSceneClouds (each
 * cell's amount and count depend on nothing but its lattice nodes), on reused buffers: valid until the
 * next build on this thread, and without the cloud percent (NaN). A point read needs ~100 of a scene's
 * ~15,000 cells, and building all of them (~1.4 ms) was most of the 40-year pixel series' synthesis.
 * fillCloudMap refuses blocks outside the window.
 */
export function createSceneCloudsNear(grid: DemoSceneGrid, datetime: Date, sun: { elevationDeg: number; azimuthDeg: number }, cells: CellWindow): SceneClouds {
  return buildSceneClouds(grid, datetime, sun, true, cells);
}

/** Cloud tops ~2 km up: the shadow lies 2 km / tan(elevation) away from the sun (capped at 8 km), in blocks (x right, y down). */
export function shadowOffsetBlocks(sun: { elevationDeg: number; azimuthDeg: number }): { dx: number; dy: number } {
  const elevation = Math.max(5, sun.elevationDeg);
  const distanceM = Math.min(8000, 2000 / Math.tan((elevation * Math.PI) / 180));
  const away = ((sun.azimuthDeg + 180) * Math.PI) / 180;
  const blockM = BLOCK_PX * 30;
  return { dx: Math.round((Math.sin(away) * distanceM) / blockM), dy: Math.round((-Math.cos(away) * distanceM) / blockM) };
}

/**
 * Just the scene's cloud percent (what a search filters on), the same number createSceneClouds
 * gives, on reused buffers: a five-year search lists ~2,000 scenes and keeps none of their fields.
 */
export function sceneCloudPercentOf(grid: DemoSceneGrid, datetime: Date, sun: { elevationDeg: number; azimuthDeg: number }): number {
  return buildSceneClouds(grid, datetime, sun, true).cloudPercent;
}

/** Reused buffers of builds (one at a time per thread): every build's node fields, and percent-only builds' cells too. */
const scratch = { coarse: new Float64Array(0), target: new Float64Array(0), fine: new Float64Array(0), amount: new Float32Array(0), count: new Uint8Array(0), groups: new Uint8Array(0), edges: new Int32Array(0) };
type ScratchKey = keyof typeof scratch;
/** No edge cells: a window's build lists none. */
const EMPTY_CELLS = new Int32Array(0);
function scratchOf<T extends Float64Array | Float32Array | Uint8Array | Int32Array>(key: ScratchKey, length: number, make: (n: number) => T): T {
  let a = scratch[key] as T;
  if (a.length < length) (scratch as Record<string, unknown>)[key] = a = make(length);
  return a;
}

function buildSceneClouds(grid: DemoSceneGrid, datetime: Date, sun: { elevationDeg: number; azimuthDeg: number }, percentOnly: boolean, cells?: CellWindow, keepsBlockBits = !percentOnly): SceneClouds {
  // The node fields (coarse, target, fine, groups) serve this build only, whatever it keeps: reused buffers.
  const f64 = (key: 'coarse' | 'target' | 'fine', n: number) => scratchOf(key, n, (m) => new Float64Array(m));
  const seed = daySeed(datetime);
  const nodes = nodeLattice(grid);
  const noise = nodeNoise(grid, nodes);
  const { i0, j0, nx, ny } = nodes;
  const cellsAcross = grid.width / CELL_PX;
  const cellsDown = grid.height / CELL_PX;
  const stride = cellsAcross + 2;
  const [gi, gj] = globalCellOrigin(grid);
  // Cells whose amounts are computed (one more on every side than the counts, for the gradients and
  // cloudAmountAt): all of them, padding included, unless the build is over a window.
  const iLo = cells ? Math.max(-1, cells.x0 - 1) : -1;
  const iHi = cells ? Math.min(cellsAcross, cells.x1 + 1) : cellsAcross;
  const jLo = cells ? Math.max(-1, cells.y0 - 1) : -1;
  const jHi = cells ? Math.min(cellsDown, cells.y1 + 1) : cellsDown;
  // Coarse field and weather systems at the nodes those cells lie between; the fine field on a lattice twice as dense (fineAt).
  const coarse = f64('coarse', nx * ny);
  const target = f64('target', nx * ny);
  if (cells) {
    coarse.fill(NaN, 0, nx * ny);
    target.fill(NaN, 0, nx * ny);
  }
  const aLo = Math.floor((gi + iLo - i0) / COARSE_NODE_CELLS);
  const aHi = Math.min(nx - 1, Math.floor((gi + iHi - i0) / COARSE_NODE_CELLS) + 1);
  const bLo = Math.floor((gj + jLo - j0) / COARSE_NODE_CELLS);
  const bHi = Math.min(ny - 1, Math.floor((gj + jHi - j0) / COARSE_NODE_CELLS) + 1);
  for (let nb = bLo; nb <= bHi; nb++) for (let na = aLo; na <= aHi; na++) {
    const k = nb * nx + na;
    coarse[k] = groundNoiseAt(noise.coarse, k, seed);
    const weather = groundNoiseAt(noise.synoptic, k, seed + 1);
    target[k] = 0.5 + (weather - 0.5) * 4 + nodes.bias[k];
  }
  const fnx = 2 * nx - 1;
  const fny = 2 * ny - 1;
  // The fine field is evaluated at a node only when a cell next to it needs it (see groupState).
  const fine = f64('fine', fnx * fny).fill(NaN, 0, fnx * fny);
  const groups = scratchOf('groups', nx * ny, (m) => new Uint8Array(m)).fill(GROUP_UNKNOWN, 0, nx * ny);
  const field: CloudField = { seed, nx, ny, fnx, coarse, target, fine, groups, fineNoise: noise.fine };
  const amount = percentOnly ? scratchOf('amount', stride * (cellsDown + 2), (m) => new Float32Array(m)) : fieldAmounts(stride * (cellsDown + 2));
  if (cells) amount.fill(NaN, 0, stride * (cellsDown + 2));
  const count = percentOnly ? scratchOf('count', cellsAcross * cellsDown, (m) => new Uint8Array(m)) : fieldCounts(cellsAcross * cellsDown);
  const shadow = shadowOffsetBlocks(sun);
  const clouds = sceneCloudsRecord({
    seed,
    blockX0: gi * BLOCKS_PER_CELL_SIDE,
    blockY0: gj * BLOCKS_PER_CELL_SIDE,
    cellsAcross,
    cellsDown,
    amount,
    count,
    // Percent-only builds keep no block states (cellCloudBits then writes them to scratch, demoCloudBlocks.ts).
    cellBits: keepsBlockBits ? fieldBits(2 * cellsAcross * cellsDown) : null,
    cellKnown: keepsBlockBits ? fieldKnown(cellsAcross * cellsDown) : null,
    shadowDx: shadow.dx,
    shadowDy: shadow.dy,
    cloudPercent: 0,
  });
  // A whole build counts its cells and their cloudy valid blocks in the same pass as their amounts: a
  // second pass over the ~15,000 cells made a build ~6 % slower. A window's cells are counted after it.
  const whole = !cells;
  const { valid, validBefore, partial, total } = whole ? gridValidity(grid) : NO_VALIDITY;
  const edgeCells = whole ? scratchOf('edges', cellsAcross * cellsDown, (m) => new Int32Array(m)) : EMPTY_CELLS;
  let edges = 0;
  let cloudy = 0;
  // Bilinear between nodes: the coarse field and the target share their lattice (and weights); the fine
  // field has its own. Row terms hoisted: this loop runs for ~15,000 cells of every scene a search lists.
  for (let j = jLo; j <= jHi; j++) {
    const v = (gj + j - j0) / COARSE_NODE_CELLS;
    const b = Math.floor(v);
    const fv = v - b;
    const vf = (gj + j - j0) / FINE_NODE_CELLS;
    const bf = Math.floor(vf);
    const fvf = vf - bf;
    const row = (j + 1) * stride + 1;
    // This row's cells are counted (the padding rows and columns only hold amounts).
    const counted = whole && j >= 0 && j < cellsDown;
    const countRow = j * cellsAcross;
    const validRow = j * (cellsAcross + 1);
    // Cells in runs of one coarse node interval (four cells): a clear or overcast run is filled at once.
    for (let i = iLo; i <= iHi; ) {
      const a = Math.floor((gi + i - i0) / COARSE_NODE_CELLS);
      const last = Math.min(iHi, (a + 1) * COARSE_NODE_CELLS - 1 + i0 - gi);
      const state = groupState(field, a, b);
      if (state !== GROUP_MIXED) {
        // A loop, not fill(): four cells are fewer than a builtin call costs.
        const value = state === GROUP_OVERCAST ? 1 : 0;
        if (counted) {
          const first = Math.max(0, i);
          const end = Math.min(cellsAcross - 1, last);
          const n = value * BLOCKS_PER_CELL;
          for (let q = first; q <= end; q++) count[countRow + q] = n;
          // An overcast run's cloudy blocks are its valid ones: two lookups.
          if (value === 1 && end >= first) cloudy += validBefore[validRow + end + 1] - validBefore[validRow + first];
        }
        for (; i <= last; i++) amount[row + i] = value;
        continue;
      }
      for (; i <= last; i++) {
        const u = (gi + i - i0) / COARSE_NODE_CELLS;
        const fu = u - a;
        const k = b * nx + a;
        const cTop = coarse[k] + (coarse[k + 1] - coarse[k]) * fu;
        const cField = cTop + (coarse[k + nx] + (coarse[k + nx + 1] - coarse[k + nx]) * fu - cTop) * fv;
        const tTop = target[k] + (target[k + 1] - target[k]) * fu;
        const tField = tTop + (target[k + nx] + (target[k + nx + 1] - target[k + nx]) * fu - tTop) * fv;
        const uf = (gi + i - i0) / FINE_NODE_CELLS;
        const af = Math.floor(uf);
        const fuf = uf - af;
        const kf = bf * fnx + af;
        const fTop = fine[kf] + (fine[kf + 1] - fine[kf]) * fuf;
        const fField = fTop + (fine[kf + fnx] + (fine[kf + fnx + 1] - fine[kf + fnx]) * fuf - fTop) * fvf;
        // Stored as float32: the count is of the stored amount, as every reader of the field sees it.
        const stored = (amount[row + i] = cellAmount(cField, fField, tField));
        if (counted && i >= 0 && i < cellsAcross) {
          const n = Math.round(Math.fround(stored) * BLOCKS_PER_CELL);
          const c = countRow + i;
          count[c] = n;
          const validBlocks = valid[c];
          if (validBlocks === BLOCKS_PER_CELL) cloudy += n;
          else if (n === BLOCKS_PER_CELL) cloudy += validBlocks;
          else if (n > 0 && validBlocks > 0) edgeCells[edges++] = c;
        }
      }
    }
  }
  if (cells) {
    // Counts of the window's cells, as a whole build gives them; no percent (it needs every cell).
    count.fill(0, 0, cellsAcross * cellsDown);
    for (let j = Math.max(0, cells.y0); j <= Math.min(cellsDown - 1, cells.y1); j++) {
      const b = Math.floor((gj + j - j0) / COARSE_NODE_CELLS);
      for (let i = Math.max(0, cells.x0); i <= Math.min(cellsAcross - 1, cells.x1); i++) {
        const state = groups[b * nx + Math.floor((gi + i - i0) / COARSE_NODE_CELLS)];
        count[j * cellsAcross + i] = state === GROUP_MIXED ? Math.round(amount[(j + 1) * stride + (i + 1)] * BLOCKS_PER_CELL) : state === GROUP_OVERCAST ? BLOCKS_PER_CELL : 0;
      }
    }
    clouds.cells = { ...cells };
    clouds.cloudPercent = NaN;
    return clouds;
  }
  // Partly cloudy cells at the footprint's edge, once every amount is known (their cloud blocks follow
  // the amounts' gradient): their cloudy blocks that are valid, block by block.
  for (let e = 0; e < edges; e++) {
    const k = edgeCells[e];
    const flags = partial.get(k)!;
    const at = cellCloudBits(clouds, k);
    const words = cloudWords(clouds);
    for (let q = 0; q < BLOCKS_PER_CELL; q++) if (flags[q] && cloudBit(words, at, q)) cloudy++;
  }
  clouds.cloudPercent = total === 0 ? 0 : (100 * cloudy) / total;
  return clouds;
}

/**
 * A SceneClouds object, made here only, with every field present (`cells` and `blockLattice` undefined
 * until set): a build, and a field another thread built and posted (adoptSceneClouds, demoScenes.ts:
 * postMessage's copy has a hidden class of its own), then share one hidden class in V8, and setting
 * `cells` or `blockLattice` later adds no property. The synthesis code that reads clouds was otherwise
 * compiled for one kind and thrown away on meeting the other ("wrong map"), once per thread, in the
 * first 40-year request after a start (docs/performance.md, twelfth round).
 */
export function sceneCloudsRecord(c: SceneClouds): SceneClouds {
  return {
    seed: c.seed,
    blockX0: c.blockX0,
    blockY0: c.blockY0,
    cellsAcross: c.cellsAcross,
    cellsDown: c.cellsDown,
    amount: c.amount,
    count: c.count,
    cellBits: c.cellBits,
    cellKnown: c.cellKnown,
    shadowDx: c.shadowDx,
    shadowDy: c.shadowDy,
    cloudPercent: c.cloudPercent,
    cells: c.cells,
    blockLattice: c.blockLattice,
  };
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

/** Smooth value noise on the zone's block lattice (x, y in blocks, fractional), 0..1. */
function blockNoise(seed: number, x: number, y: number): number {
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

/**
 * The texture of the cloud tops (0..1) at a point given in blocks of the grid (fractional): billows
 * about 6 km and 1.4 km across, fixed to the zone's lattice and the day like the clouds themselves,
 * so overlapping scenes of one path see the same cloud. `fine` 0 leaves out the small billows where
 * a pixel is larger than they are (overviews), which would alias into static.
 */
export function cloudTopTexture(clouds: SceneClouds, bx: number, by: number, fine: number): number {
  const x = clouds.blockX0 + bx;
  const y = clouds.blockY0 + by;
  const broad = blockNoise(clouds.seed ^ 0x7a, x / 25, y / 25);
  return fine === 0 ? broad : (1 - 0.35 * fine) * broad + 0.35 * fine * blockNoise(clouds.seed ^ 0x7b, x / 6, y / 6);
}
