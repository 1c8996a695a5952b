/**
 * Plausible land cover anywhere on Earth for the synthetic archive, as a function of GROUND POSITION
 * only (never of the scene), so overlapping scenes show the same landscape:
 *
 * - land and water from Natural Earth (landMask.ts), its 430 m shore made ragged by noise;
 * - climate from latitude, hand-drawn anomalies and the elevation proxy (demoClimate.ts,
 *   demoRelief.ts): ice and tundra where summers are cold (high latitudes, above the tree line),
 *   boreal forest and lakes, temperate farmland with woods, savanna, rainforest, and deserts in a
 *   few hand-drawn dry regions;
 * - the structure of a landscape: fields on a ground-fixed parcel grid (aligned to meridians and
 *   parallels, as surveys lay them out), woods and lakes from fractal noise, meandering rivers
 *   (contour lines of a smooth noise field) with green banks, towns, ridges and valleys with hill
 *   shading in the mountains.
 *
 * Detail smaller than an overview's pixel is left out there (no per-pixel hash at 1/4 resolution),
 * so a whole-scene image shows a landscape rather than aliasing noise.
 */
import { BLOCK_PX, TILE_PX, blockValid, type DemoSceneGrid } from './demoSceneGrid.js';
import { landFraction } from '../geo/landMask.js';
import { LAPSE_C_PER_KM, climateNormals } from './demoClimate.js';
import { cellHash, earthKm, noiseKm, type NoisePoints } from './demoGroundNoise.js';
import { rangeCrestKm } from './demoRelief.js';
import { mixHash } from './seededRandom.js';
import { METROS_KM, dryness, shieldness } from './demoGeography.js';

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
  urban: 10,
  fill: 255,
} as const;

/** Lattice over a tile: (GRID_STEPS + 1)^2 points, bilinear between (UTM to lon/lat is smooth over a tile). */
export const GRID_STEPS = 8;
const LATTICE_N = (GRID_STEPS + 1) * (GRID_STEPS + 1);
/** Elevation is stored per pixel in steps of this many km. */
export const ELEVATION_STEP_KM = 0.025;

export interface LandCoverTile {
  /** Cover class per pixel of the tile (TILE_PX x TILE_PX, row-major). */
  cls: Uint8Array;
  /** Texture 0..255 (128 = average), from ground noise. */
  tex: Uint8Array;
  /** Per-pixel order 0..255: snow patchiness, a field's crop and sowing date, a town's greenery. */
  aux: Uint8Array;
  /** Elevation proxy, ELEVATION_STEP_KM units. */
  elev: Uint8Array;
  /** Hill shading factor x 128 (128 = flat ground). */
  shade: Uint8Array;
  /** Full-resolution block coordinates of each pixel (for clouds), and the tile's centre latitude. */
  blockX: Int32Array;
  blockY: Int32Array;
  /** The same, fractional (pixel centres in blocks): for what varies smoothly across a block. */
  blockXf: Float64Array;
  blockYf: Float64Array;
  centerLat: number;
  /** Per lattice point: latitude, Earth-centred km (x, y, z), sea-level winter and summer mean (C). */
  latticeLat: Float64Array;
  latticeKm: Float64Array;
  /** The lattice as the weather noise sees it (demoClimate.weatherNoisePoints), made on the first scene synthesized here. */
  weatherPoints?: NoisePoints;
  latticeWinterC: Float64Array;
  latticeSummerC: Float64Array;
  /** What classifying further pixels needs (createLandCoverTile fills pixels on demand). */
  lazy: LazyCover;
}

interface LazyCover {
  grid: DemoSceneGrid;
  factor: number;
  lattice: Record<'lon' | 'lat' | 'km' | 'winterC' | 'summerC' | 'dry' | 'crest' | 'zone' | 'river' | 'shield' | 'warpU' | 'warpV', Float64Array>;
  anyCrest: boolean;
  /** Metropolitan areas reaching into the tile (Earth-centred km). */
  metros: ReadonlyArray<{ x: number; y: number; z: number; radiusKm: number }>;
  /** Exact elevation (km) for hill shading, only in tiles that reach a mountain range. */
  elevKm: Float32Array | null;
  /** Per pixel: 0 not computed, 1 classified, 2 classified and shaded. */
  state: Uint8Array;
  /** The last town cell looked up (pixels in a row mostly share it). */
  town: { x: number; y: number; z: number; at: { x: number; y: number; z: number; r2: number } | null };
}

/** Half-width of a river in units of its noise field (about 30-90 m on the ground). */
const RIVER_HALF_WIDTH = 0.0015;
/** Field parcels: 450 m on a side, on a grid of meridians and parallels. */
const PARCEL_KM = 0.45;
const KM_PER_DEG = 111.32;
const COS_BY_DEGREE = Float64Array.from({ length: 181 }, (_, i) => Math.cos(((i - 90 + 0.5) * Math.PI) / 180));

const greenland = (lon: number, lat: number) => lat > 59.5 && lon > -74 && lon < -11 && !(lon > -25 && lat < 66.5);

/**
 * Land cover of one tile of one overview level (factor 1 = full resolution) of a path/row grid,
 * computed pixel by pixel on demand (`ensureLandCover`): a point read classifies a few pixels, not the
 * tile's 16,384. Each output pixel describes the ground at the centre of the full-resolution pixels it
 * stands for; a pixel comes out the same whichever pixels were asked before it.
 */
export function createLandCoverTile(grid: DemoSceneGrid, factor: number, tileX: number, tileY: number): LandCoverTile {
  const n = TILE_PX;
  const blockX = new Int32Array(n);
  const blockY = new Int32Array(n);
  const fullX = (c: number) => (tileX * n + c) * factor + factor / 2;
  const fullY = (r: number) => (tileY * n + r) * factor + factor / 2;
  const blockXf = new Float64Array(n);
  const blockYf = new Float64Array(n);
  for (let c = 0; c < n; c++) blockX[c] = Math.floor((blockXf[c] = fullX(c) / BLOCK_PX));
  for (let r = 0; r < n; r++) blockY[r] = Math.floor((blockYf[r] = fullY(r) / BLOCK_PX));

  // Everything that varies over kilometres or more is computed on the lattice and interpolated.
  const L = {
    lon: new Float64Array(LATTICE_N),
    lat: new Float64Array(LATTICE_N),
    km: new Float64Array(LATTICE_N * 3),
    winterC: new Float64Array(LATTICE_N),
    summerC: new Float64Array(LATTICE_N),
    dry: new Float64Array(LATTICE_N),
    crest: new Float64Array(LATTICE_N),
    zone: new Float64Array(LATTICE_N),
    river: new Float64Array(LATTICE_N),
    shield: new Float64Array(LATTICE_N),
    // Warps of the parcel grid (fields are not perfectly straight outside the Americas).
    warpU: new Float64Array(LATTICE_N),
    warpV: new Float64Array(LATTICE_N),
  };
  const step = n / GRID_STEPS;
  let lon0: number | null = null;
  let anyCrest = false;
  for (let j = 0, k = 0; j <= GRID_STEPS; j++) {
    for (let i = 0; i <= GRID_STEPS; i++, k++) {
      const [lon, lat] = grid.toLngLat(grid.cornerX + fullX(i * step) * 30, grid.cornerY - fullY(j * step) * 30);
      // Keep longitudes continuous across the antimeridian within the tile.
      const unwrapped: number = lon0 === null ? lon : lon + 360 * Math.round((lon0 - lon) / 360);
      lon0 ??= lon;
      L.lon[k] = unwrapped;
      L.lat[k] = lat;
      earthKm(unwrapped, lat, L.km, 3 * k);
      const x = L.km[3 * k];
      const y = L.km[3 * k + 1];
      const z = L.km[3 * k + 2];
      const normals = climateNormals(unwrapped, lat);
      L.winterC[k] = normals.winterC;
      L.summerC[k] = normals.summerC;
      L.dry[k] = dryness(unwrapped, lat) + (noiseKm(7, x, y, z, 60) - 0.5) * 0.3;
      L.crest[k] = rangeCrestKm(unwrapped, lat);
      L.shield[k] = shieldness(unwrapped, lat);
      if (L.crest[k] > 0) anyCrest = true;
      // Land-use zones (farmland or woods) about 15 km across.
      L.zone[k] = 0.75 * noiseKm(11, x, y, z, 15) + 0.25 * noiseKm(12, x, y, z, 5);
      // Rivers: contour lines of a smooth field, meandering at two scales.
      L.river[k] = 0.8 * noiseKm(13, x, y, z, 30) + 0.2 * noiseKm(14, x, y, z, 7);
      L.warpU[k] = noiseKm(15, x, y, z, 4) - 0.5;
      L.warpV[k] = noiseKm(16, x, y, z, 4) - 0.5;
    }
  }
  // Metropolitan areas near enough to reach into the tile (its lattice spans at most a few dozen km).
  const mid = 3 * ((GRID_STEPS / 2) * (GRID_STEPS + 1) + GRID_STEPS / 2);
  const reachKm = Math.hypot(L.km[0] - L.km[3 * (LATTICE_N - 1)], L.km[1] - L.km[3 * (LATTICE_N - 1) + 1], L.km[2] - L.km[3 * (LATTICE_N - 1) + 2]) / 2;
  const metros = METROS_KM.filter((m) => Math.hypot(m.x - L.km[mid], m.y - L.km[mid + 1], m.z - L.km[mid + 2]) < 1.3 * m.radiusKm + reachKm);
  return {
    cls: new Uint8Array(n * n),
    tex: new Uint8Array(n * n),
    aux: new Uint8Array(n * n),
    elev: new Uint8Array(n * n),
    shade: new Uint8Array(n * n).fill(128),
    blockX,
    blockY,
    blockXf,
    blockYf,
    centerLat: L.lat[(GRID_STEPS / 2) * (GRID_STEPS + 1) + GRID_STEPS / 2],
    latticeLat: L.lat,
    latticeKm: L.km,
    latticeWinterC: L.winterC,
    latticeSummerC: L.summerC,
    // Present from the start (demoTileSynth.ts fills it on the first scene): a property added later gave
    // tiles two hidden classes, and the synthesis compiled for one was thrown away on meeting the other.
    weatherPoints: undefined,
    lazy: { grid, factor, lattice: L, anyCrest, metros, elevKm: anyCrest ? new Float32Array(n * n) : null, state: new Uint8Array(n * n), town: { x: NaN, y: NaN, z: NaN, at: null } },
  };
}

const UNKNOWN = 0;
const CLASSIFIED = 1;
const SHADED = 2;

/** Classifies (and in mountains shades) the pixels `rows` x `cols` of the tile that are not yet. */
export function ensureLandCover(tile: LandCoverTile, rows: ArrayLike<number>, cols: ArrayLike<number>): void {
  const n = TILE_PX;
  const { state, anyCrest } = tile.lazy;
  for (let a = 0; a < rows.length; a++) {
    for (let b = 0; b < cols.length; b++) if (state[rows[a] * n + cols[b]] === UNKNOWN) classifyPixel(tile, rows[a], cols[b]);
  }
  if (!anyCrest) return;
  // Hill shading looks at the right and lower neighbours (left and upper ones at the tile's edge).
  for (let a = 0; a < rows.length; a++) {
    const r = rows[a];
    for (let b = 0; b < cols.length; b++) {
      const c = cols[b];
      const p = r * n + c;
      if (state[p] === SHADED) continue;
      if (c + 1 < n && state[p + 1] === UNKNOWN) classifyPixel(tile, r, c + 1);
      if (c > 0 && state[p - 1] === UNKNOWN) classifyPixel(tile, r, c - 1);
      if (r + 1 < n && state[p + n] === UNKNOWN) classifyPixel(tile, r + 1, c);
      if (r > 0 && state[p - n] === UNKNOWN) classifyPixel(tile, r - 1, c);
      shadePixel(tile, r, c);
      state[p] = SHADED;
    }
  }
}

/** Class, texture, order and elevation of one pixel. */
function classifyPixel(tile: LandCoverTile, r: number, c: number): void {
  const n = TILE_PX;
  const { grid, factor, lattice: L, anyCrest, elevKm, state, town: towns } = tile.lazy;
  const { cls, tex, aux, elev, blockX, blockY } = tile;
  const p = r * n + c;
  state[p] = CLASSIFIED;
  if (!blockValid(grid, blockX[c], blockY[r])) {
    cls[p] = Cover.fill;
    return;
  }
  const pixelKm = 0.03 * factor;
  const step = n / GRID_STEPS;
  const gy = r / step;
  const j0 = Math.min(GRID_STEPS - 1, Math.floor(gy));
  const fy = gy - j0;
  const gx = c / step;
  const i0 = Math.min(GRID_STEPS - 1, Math.floor(gx));
  const fx = gx - i0;
  const k = j0 * (GRID_STEPS + 1) + i0;
  const w00 = (1 - fx) * (1 - fy);
  const w10 = fx * (1 - fy);
  const w01 = (1 - fx) * fy;
  const w11 = fx * fy;
  const k1 = k + 1;
  const k2 = k + GRID_STEPS + 1;
  const k3 = k2 + 1;
  const lon = bilinear(L.lon, k, k1, k2, k3, w00, w10, w01, w11);
  const lat = bilinear(L.lat, k, k1, k2, k3, w00, w10, w01, w11);
  const km = L.km;
  const xKm = km[3 * k] * w00 + km[3 * k1] * w10 + km[3 * k2] * w01 + km[3 * k3] * w11;
  const yKm = km[3 * k + 1] * w00 + km[3 * k1 + 1] * w10 + km[3 * k2 + 1] * w01 + km[3 * k3 + 1] * w11;
  const zKm = km[3 * k + 2] * w00 + km[3 * k1 + 2] * w10 + km[3 * k2 + 2] * w01 + km[3 * k3 + 2] * w11;
  const medium = noiseKm(5, xKm, yKm, zKm, 3);
  const detail = noiseKm(3, xKm, yKm, zKm, 0.7);
  // Per-30 m grain only where a pixel is that small; at overviews it would alias into static.
  const fine = factor <= 2 ? mixHash(Math.round(xKm * 33.3), Math.round(yKm * 33.3), Math.round(zKm * 33.3)) / 4294967296 : 0.5;
  const grain = factor <= 2 ? 0.3 : 0;
  tex[p] = Math.round(255 * ((0.5 - grain / 2) + grain * fine + 0.35 * (detail - 0.5) + 0.25 * (medium - 0.5)));
  aux[p] = Math.round(255 * (0.55 * medium + 0.35 * detail + 0.1 * fine));

  // Elevation: hills everywhere, ridges and valleys carved by ridged noise inside the ranges.
  const zone = bilinear(L.zone, k, k1, k2, k3, w00, w10, w01, w11);
  let e = 0.15 * zone;
  const crest = anyCrest ? bilinear(L.crest, k, k1, k2, k3, w00, w10, w01, w11) : 0;
  if (crest > 0.01) {
    // Ridged noise, its domain warped by the medium field so ridges run on rather than ring.
    const wx = (medium - 0.5) * 8;
    const r1 = 1 - Math.abs(2 * noiseKm(21, xKm + wx, yKm - wx, zKm + wx, 9) - 1);
    const r2 = 1 - Math.abs(2 * noiseKm(22, xKm - wx, yKm + wx, zKm, 2.5) - 1);
    // Plus the 700 m detail field: rough slopes rather than smooth folds.
    e += crest * (0.2 + 0.7 * (0.65 * r1 * r1 + 0.35 * r2) + 0.1 * detail);
  }
  if (elevKm) elevKm[p] = e;
  elev[p] = Math.min(255, Math.round(e / ELEVATION_STEP_KM));

  // Coastlines: the 430 m land fraction, pushed around by noise into a ragged 30 m shore.
  const landF = landFraction(lon, lat);
  const land = landF + (detail - 0.5) * 0.45 + (medium - 0.5) * 0.35;
  if (land < 0.5) {
    cls[p] = Cover.water;
    // Near the shore the water is shallow or muddy.
    aux[p] = Math.round(255 * Math.min(1, Math.max(0, land) * 2));
    return;
  }
  const winterC = bilinear(L.winterC, k, k1, k2, k3, w00, w10, w01, w11) - LAPSE_C_PER_KM * e;
  const summerC = bilinear(L.summerC, k, k1, k2, k3, w00, w10, w01, w11) - LAPSE_C_PER_KM * e;
  const shield = bilinear(L.shield, k, k1, k2, k3, w00, w10, w01, w11);
  const dry = bilinear(L.dry, k, k1, k2, k3, w00, w10, w01, w11);
  const m = medium + (detail - 0.5) * 0.25;
  const lake = medium * 0.7 + detail * 0.3;
  const riverDist = Math.abs(bilinear(L.river, k, k1, k2, k3, w00, w10, w01, w11) - 0.5);
  const humid = dry < 0.5 && summerC > 6 && crest < 1.2;
  let cover: number;
  if (lat < -60) cover = m > 0.78 && lat > -80 ? Cover.rock : Cover.ice;
  else if (greenland(lon, lat)) cover = zone > 0.4 || lat > 76 ? Cover.ice : m > 0.55 ? Cover.rock : Cover.tundra;
  else if (summerC < 1) cover = m > 0.7 ? Cover.rock : Cover.ice;
  else if (summerC < 9) cover = crest > 0.3 && m > 0.55 ? Cover.rock : lake > 0.72 && crest < 0.1 ? Cover.water : m > 0.75 ? Cover.rock : Cover.tundra;
  else if (humid && riverDist < RIVER_HALF_WIDTH * (0.7 + 0.6 * detail)) {
    cover = Cover.water;
    aux[p] = 150;
  }
  else if (dry > 0.55) cover = m + 0.3 * (zone - 0.5) > 0.5 && crest < 0.3 ? Cover.sand : Cover.rock;
  else if (winterC > 17) {
    // Tropics: savanna where dry, rainforest where wet, farmland and clearings in zones.
    if (dry > 0.3) cover = zone > 0.62 ? Cover.crops : m > 0.68 ? Cover.deciduous : Cover.grass;
    else cover = zone > 0.66 ? (m > 0.55 ? Cover.grass : Cover.crops) : lake > 0.84 ? Cover.water : Cover.rainforest;
  } else if (dry > 0.3) cover = zone + (m - 0.5) * 0.3 > 0.5 ? Cover.crops : Cover.grass;
  else if (winterC < -12 && summerC < 19) {
    // Boreal: conifers, birch stands, lakes, bogs.
    cover = lake > 0.71 - 0.07 * shield ? Cover.water : zone < 0.28 ? Cover.tundra : m > 0.64 ? Cover.deciduous : Cover.conifer;
  } else {
    // Temperate: farmland in the open zones and the valleys, woods on the hills and in the mountains.
    const farm = zone + (m - 0.5) * 0.5 - 0.6 * Math.max(0, e - 0.35) + (riverDist < 0.03 ? 0.12 : 0) - 0.3 * shield;
    if (lake > 0.8 - 0.1 * shield) cover = Cover.water;
    else if (farm > 0.47) cover = Cover.crops;
    else cover = m + (winterC < -4 || e > 0.9 ? 0.25 : 0) > 0.6 ? Cover.conifer : Cover.deciduous;
  }
  // Lakes are clear and dark (rivers, aux 150, carry silt).
  if (cover === Cover.water && aux[p] !== 150) aux[p] = 30;
  // Green banks along rivers through open land.
  if (humid && riverDist < RIVER_HALF_WIDTH * 3 && (cover === Cover.crops || cover === Cover.grass)) cover = Cover.deciduous;
  if (cover !== Cover.water && cover !== Cover.ice && cover !== Cover.rock) {
    for (const metro of tile.lazy.metros) {
      const dx = xKm - metro.x;
      const dy = yKm - metro.y;
      const dz = zKm - metro.z;
      const q = (dx * dx + dy * dy + dz * dz) / (metro.radiusKm * metro.radiusKm) + (medium - 0.5) * 0.5 + (detail - 0.5) * 0.3;
      // The city: dense and grey at the centre, greener towards its edge; the odd park on the hills.
      if (q < 1 && !(medium > 0.74 && q > 0.25)) {
        const block = factor <= 4 ? (mixHash(Math.floor(xKm * 8), Math.floor(yKm * 8), Math.floor(zKm * 8)) & 63) / 63 : 0.5;
        cls[p] = Cover.urban;
        aux[p] = Math.round(255 * Math.min(1, Math.max(0, q * 0.7 + (block - 0.5) * 0.3)));
        return;
      }
    }
  }
  if (cover === Cover.crops || (cover === Cover.grass && dry <= 0.55)) {
    // Towns, about one per 18 km cell of farmland; their size from the cell's hashes (3-D cells cut
    // by the sphere give towns of every size up to ~4 km).
    const cx = Math.floor(xKm / 18);
    const cy = Math.floor(yKm / 18);
    const cz = Math.floor(zKm / 18);
    if (cx !== towns.x || cy !== towns.y || cz !== towns.z) {
      towns.x = cx;
      towns.y = cy;
      towns.z = cz;
      towns.at = null;
      if (cellHash(41, xKm, yKm, zKm, 18) < 0.55) {
        const h = mixHash(cx, cy, cz + 99991);
        const tr = 1.2 + 3 * ((h & 1023) / 1023);
        towns.at = { x: (cx + 0.25 + 0.5 * (((h >>> 10) & 255) / 255)) * 18, y: (cy + 0.25 + 0.5 * (((h >>> 18) & 255) / 255)) * 18, z: (cz + 0.5) * 18, r2: tr * tr };
      }
    }
    const town = towns.at;
    if (town) {
      const dx = xKm - town.x;
      const dy = yKm - town.y;
      const dz = zKm - town.z;
      const q = (dx * dx + dy * dy + dz * dz) / town.r2 + (detail - 0.5) * 0.6;
      if (q < 1) {
        cover = Cover.urban;
        // Dense centre, leafy edges; city blocks of ~120 m.
        const block = factor <= 4 ? (mixHash(Math.floor(xKm * 8), Math.floor(yKm * 8), Math.floor(zKm * 8)) & 63) / 63 : 0.5;
        aux[p] = Math.round(255 * Math.min(1, Math.max(0, q * 0.8 + (block - 0.5) * 0.4)));
      }
    }
  }
  if (cover === Cover.crops) {
    // The parcel grid: rows along parallels, columns along meridians (re-based every degree of
    // latitude, like survey correction lines); outside the Americas slightly warped.
    const band = Math.floor(lat);
    const warp = lon < -30 ? 0.05 : 0.45;
    const u = (lon * KM_PER_DEG * COS_BY_DEGREE[Math.min(180, Math.max(0, band + 90))]) / PARCEL_KM + bilinear(L.warpU, k, k1, k2, k3, w00, w10, w01, w11) * warp * 4;
    const v = (lat * KM_PER_DEG) / PARCEL_KM + bilinear(L.warpV, k, k1, k2, k3, w00, w10, w01, w11) * warp * 4;
    const iu = Math.floor(u);
    const iv = Math.floor(v);
    const h = mixHash(iu, iv, band);
    // Each parcel is one field, or halved along one axis.
    const split = h & 3;
    const su = split === 1 ? (u - iu < 0.5 ? 0 : 1) : 0;
    const sv = split === 2 ? (v - iv < 0.5 ? 0 : 1) : 0;
    const field = mixHash(2 * iu + su, 2 * iv + sv, band + 7);
    // Where a field is smaller than 2 pixels, fields blur into their average.
    const contrast = Math.min(1, Math.max(0, (PARCEL_KM / pixelKm - 1.5) / 2));
    // Neighbouring farms tend to grow alike (the medium noise), each field its own way.
    aux[p] = Math.round(255 * (0.5 + 0.35 * contrast * ((field & 255) / 255 - 0.5) + 0.65 * (medium - 0.5)));
    tex[p] = Math.round(128 + (((field >>> 8) & 255) - 128) * 0.35 * contrast + (tex[p] - 128) * 0.4);
  }
  cls[p] = cover;
}

/**
 * A lattice field at a pixel from its four corners' weights. A module-level function rather than a
 * closure made per pixel: tsx (esbuild's keepNames) names every closure it creates, and that closure a
 * pixel, with its garbage, was about a fifth of an overview tile's synthesis. Same sum, same order.
 */
function bilinear(v: Float64Array, k: number, k1: number, k2: number, k3: number, w00: number, w10: number, w01: number, w11: number): number {
  return v[k] * w00 + v[k1] * w10 + v[k2] * w01 + v[k3] * w11;
}

const SUN_E = Math.sin((135 * Math.PI) / 180) * Math.cos((40 * Math.PI) / 180);
const SUN_N = Math.cos((135 * Math.PI) / 180) * Math.cos((40 * Math.PI) / 180);
const SUN_UP = Math.sin((40 * Math.PI) / 180);

/** Hill shading of one classified pixel under a sun in the south-east, 40 degrees up (flat ground = 128). */
function shadePixel(tile: LandCoverTile, r: number, c: number): void {
  const n = TILE_PX;
  const { cls, shade } = tile;
  const elevKm = tile.lazy.elevKm!;
  const pixelM = 30 * tile.lazy.factor;
  const p = r * n + c;
  if (cls[p] === Cover.fill) return;
  // Fill neighbours have no elevation (0), as the tile's first version had it.
  const cx = c < n - 1 && cls[p + 1] !== Cover.fill ? p + 1 : p;
  const px = cx === p && c > 0 ? p - 1 : p;
  const ry = r < n - 1 && cls[p + n] !== Cover.fill ? p + n : p;
  const py = ry === p && r > 0 ? p - n : p;
  const dEast = cx === px ? 0 : ((elevKm[cx] - elevKm[px]) * 1000) / pixelM;
  const dNorth = ry === py ? 0 : (-(elevKm[ry] - elevKm[py]) * 1000) / pixelM;
  const dot = (-dEast * SUN_E - dNorth * SUN_N + SUN_UP) / Math.sqrt(dEast * dEast + dNorth * dNorth + 1);
  // Half the Lambertian contrast: the real atmosphere's diffuse light fills the shadows.
  shade[p] = Math.max(20, Math.min(255, Math.round(128 * (0.5 + (0.5 * dot) / SUN_UP))));
}
