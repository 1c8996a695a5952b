/**
 * Synthesizes the nine Level-2 bands of ONE tile of one synthetic scene, as DN (uint16, Collection 2
 * scale and offset; fill 0, QA fill 1). Everything derives from the scene id, the path/row grid and
 * the tile position, so the same tile always comes out byte-identical.
 */
import type { AssetKey } from '../bands/bandCatalog.js';
import { cloudAmountAt, cloudTopTexture, type SceneClouds } from './demoClouds.js';
import { fillCloudMap } from './demoCloudBlocks.js';
import { LAPSE_C_PER_KM, SNOW_MEMORY_DAYS, localDayOfYear, normalTemperatureC, seasonPhase, snowFractionAt, weatherAnomalyAtC, weatherNoisePoints } from './demoClimate.js';
import { dayNumber } from './demoGroundNoise.js';
import { applyDisturbance } from './demoDisturbances.js';
import { Cover, ELEVATION_STEP_KM, GRID_STEPS, type LandCoverTile } from './demoLandCover.js';
import { TILE_PX } from './demoSceneGrid.js';

/** Collection 2 Level-2 scale factors (https://www.usgs.gov/faqs/how-do-i-use-a-scale-factor-landsat-level-2-science-products). */
export const REFLECTANCE_SCALE = 0.0000275;
export const REFLECTANCE_OFFSET = -0.2;
export const KELVIN_SCALE = 0.00341802;
export const KELVIN_OFFSET = 149.0;

export const DEMO_ASSET_KEYS: readonly AssetKey[] = ['coastal', 'blue', 'green', 'red', 'nir08', 'swir16', 'swir22', 'lwir11', 'qa_pixel'];

/**
 * QA_PIXEL bits of Collection 2 (Landsat 8-9 Collection 2 Level-2 Science Product Guide, table 6-3:
 * https://www.usgs.gov/media/files/landsat-8-9-collection-2-level-2-science-product-guide).
 * Two-bit confidences: 1 low, 3 high.
 */
export const QA = { fill: 1, dilatedCloud: 2, cloud: 8, cloudShadow: 16, snow: 32, clear: 64, water: 128 } as const;
const CONF = { cloud: 8, shadow: 10, snow: 12, cirrus: 14 } as const;
const LOW = 1;
const HIGH = 3;
/** Every non-fill pixel of real scenes carries at least low confidences (e.g. 21824 = clear land). */
const QA_BASE = (LOW << CONF.cloud) | (LOW << CONF.shadow) | (LOW << CONF.snow) | (LOW << CONF.cirrus);

type Spectrum = readonly [number, number, number, number, number, number, number];
// Typical surface reflectance, bands coastal, blue, green, red, NIR, SWIR1, SWIR2 (USGS spectral library levels).
const WATER: Spectrum = [0.045, 0.04, 0.05, 0.03, 0.015, 0.008, 0.005];
const LEAF_ON: Spectrum = [0.02, 0.025, 0.055, 0.03, 0.38, 0.17, 0.07];
const LEAF_OFF: Spectrum = [0.04, 0.05, 0.07, 0.085, 0.2, 0.22, 0.14];
const RAINFOREST: Spectrum = [0.018, 0.022, 0.045, 0.025, 0.33, 0.15, 0.055];
const CONIFER: Spectrum = [0.02, 0.022, 0.04, 0.025, 0.23, 0.11, 0.045];
const CROP_GREEN: Spectrum = [0.02, 0.03, 0.075, 0.04, 0.44, 0.2, 0.09];
const GRASS_DRY: Spectrum = [0.06, 0.07, 0.1, 0.13, 0.24, 0.3, 0.22];
const SOIL: Spectrum = [0.06, 0.075, 0.1, 0.13, 0.21, 0.27, 0.22];
const SAND: Spectrum = [0.14, 0.17, 0.25, 0.33, 0.38, 0.45, 0.4];
const ROCK: Spectrum = [0.08, 0.09, 0.11, 0.13, 0.16, 0.2, 0.18];
const TUNDRA: Spectrum = [0.04, 0.045, 0.07, 0.07, 0.25, 0.2, 0.12];
// Snow: bright in the visible, dark in the SWIR (what NDSI exploits). Clouds: bright in the SWIR too.
const SNOW: Spectrum = [0.88, 0.87, 0.85, 0.82, 0.72, 0.12, 0.09];
// Clouds are white (flat across the visible), less bright in the SWIR.
const CLOUD: Spectrum = [0.62, 0.62, 0.62, 0.62, 0.65, 0.5, 0.36];
// Roofs, asphalt and concrete; muddy or shallow water near shores.
const URBAN: Spectrum = [0.075, 0.08, 0.095, 0.11, 0.17, 0.19, 0.17];
const TURBID: Spectrum = [0.07, 0.07, 0.1, 0.08, 0.04, 0.015, 0.01];

/** What one scene's tiles share: only its date and sun (everything else follows the ground). */
export interface SceneWeather {
  /** Days since 1970-01-01 (UTC): the time axis of the weather. */
  dayNumber: number;
  /** Day of the (northern) year, 1..366. */
  dayOfYear: number;
  /** sin(sun elevation): daytime heating of dry ground. */
  heating: number;
}

export function dayOfYear(date: Date): number {
  return Math.floor((date.getTime() - Date.UTC(date.getUTCFullYear(), 0, 1)) / 86_400_000) + 1;
}

const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);
const smooth = (a: number, b: number, v: number) => {
  const t = clamp01((v - a) / (b - a));
  return t * t * (3 - 2 * t);
};

/** The scene's date and sun. Its id no longer seeds anything: the same ground on the same day looks the same in every scene. */
export function createSceneWeather(datetime: Date, sunElevationDeg: number): SceneWeather {
  return {
    dayNumber: dayNumber(datetime),
    dayOfYear: dayOfYear(datetime),
    heating: Math.max(0, Math.sin((sunElevationDeg * Math.PI) / 180)),
  };
}

/** Sea-level temperature today and SNOW_MEMORY_DAYS ago (the snowpack's), at each lattice point of a tile. */
function latticeTemperatures(cover: LandCoverTile, w: SceneWeather): { nowC: Float64Array; snowC: Float64Array } {
  const count = cover.latticeLat.length;
  const nowC = new Float64Array(count);
  const snowC = new Float64Array(count);
  // The lattice's weather-noise coefficients depend on the place only: kept with the tile for every scene of its path/row.
  const points = (cover.weatherPoints ??= weatherNoisePoints(cover.latticeKm, count));
  for (let k = 0; k < count; k++) {
    const normals = { winterC: cover.latticeWinterC[k], summerC: cover.latticeSummerC[k] };
    const local = localDayOfYear(w.dayOfYear, cover.latticeLat[k]);
    nowC[k] = normalTemperatureC(normals, local) + weatherAnomalyAtC(points, k, w.dayNumber);
    snowC[k] = normalTemperatureC(normals, (local - SNOW_MEMORY_DAYS + 365) % 365) + weatherAnomalyAtC(points, k, w.dayNumber - SNOW_MEMORY_DAYS / 2);
  }
  return { nowC, snowC };
}

function reflectanceToDn(reflectance: number): number {
  const dn = Math.round((reflectance - REFLECTANCE_OFFSET) / REFLECTANCE_SCALE);
  return dn < 1 ? 1 : dn > 65535 ? 65535 : dn;
}

function kelvinToDn(kelvin: number): number {
  const dn = Math.round((kelvin - KELVIN_OFFSET) / KELVIN_SCALE);
  return dn < 1 ? 1 : dn > 65535 ? 65535 : dn;
}

/** What applyDisturbance reports besides the temperature change (one per thread, reused). */
const disturbed = { water: false };

const ALL_PIXELS = Int32Array.from({ length: TILE_PX }, (_, i) => i);

/** The cloud map of the tile being synthesized, reused (one tile at a time per thread): an overview tile's is ~67 KB, a young-generation collection every few tiles. */
let cloudMapScratch = new Uint8Array(0);

/**
 * The blocks (grid block indices, inclusive) whose cloud state synthesizeTile reads for pixels `rows` x
 * `cols` of the cover: the pixels' blocks, their neighbours and their shadows' casters. Their cells are
 * what a cloud build over a window needs (createSceneCloudsNear).
 */
export function cloudBlocksOf(cover: LandCoverTile, shadowDx: number, shadowDy: number, rows: ArrayLike<number>, cols: ArrayLike<number>): { bx0: number; bx1: number; by0: number; by1: number } {
  const bxFirst = cover.blockX[cols[0]];
  const bxLast = cover.blockX[cols[cols.length - 1]];
  const byFirst = cover.blockY[rows[0]];
  const byLast = cover.blockY[rows[rows.length - 1]];
  return {
    bx0: Math.min(bxFirst, bxFirst - shadowDx) - 1,
    bx1: Math.max(bxLast, bxLast - shadowDx) + 1,
    by0: Math.min(byFirst, byFirst - shadowDy) - 1,
    by1: Math.max(byLast, byLast - shadowDy) + 1,
  };
}

/** Block lines (rows or columns, b0..b1) of the picked pixels less `offset`, and `spread` either side: their own and the two beside (0, 1), or their shadow caster's (shadow, 0). */
function neededBlockLines(blockOf: ArrayLike<number>, picks: ArrayLike<number>, b0: number, b1: number, offset: number, spread: number): Uint8Array {
  const needed = new Uint8Array(b1 - b0 + 1);
  for (let p = 0; p < picks.length; p++) {
    const b = blockOf[picks[p]] - b0 - offset;
    for (let d = -spread; d <= spread; d++) needed[b + d] = 1;
  }
  return needed;
}

/**
 * The nine bands, in DEMO_ASSET_KEYS order, of the pixels `rows` x `cols` (ascending positions inside
 * the tile; all of them by default), row-major. A pixel's values depend on nothing but the pixel, so a
 * point read and a whole-tile read agree. The cover must have those pixels (ensureLandCover).
 */
export function synthesizeTile(
  cover: LandCoverTile, weather: SceneWeather, clouds: SceneClouds, rows: ArrayLike<number> = ALL_PIXELS, cols: ArrayLike<number> = ALL_PIXELS,
  /** Where to write the bands (zeroed first), when the caller reuses one buffer; default a new one. */
  into?: Uint16Array,
): Uint16Array[] {
  const n = TILE_PX;
  const nr = rows.length;
  const nc = cols.length;
  if (nr === 0 || nc === 0) return DEMO_ASSET_KEYS.map(() => new Uint16Array(0));
  // Cloud state of every block the pixels, their neighbours and their shadows' casters touch,
  // looked up once each (at overviews every pixel is its own block).
  const { bx0, bx1, by0, by1 } = cloudBlocksOf(cover, clouds.shadowDx, clouds.shadowDy, rows, cols);
  const mapW = bx1 - bx0 + 1;
  const mapLength = mapW * (by1 - by0 + 1);
  if (cloudMapScratch.length < mapLength) cloudMapScratch = new Uint8Array(mapLength);
  const cloudMap = cloudMapScratch;
  // A sparse pick (a decimated read: one pixel in several blocks) fills only the blocks its pixels read:
  // their own and the eight around (the rows and columns of the picks, +-1), then their shadows'
  // casters (the picks' rows and columns less the shadow offset). Two fills, not one over the union of
  // the rows and of the columns: that also filled the casters' rows across the picks' columns and the
  // other way round, cells no pixel reads (most of a 40-year statistics' cloud cells). A dense one
  // fills the whole span.
  const sparse = 4 * nc < bx1 - bx0 + 1 && 4 * nr < by1 - by0 + 1;
  if (sparse) {
    fillCloudMap(clouds, bx0, bx1, by0, by1, cloudMap, neededBlockLines(cover.blockY, rows, by0, by1, 0, 1), neededBlockLines(cover.blockX, cols, bx0, bx1, 0, 1));
    const casterRows = neededBlockLines(cover.blockY, rows, by0, by1, clouds.shadowDy, 0);
    const casterCols = neededBlockLines(cover.blockX, cols, bx0, bx1, clouds.shadowDx, 0);
    fillCloudMap(clouds, bx0, bx1, by0, by1, cloudMap, casterRows, casterCols, true);
  } else {
    fillCloudMap(clouds, bx0, bx1, by0, by1, cloudMap);
  }
  // One buffer for the nine bands (views on it, in order): one allocation, and the worker hands it
  // to the event loop as it is (demoSynthWorker.mjs).
  const size = DEMO_ASSET_KEYS.length * nr * nc;
  // Fill pixels set only QA_PIXEL: the other bands keep the buffer's zeros.
  const packed = into && into.length >= size ? into.fill(0, 0, size).subarray(0, size) : new Uint16Array(size);
  const bands = DEMO_ASSET_KEYS.map((_, k) => packed.subarray(k * nr * nc, (k + 1) * nr * nc));
  const qa = bands[8];
  const lwir = bands[7];
  const rho = [0, 0, 0, 0, 0, 0, 0];
  const w = weather;
  const { nowC, snowC } = latticeTemperatures(cover, w);
  const step = n / GRID_STEPS;
  const northDoy = localDayOfYear(w.dayOfYear, 1);
  const southDoy = localDayOfYear(w.dayOfYear, -1);
  const northPhase = seasonPhase(northDoy);
  // Small cloud billows (1.4 km) only where pixels are at most 240 m.
  const fineClouds = cover.lazy.factor <= 8 ? 1 : 0;
  const southPhase = seasonPhase(southDoy);
  let lastBx = NaN;
  let lastBy = NaN;
  let cloudy = false;
  let shadow = false;
  let dilated = false;
  let amount = 0;
  for (let ri = 0, o = 0; ri < nr; ri++) {
    const r = rows[ri];
    const by = cover.blockY[r];
    const gy = r / step;
    const j0 = Math.min(GRID_STEPS - 1, Math.floor(gy));
    const fy = gy - j0;
    for (let ci = 0; ci < nc; ci++, o++) {
      const c = cols[ci];
      const i = r * n + c;
      const cls = cover.cls[i];
      if (cls === Cover.fill) {
        qa[o] = QA.fill;
        continue;
      }
      const bx = cover.blockX[c];
      if (bx !== lastBx || by !== lastBy) {
        lastBx = bx;
        lastBy = by;
        // The cloud map looked up inline (no closure: ~10 lookups a pixel where every pixel is a block).
        const m = (by - by0) * mapW + (bx - bx0);
        cloudy = cloudMap[m] === 1;
        shadow = !cloudy && cloudMap[m - clouds.shadowDy * mapW - clouds.shadowDx] === 1;
        dilated = !cloudy && (cloudMap[m - mapW - 1] | cloudMap[m - mapW] | cloudMap[m - mapW + 1] | cloudMap[m - 1] | cloudMap[m + 1] | cloudMap[m + mapW - 1] | cloudMap[m + mapW] | cloudMap[m + mapW + 1]) === 1;
        amount = cloudy ? cloudAmountAt(clouds, bx, by) : 0;
      }
      const gx = c / step;
      const i0 = Math.min(GRID_STEPS - 1, Math.floor(gx));
      const fx = gx - i0;
      const k = j0 * (GRID_STEPS + 1) + i0;
      const w00 = (1 - fx) * (1 - fy);
      const w10 = fx * (1 - fy);
      const w01 = (1 - fx) * fy;
      const w11 = fx * fy;
      const k2 = k + GRID_STEPS + 1;
      const elevKm = cover.elev[i] * ELEVATION_STEP_KM;
      const airC = nowC[k] * w00 + nowC[k + 1] * w10 + nowC[k2] * w01 + nowC[k2 + 1] * w11 - LAPSE_C_PER_KM * elevKm;
      const snowpackC = snowC[k] * w00 + snowC[k + 1] * w10 + snowC[k2] * w01 + snowC[k2 + 1] * w11 - LAPSE_C_PER_KM * elevKm;
      const lat = cover.latticeLat[k] * w00 + cover.latticeLat[k + 1] * w10 + cover.latticeLat[k2] * w01 + cover.latticeLat[k2 + 1] * w11;
      const tex = (cover.tex[i] - 128) / 128;
      const order = cover.aux[i] / 255;
      const airKelvin = airC + 273.15;
      // Snow where the snowpack's temperature is below freezing, patchy at the margin.
      const snow = snowFractionAt(snowpackC + (order - 0.5) * 2.5);
      const localDoy = lat < 0 ? southDoy : northDoy;
      const tropical = lat < 23 && lat > -23;
      const phase = lat < 0 ? southPhase : northPhase;
      const leaves = tropical ? 0.8 + 0.15 * phase : smooth(4, 13, airC);
      const grassGreen = tropical ? 0.35 + 0.35 * phase : 0.15 + 0.65 * smooth(5, 15, airC);
      let kelvin = airKelvin;
      let snowCover = 0;
      let isWater = false;
      switch (cls) {
        case Cover.water: {
          isWater = true;
          // Near the shore (order low: little land) the water is shallow or muddy.
          mix(rho, WATER, TURBID, 0.6 * clamp01(order * 1.4 - 0.2), 1 + 0.05 * tex);
          const frozen = snowpackC < -6;
          kelvin = Math.max(frozen ? 268 : 274.5, airKelvin - 3);
          if (frozen) snowCover = 0.9;
          break;
        }
        case Cover.rainforest:
          mix(rho, RAINFOREST, LEAF_OFF, 0.1 * (1 - leaves), 1 + 0.12 * tex);
          kelvin = airKelvin - 3;
          break;
        case Cover.deciduous:
          mix(rho, LEAF_OFF, LEAF_ON, leaves, 1 + 0.12 * tex);
          snowCover = 0.65 * snow;
          kelvin = airKelvin - 2 + 2 * w.heating * (1 - leaves);
          break;
        case Cover.conifer:
          mix(rho, CONIFER, CONIFER, 0, (1 + 0.1 * tex) * (0.85 + 0.15 * leaves));
          snowCover = 0.3 * snow;
          kelvin = airKelvin - 2;
          break;
        case Cover.grass:
          mix(rho, GRASS_DRY, CROP_GREEN, grassGreen * 0.75, 1 + 0.1 * tex);
          snowCover = 0.95 * snow;
          kelvin = airKelvin + w.heating * 5 * (1 - grassGreen);
          break;
        case Cover.crops: {
          // Each field its own crop: a few lie fallow (bare soil), a few are pasture, the rest grow for
          // about 100 days around their own peak (or all year in the tropics).
          let g: number;
          if (order < 0.16) {
            mix(rho, SOIL, GRASS_DRY, 0.3, 1 + 0.06 * tex);
            g = 0;
          } else {
            const peak = 185 + (order - 0.5) * 130;
            g = order > 0.86 ? grassGreen : tropical ? 0.4 + 0.5 * order : Math.exp(-(((localDoy - peak) / 45) ** 2)) * (1 - snow);
            // Harvested fields keep stubble, or are ploughed: between dry grass and bare soil.
            mix(rho, order > 0.5 ? GRASS_DRY : SOIL, CROP_GREEN, g, (1 + 0.06 * tex) * (0.85 + 0.3 * order));
          }
          snowCover = 0.95 * snow;
          kelvin = airKelvin + w.heating * (6 * (1 - g) - 1);
          break;
        }
        case Cover.urban:
          // Dense centres grey, edges with gardens and trees.
          mix(rho, URBAN, LEAF_ON, 0.55 * order * leaves, 1 + 0.15 * tex);
          snowCover = 0.5 * snow;
          kelvin = airKelvin + 2 + 6 * w.heating * (1 - order);
          break;
        case Cover.sand:
          mix(rho, SAND, SAND, 0, 1 + 0.1 * tex);
          kelvin = airKelvin + 4 + 12 * w.heating;
          break;
        case Cover.rock:
          mix(rho, ROCK, SAND, 0.3 + 0.4 * order, 1 + 0.2 * tex);
          snowCover = 0.9 * snow;
          kelvin = airKelvin + 2 + 8 * w.heating;
          break;
        case Cover.tundra:
          mix(rho, SOIL, TUNDRA, grassGreen, 1 + 0.15 * tex);
          snowCover = 0.95 * snow;
          kelvin = airKelvin + 2 * w.heating;
          break;
        default: // ice
          mix(rho, SNOW, SNOW, 0, 0.97 + 0.04 * tex);
          snowCover = 1;
          kelvin = Math.min(airKelvin, 271);
      }
      // Synthetic disturbances (fire, harvest, flood, building, regrowth) of the ground under the
      // pixel on this day, before snow, relief shading and clouds lay over them.
      const km = cover.latticeKm;
      const xKm = km[3 * k] * w00 + km[3 * k + 3] * w10 + km[3 * k2] * w01 + km[3 * k2 + 3] * w11;
      const yKm = km[3 * k + 1] * w00 + km[3 * k + 4] * w10 + km[3 * k2 + 1] * w01 + km[3 * k2 + 4] * w11;
      const zKm = km[3 * k + 2] * w00 + km[3 * k + 5] * w10 + km[3 * k2 + 2] * w01 + km[3 * k2 + 5] * w11;
      kelvin += applyDisturbance(rho, cls, xKm, yKm, zKm, tex, w.dayNumber, disturbed);
      if (disturbed.water) {
        isWater = true;
        snowCover = Math.min(snowCover, 0.3);
      }
      if (snowCover > 0 && cls !== Cover.ice) {
        for (let b = 0; b < 7; b++) rho[b] += (SNOW[b] * (1 + 0.03 * tex) - rho[b]) * snowCover;
        kelvin = Math.min(kelvin, 272.5) - 2 * snowCover;
      }
      if (!isWater && cover.shade[i] !== 128) {
        const s = cover.shade[i] / 128;
        for (let b = 0; b < 7; b++) rho[b] *= s;
      }
      let bits = QA_BASE;
      if (cloudy) {
        // Opacity and brightness follow the cloud's own thickness (the smooth amount field), never the
        // ground's texture: an overcast scene under a tight stretch shows cloud structure, not static.
        const top = cloudTopTexture(clouds, cover.blockXf[c], cover.blockYf[r], fineClouds);
        const t = Math.min(1, 0.5 + 0.45 * amount + 0.15 * top);
        const bright = 0.82 + 0.1 * amount + 0.16 * top;
        const cloudTopKelvin = 250 + 0.3 * (airKelvin - 280);
        for (let b = 0; b < 7; b++) rho[b] += (CLOUD[b] * bright - rho[b]) * t;
        kelvin += (cloudTopKelvin - kelvin) * t;
        bits |= QA.cloud | (HIGH << CONF.cloud);
      } else {
        if (dilated) {
          // The dilation buffer: haze at the cloud's edge.
          for (let b = 0; b < 7; b++) rho[b] += (CLOUD[b] - rho[b]) * 0.2;
          kelvin -= 3;
          bits |= QA.dilatedCloud;
        } else {
          bits |= QA.clear;
        }
        if (shadow) {
          for (let b = 0; b < 7; b++) rho[b] *= b < 4 ? 0.35 : 0.45;
          kelvin -= 3;
          bits |= QA.cloudShadow | (HIGH << CONF.shadow);
        }
        if (snowCover >= 0.6) bits |= QA.snow | (HIGH << CONF.snow);
        else if (isWater && !dilated) bits |= QA.water;
      }
      for (let k = 0; k < 7; k++) bands[k][o] = reflectanceToDn(rho[k]);
      lwir[o] = kelvinToDn(kelvin + tex * 0.8);
      qa[o] = bits;
    }
  }
  return bands;
}

/** out = (a + (b - a) * t) * factor, per band. */
function mix(out: number[], a: Spectrum, b: Spectrum, t: number, factor: number): void {
  for (let k = 0; k < 7; k++) out[k] = (a[k] + (b[k] - a[k]) * t) * factor;
}
