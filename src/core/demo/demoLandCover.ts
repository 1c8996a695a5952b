/**
 * Plausible land cover anywhere on Earth for the synthetic archive: land and water from Natural
 * Earth (landMask.ts), the biome from latitude and a few hand-drawn dry regions (the big deserts and
 * steppes), detail from seeded noise on the ground (so overlapping path/rows show the same ground).
 * It only needs to look like a Landsat scene of such a place, not to map it.
 */
import { BLOCK_PX, TILE_PX, blockValid, type DemoSceneGrid } from './demoSceneGrid.js';
import { landFraction } from '../geo/landMask.js';
import { mixHash } from './seededRandom.js';

export const Cover = {
  water: 0,
  rainforest: 1,
  deciduous: 2,
  conifer: 3,
  grass: 4,
  crops: 5,
  sand: 6,
  rock: 7,
  tundra: 8,
  ice: 9,
  fill: 255,
} as const;

export interface LandCoverTile {
  /** Cover class per pixel of the tile (TILE_PX x TILE_PX, row-major). */
  cls: Uint8Array;
  /** Texture 0..255 (128 = average), from ground noise. */
  tex: Uint8Array;
  /** Per-pixel order 0..255: snow covers pixels below the scene's snow fraction, fields get their own sowing date. */
  aux: Uint8Array;
  /** Full-resolution block coordinates of each pixel (for clouds), and the tile's centre latitude. */
  blockX: Int32Array;
  blockY: Int32Array;
  centerLat: number;
}

/** Dry regions [minLon, minLat, maxLon, maxLat, dryness]: deserts (> 0.55 is desert) and steppes. */
const DRY_REGIONS: ReadonlyArray<readonly [number, number, number, number, number]> = [
  [-17, 15, 33, 32, 1], // Sahara
  [33, 13, 60, 32, 0.95], // Arabia
  [44, 24, 72, 38, 0.75], // Iran, Afghanistan, Pakistan
  [68, 23, 76, 30, 0.7], // Thar
  [50, 36, 80, 48, 0.6], // Central Asian deserts
  [76, 36, 118, 47, 0.8], // Taklamakan and Gobi
  [114, -32, 146, -19, 0.85], // Australian interior
  [-118, 24, -103, 37, 0.7], // Sonoran, Mojave, Chihuahuan
  [-72, -28, -69, -15, 0.9], // Atacama
  [11, -29, 24, -18, 0.75], // Namib and Kalahari
  [-72, -50, -65, -38, 0.5], // Patagonian steppe
  [-110, 38, -97, 50, 0.4], // Great Plains
  [28, 44, 60, 52, 0.4], // Pontic-Caspian steppe
  [-17, 9, 40, 15, 0.45], // Sahel
  [33, -9, 42, 5, 0.4], // East African savanna
];

export function dryness(lon: number, lat: number): number {
  let d = 0;
  for (const [w, s, e, n, v] of DRY_REGIONS) {
    // Soft edges, 3 degrees wide.
    const inside = Math.min(lon - w, e - lon, lat - s, n - lat);
    if (inside > -3) d = Math.max(d, v * Math.min(1, (inside + 3) / 6));
  }
  return d;
}

/**
 * Seeded 3-D value noise at Earth-centred coordinates (km), smoothstep-trilinear. Three dimensions
 * because any 2-D map of the sphere tears or shears somewhere; this way the same ground gets the same
 * noise in every scene, path/row and UTM zone.
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

const EARTH_RADIUS_KM = 6371;
const GRID_STEPS = 8;

/**
 * Land cover of one tile of one overview level (factor 1 = full resolution) of a path/row grid.
 * Each output pixel takes the cover at the centre of the full-resolution pixels it stands for.
 */
export function createLandCoverTile(grid: DemoSceneGrid, factor: number, tileX: number, tileY: number): LandCoverTile {
  const n = TILE_PX;
  const cls = new Uint8Array(n * n);
  const tex = new Uint8Array(n * n);
  const aux = new Uint8Array(n * n);
  const blockX = new Int32Array(n);
  const blockY = new Int32Array(n);
  // Full-resolution pixel (centre) of output column c: (tileX * n + c) * factor + factor / 2.
  const fullX = (c: number) => (tileX * n + c) * factor + factor / 2;
  const fullY = (r: number) => (tileY * n + r) * factor + factor / 2;
  for (let c = 0; c < n; c++) blockX[c] = Math.floor(fullX(c) / BLOCK_PX);
  for (let r = 0; r < n; r++) blockY[r] = Math.floor(fullY(r) / BLOCK_PX);
  // Geographic coordinates on a 9 x 9 lattice over the tile, bilinear between: UTM to lon/lat is smooth.
  const lattice: Array<[number, number]> = [];
  // Earth-centred coordinates (km) at the lattice points, interpolated per pixel (over a tile the chord
  // and the arc differ by centimetres).
  const groundLattice: Array<[number, number, number]> = [];
  const dryLattice: number[] = [];
  const step = n / GRID_STEPS;
  let lon0: number | null = null;
  for (let j = 0; j <= GRID_STEPS; j++) {
    for (let i = 0; i <= GRID_STEPS; i++) {
      const [lon, lat] = grid.toLngLat(grid.cornerX + fullX(i * step) * 30, grid.cornerY - fullY(j * step) * 30);
      // Keep longitudes continuous across the antimeridian within the tile.
      const unwrapped: number = lon0 === null ? lon : lon + 360 * Math.round((lon0 - lon) / 360);
      lon0 ??= lon;
      lattice.push([unwrapped, lat]);
      const phi = (lat * Math.PI) / 180;
      const lambda = (unwrapped * Math.PI) / 180;
      groundLattice.push([EARTH_RADIUS_KM * Math.cos(phi) * Math.cos(lambda), EARTH_RADIUS_KM * Math.cos(phi) * Math.sin(lambda), EARTH_RADIUS_KM * Math.sin(phi)]);
      // Dryness varies over hundreds of km: the lattice suffices, pixels interpolate.
      dryLattice.push(dryness(unwrapped, lat));
    }
  }
  const centre = lattice[(GRID_STEPS / 2) * (GRID_STEPS + 1) + GRID_STEPS / 2];
  const greenland = (lon: number, lat: number) => lat > 59.5 && lon > -74 && lon < -11 && !(lon > -25 && lat < 66.5);
  for (let r = 0; r < n; r++) {
    const gy = r / step;
    const j0 = Math.min(GRID_STEPS - 1, Math.floor(gy));
    const fy = gy - j0;
    for (let c = 0; c < n; c++) {
      const k = r * n + c;
      if (!blockValid(grid, blockX[c], blockY[r])) {
        cls[k] = Cover.fill;
        continue;
      }
      const gx = c / step;
      const i0 = Math.min(GRID_STEPS - 1, Math.floor(gx));
      const fx = gx - i0;
      const k00 = j0 * (GRID_STEPS + 1) + i0;
      const p00 = lattice[k00];
      const p10 = lattice[j0 * (GRID_STEPS + 1) + i0 + 1];
      const p01 = lattice[(j0 + 1) * (GRID_STEPS + 1) + i0];
      const p11 = lattice[(j0 + 1) * (GRID_STEPS + 1) + i0 + 1];
      const lon = (p00[0] * (1 - fx) + p10[0] * fx) * (1 - fy) + (p01[0] * (1 - fx) + p11[0] * fx) * fy;
      const lat = (p00[1] * (1 - fx) + p10[1] * fx) * (1 - fy) + (p01[1] * (1 - fx) + p11[1] * fx) * fy;
      const g00 = groundLattice[k00];
      const g10 = groundLattice[k00 + 1];
      const g01 = groundLattice[k00 + GRID_STEPS + 1];
      const g11 = groundLattice[k00 + GRID_STEPS + 2];
      const w00 = (1 - fx) * (1 - fy);
      const w10 = fx * (1 - fy);
      const w01 = (1 - fx) * fy;
      const w11 = fx * fy;
      const xKm = g00[0] * w00 + g10[0] * w10 + g01[0] * w01 + g11[0] * w11;
      const yKm = g00[1] * w00 + g10[1] * w10 + g01[1] * w01 + g11[1] * w11;
      const zKm = g00[2] * w00 + g10[2] * w10 + g01[2] * w01 + g11[2] * w11;
      const fine = mixHash(Math.round(xKm * 33.3), Math.round(yKm * 33.3), Math.round(zKm * 33.3)) / 4294967296;
      const detail = groundNoise(3, xKm / 0.6, yKm / 0.6, zKm / 0.6);
      const medium = groundNoise(5, xKm / 4, yKm / 4, zKm / 4);
      const broad = groundNoise(7, xKm / 25, yKm / 25, zKm / 25);
      tex[k] = Math.round(255 * (0.45 * fine + 0.35 * detail + 0.2 * medium));
      aux[k] = Math.round(255 * (0.5 * medium + 0.3 * detail + 0.2 * fine));
      // Coastlines: the 430 m land fraction, pushed around by noise into a ragged 30 m shore.
      const land = landFraction(lon, lat) + (detail - 0.5) * 0.45 + (medium - 0.5) * 0.35;
      if (land < 0.5) {
        cls[k] = Cover.water;
        continue;
      }
      const alat = Math.abs(lat);
      const dryHere = (dryLattice[k00] * (1 - fx) + dryLattice[k00 + 1] * fx) * (1 - fy) + (dryLattice[k00 + GRID_STEPS + 1] * (1 - fx) + dryLattice[k00 + GRID_STEPS + 2] * fx) * fy;
      const dry = dryHere + (broad - 0.5) * 0.3;
      const lake = medium * 0.7 + detail * 0.3;
      // Class boundaries follow the 4 km field, made ragged by the 600 m one.
      const m = medium + (detail - 0.5) * 0.25;
      let cover: number;
      if (lat < -60) cover = m > 0.78 && alat < 80 ? Cover.rock : Cover.ice;
      else if (greenland(lon, lat)) cover = broad > 0.4 || lat > 76 ? Cover.ice : m > 0.55 ? Cover.rock : Cover.tundra;
      else if (alat >= 75) cover = broad > 0.45 ? Cover.ice : Cover.tundra;
      else if (alat >= 64) cover = lake > 0.7 ? Cover.water : m > 0.72 ? Cover.rock : Cover.tundra;
      else if (alat >= 52 && dry < 0.35) cover = lake > 0.7 ? Cover.water : broad < 0.25 ? Cover.tundra : m > 0.62 ? Cover.deciduous : Cover.conifer;
      else if (dry > 0.55) cover = m + 0.3 * (broad - 0.5) > 0.5 ? Cover.sand : Cover.rock;
      else if (dry > 0.3) cover = m > 0.7 ? Cover.crops : Cover.grass;
      else if (alat < 10) cover = m > 0.8 ? Cover.crops : lake > 0.83 ? Cover.water : Cover.rainforest;
      else if (alat < 23) cover = m > 0.6 ? Cover.rainforest : m > 0.45 ? Cover.crops : Cover.grass;
      else if (alat < 42) cover = m > 0.6 ? Cover.crops : m > 0.35 ? Cover.deciduous : broad > 0.5 ? Cover.grass : Cover.conifer;
      else cover = lake > 0.74 ? Cover.water : m > 0.62 ? Cover.crops : m > 0.32 ? Cover.deciduous : Cover.conifer;
      cls[k] = cover;
      if (cover === Cover.crops) {
        // Fields of ~600 x 450 m, each sown on its own day.
        aux[k] = mixHash(Math.floor(xKm / 0.6), Math.floor(yKm / 0.6), Math.floor(zKm / 0.6)) & 255;
      }
    }
  }
  return { cls, tex, aux, blockX, blockY, centerLat: centre[1] };
}
